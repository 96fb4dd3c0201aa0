"""Drawing the cabinet: picks the screen for the machine's state and draws it at 320x224.
The play screen is the cartridge's own (``Cartridge.draw_play``); the rest is the board's."""

from __future__ import annotations

import pygame

from cabinet.video import screens
from firmware.machine import CabinetMachine, Screen
from firmware.machine.decisions import CABINET_DECISIONS, NAME_ENTRY_FRAMES
from firmware.machine.name_entry import ALPHABET
from games.registry import PlayView

FIELD_AFTER_GAME_OVER = int(str(CABINET_DECISIONS["game_over_field_frames"]))


def _rows(machine: CabinetMachine) -> list[tuple[str, list[int | str]]]:
    """The selected game's first ranking table: initials and the cartridge's columns."""
    spec = machine.cartridge.ranking
    table = machine.data.rankings.get(machine.game_id, {}).get(spec.modes[0], [])
    return [(e.initials, [e.values.get(c, 0) for c in spec.columns]) for e in table]


def _top_score(machine: CabinetMachine) -> int | None:
    table = machine.data.rankings.get(machine.game_id, {}).get(
        machine.cartridge.ranking.modes[0], [])
    return table[0].score if table else None


def draw(machine: CabinetMachine, surface: pygame.Surface) -> None:
    screen = machine.screen
    credits, free = machine.credits, machine.free_play
    frame = machine.frame
    cart = machine.cartridge
    if screen == Screen.PLAY or (screen == Screen.GAME_OVER and machine.game is not None
                                  and machine.screen_frames < FIELD_AFTER_GAME_OVER):
        assert machine.game is not None
        cart.draw_play(surface, PlayView(machine.game, credits, free, frame,
                                         sides=2 if machine.versus else None,
                                         top_score=_top_score(machine)))
    elif screen == Screen.DEMO and machine.demo is not None:
        cart.draw_play(surface, PlayView(machine.demo, credits, free, frame, demo=True))
        screens.demo_overlay(surface, credits, free, frame)
    elif screen == Screen.NAME_ENTRY and machine.name_entry is not None:
        entry = machine.name_entry
        rank = 1 + sum(1 for e in machine.data.rankings.get(machine.game_id, {}).get(
            cart.ranking.modes[0], []) if e.score >= entry.score)
        screens.name_entry(surface, entry.player + 1, rank, entry.score,
                           "".join(entry.letters), entry.current,
                           max(0, entry.frames_left) * 20 // NAME_ENTRY_FRAMES, frame,
                           ALPHABET)
    elif screen == Screen.GAME_OVER:
        game = machine.game
        scores: list[int | None] = []
        if game is not None:
            for index in (0, 1):
                summary = game.summary(index)
                scores.append(None if summary is None else int(summary.get("score", 0)))
        screens.game_over(surface, scores, credits, free)
    elif screen == Screen.RANKINGS:
        screens.rankings(surface, cart.ranking.columns, _rows(machine), credits, free)
    elif screen == Screen.NOTICE:
        screens.backup_cleared(surface, footer=screens.credit_text(credits, free))
    elif screen == Screen.SERVICE and machine.service_menu is not None:
        machine.service_menu.draw(surface)  # type: ignore[attr-defined]
    else:
        screens.title(surface, credits, free, frame)
