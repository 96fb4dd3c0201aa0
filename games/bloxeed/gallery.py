"""Bloxeed's scene for the screen gallery (tools/gallery.py): a busy game dressed with
garbage rows, power blocks, the meter and a character, as the cartridge's play screen shows
them."""

from __future__ import annotations

import pygame

from cabinet.video.palette import GARBAGE_BASE
from engine.pieces import I, J, T
from games.bloxeed.rules import BLOXEED
from games.bloxeed.screen import POWER_LETTERS
from games.bloxeed.sprites import character_sprite
from games.sega import screen as sega_screen
from games.sega.field_view import FieldExtras
from games.sega.gallery import Inputs, Scene, busy_game
from games.sega.game import Game


def scenes(inputs: Inputs) -> dict[str, Scene]:
    dressed = busy_game(BLOXEED, inputs, 2, seed=3)
    extras = bloxeed_dressing(dressed)
    return {"game_2p_bloxeed": lambda s: sega_screen.game(s, dressed.players, extras,
                                                          free_play=True)}


def bloxeed_dressing(game: Game) -> list[FieldExtras]:
    """Garbage rows, power blocks and a character on a busy game, as Bloxeed would show."""
    p1 = game.player(0)
    for c in range(10):
        p1.field.set(0, c, 0 if c == 9 else GARBAGE_BASE + I)
        p1.field.set(1, c, 0 if c == 0 else GARBAGE_BASE + J)
    for kind, (r, c) in zip(range(1, 6), ((2, 1), (2, 3), (3, 5), (2, 7), (3, 2)), strict=True):
        p1.field.set(r, c, (T + 1) | kind << 4)
    extras = [FieldExtras(meter_lamps=3, sprite=_sprite(2, 15, 4), next_mark=(0, 3),
                          mark_letters=POWER_LETTERS)]
    if game.players[1] is not None:
        extras.append(FieldExtras(meter_lamps=5, sprite=_sprite(4, 12, 6),
                                  mark_letters=POWER_LETTERS))
    return extras


def _sprite(kind: int, row: int, column: int) -> tuple[pygame.Surface, int, int] | None:
    art = character_sprite(kind)
    return None if art is None else (art, row, column)
