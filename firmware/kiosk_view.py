"""Drawing the cabinet: picks the screen for the machine's state and draws it at 320x224."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cabinet.video import screens
from cabinet.video.field_view import FieldExtras
from engine.bloxeed.characters import FALLING, LANDED, WAITING
from engine.bloxeed.extras import BloxeedExtras
from engine.bloxeed.power import marked_index
from engine.player import Player
from firmware.machine import CabinetMachine, Screen
from firmware.machine.decisions import CABINET_DECISIONS, NAME_ENTRY_FRAMES
from firmware.machine.name_entry import ALPHABET
from firmware.machine.screens import ATTRACT

RANK_MODE = "normal"
FIELD_AFTER_GAME_OVER = int(str(CABINET_DECISIONS["game_over_field_frames"]))


def field_extras(player: Player | None) -> FieldExtras | None:
    """What a Bloxeed player shows beyond the common rules (None for Tetris)."""
    extras = player.extras if player is not None else None
    if player is None or not isinstance(extras, BloxeedExtras):
        return None
    character = extras.character
    next_kind = extras.next_power_kind
    return FieldExtras(
        meter_lamps=extras.meter_lamps if extras.meter_on else None,
        character=(character.kind, character.y, character.x)
        if character.phase in (WAITING, FALLING, LANDED) else None,
        piece_power=extras.piece_power_cell(player),
        next_power=(marked_index(player.next_kind), next_kind) if next_kind else None,
    )


def _rows(machine: CabinetMachine) -> list[tuple[str, int, int, int]]:
    table = machine.data.rankings.get(machine.game_id, {}).get(RANK_MODE, [])
    return [(e.initials, e.score, e.lines, e.level) for e in table]


def _top_score(machine: CabinetMachine) -> int | None:
    rows = _rows(machine)
    return rows[0][1] if rows else None


def draw(machine: CabinetMachine, surface: pygame.Surface, alarms: Sequence[str] = ()) -> None:
    """``alarms``: lines such as "SAVE ERROR" shown over the attract and notice screens."""
    _draw_screen(machine, surface)
    if alarms and (machine.screen in ATTRACT or machine.screen == Screen.NOTICE):
        screens.alarms(surface, alarms)


def _draw_screen(machine: CabinetMachine, surface: pygame.Surface) -> None:
    screen = machine.screen
    credits, free = machine.credits, machine.free_play
    frame = machine.frame
    if screen == Screen.PLAY or (screen == Screen.GAME_OVER and machine.game is not None
                                  and machine.screen_frames < FIELD_AFTER_GAME_OVER):
        game = machine.game
        assert game is not None
        players = game.players
        screens.game(surface, players, [field_extras(p) for p in players], credits, free,
                     frame, sides=2 if machine.versus or players[1] is not None else None,
                     top_score=_top_score(machine))
    elif screen == Screen.DEMO and machine.demo is not None:
        players = machine.demo.players
        screens.game(surface, players, [field_extras(p) for p in players], credits, free,
                     frame)
        screens.demo_overlay(surface, credits, free, frame)
    elif screen == Screen.NAME_ENTRY and machine.name_entry is not None:
        entry = machine.name_entry
        rank = 1 + sum(1 for row in _rows(machine) if row[1] >= entry.score)
        screens.name_entry(surface, entry.player + 1, rank, entry.score,
                           "".join(entry.letters), entry.current,
                           max(0, entry.frames_left) * 20 // NAME_ENTRY_FRAMES, frame,
                           ALPHABET)
    elif screen == Screen.GAME_OVER:
        game = machine.game
        scores = [None if p is None else p.score for p in game.players] if game else []
        screens.game_over(surface, scores, credits, free)
    elif screen == Screen.RANKINGS:
        screens.rankings(surface, _rows(machine), credits, free)
    elif screen == Screen.NOTICE:
        screens.backup_cleared(surface, footer=screens.credit_text(credits, free))
    elif screen == Screen.SERVICE and machine.service_menu is not None:
        machine.service_menu.draw(surface)  # type: ignore[attr-defined]
    else:
        screens.title(surface, credits, free, frame)
