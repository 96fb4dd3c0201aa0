"""TAP's play screen at 320x224: the well, NEXT, the level counter ``LEVEL 123 / 200``,
the clock, the grade, the staff roll, the mode select, and the section times at the end."""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.video.palette import UI, cell_rgb
from cabinet.video.screens import draw_credit_line
from cabinet.video.text import draw_text
from engine.arika.board import COLOUR_MASK, ITEM_SHIFT, WIDTH
from engine.arika.player import OVER, READY, ArikaPlayer
from engine.arika.timing import clock_text
from games.arika_screen import (
    CELL,
    RGB,
    WELL_H,
    WELL_Y,
    draw_piece,
    draw_preview,
    draw_stack,
    draw_well,
    level_target,
    roll_visibility,
)
from games.cartridge import PlayView
from games.tap.rules.decisions import TAP_DECISIONS
from games.tap.rules.doubles import DOUBLES, DOUBLES_TITLE
from games.tap.rules.modes import TITLES
from games.tap.session import TapSession

FADE_AFTER_FRAMES: int = TAP_DECISIONS["fading_roll_frames"].value["shown"]
FADE_GONE_FRAMES: int = TAP_DECISIONS["fading_roll_frames"].value["gone"]


def cell_visibility(p: ArikaPlayer, locked_frame: int) -> float:
    """1 shown, 0 gone, with TAP's fading-roll decision."""
    return roll_visibility(p, locked_frame, FADE_AFTER_FRAMES, FADE_GONE_FRAMES)


def _stack_colour(p: ArikaPlayer, col: int, value: int) -> RGB:
    """A block's colour; an item block shows in the highlight colour."""
    return UI["highlight"] if value >> ITEM_SHIFT else cell_rgb(value & COLOUR_MASK)


def draw_play(surface: Any, view: PlayView) -> None:
    session = view.session
    assert isinstance(session, TapSession)
    surface.fill(UI["background"])
    sides = [i for i in (0, 1) if session.playing(i) or session.players[i] is not None]
    two = len(sides) == 2 or view.sides == 2
    for index in sides or [0]:
        left = (16 + index * 168) if two else 120
        _draw_side(surface, session, index, left, view)
    _credits(surface, view)


def _credits(surface: Any, view: PlayView) -> None:
    draw_credit_line(surface, view.credits, view.free_play)


def _draw_side(surface: Any, session: TapSession, index: int, left: int,
               view: PlayView) -> None:
    draw_well(surface, left)
    p = session.players[index]
    info_x = left + WIDTH * CELL + 8
    if p is None:
        cursor = session.cursor[index]
        draw_text(surface, "SELECT MODE", left - 4, WELL_Y + 8, UI["label"])
        for n, mode in enumerate(session.choices(index)):
            colour = UI["highlight"] if n == cursor else UI["text"]
            title = DOUBLES_TITLE if mode == DOUBLES else TITLES[mode]
            draw_text(surface, title, left + 4, WELL_Y + 32 + 16 * n, colour)
        return
    draw_stack(surface, p, left, cell_visibility, _stack_colour)
    draw_piece(surface, p, left)
    # NEXT.
    if p.next_kind >= 0 and p.phase != OVER:
        draw_preview(surface, p.next_kind, left + 24, 8, CELL)
    # Figures.
    ref = p.referee
    grade = str(getattr(ref, "grade", ""))
    y = WELL_Y
    draw_text(surface, TITLES.get(p.rules.id, ""), info_x, y, UI["label"])
    if grade:
        draw_text(surface, "GRADE", info_x, y + 16, UI["label"])
        draw_text(surface, grade, info_x, y + 26, UI["value"], 2)
    draw_text(surface, "LEVEL", info_x, y + 52, UI["label"])
    draw_text(surface, f"{p.level:3d}/{level_target(p):3d}", info_x, y + 62, UI["value"])
    draw_text(surface, "SCORE", info_x, y + 88, UI["label"])
    draw_text(surface, str(getattr(ref, "score", 0)), info_x, y + 98, UI["value"])
    draw_text(surface, "TIME", info_x, y + 112, UI["label"])
    draw_text(surface, clock_text(p.clock), info_x, y + 122, UI["value"])
    if p.phase == READY:
        draw_text(surface, "READY", left + 20, WELL_Y + 72, UI["highlight"])
    if p.in_roll and p.phase != OVER:
        draw_text(surface, "STAFF ROLL", info_x, y + 138, UI["label"])
        draw_text(surface, clock_text(p.roll_left), info_x, y + 148, UI["value"])
    if p.phase == OVER:
        _results(surface, p, left, grade)


def _results(surface: Any, p: ArikaPlayer, left: int, grade: str) -> None:
    pygame.draw.rect(surface, UI["well"], (left, WELL_Y, WIDTH * CELL, WELL_H))
    draw_text(surface, "GAME OVER" if p.topped_out else "EXCELLENT", left + 4, WELL_Y + 4,
              UI["alert"] if p.topped_out else UI["highlight"])
    if grade:
        draw_text(surface, f"GRADE {grade}", left + 4, WELL_Y + 16, UI["value"])
    for n, frames in enumerate(p.section_frames[:10]):
        draw_text(surface, f"{n * 100:03d} {clock_text(frames)[:5]}", left + 4,
                  WELL_Y + 32 + 11 * n, UI["text"])
