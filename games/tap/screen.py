"""TAP's play screen at 320x224: the well, NEXT, the level counter ``LEVEL 123 / 200``,
the clock, the grade, the staff roll, the mode select, and the section times at the end."""

from __future__ import annotations

from typing import Any

from engine.arika.board import COLOUR_MASK, ITEM_SHIFT, VISIBLE_ROWS, WIDTH
from engine.arika.player import ACTIVE, NO_PIECE, OVER, READY, ArikaPlayer
from engine.arika.rules import ROLL_FADING, ROLL_INVISIBLE
from engine.arika.shapes import CELLS, SIZES
from games.cartridge import PlayView
from games.tap.rules.decisions import TAP_DECISIONS
from games.tap.rules.doubles import DOUBLES, DOUBLES_TITLE
from games.tap.rules.modes import TITLES
from games.tap.session import TapSession, clock_text

CELL = 8
FADE_AFTER_FRAMES: int = TAP_DECISIONS["fading_roll_frames"].value["shown"]
FADE_GONE_FRAMES: int = TAP_DECISIONS["fading_roll_frames"].value["gone"]
WELL_H = VISIBLE_ROWS * CELL
WELL_Y = 40


def level_target(p: ArikaPlayer) -> int:
    """The number after the slash: the next hundred, or the goal in the last section."""
    return min(p.goal, (p.level // 100 + 1) * 100) if p.level < p.goal else p.goal


def cell_visibility(p: ArikaPlayer, locked_frame: int) -> float:
    """1 shown, 0 gone: the fading roll fades blocks by age, the invisible roll hides them
    once the lock flash is over."""
    if p.roll == ROLL_INVISIBLE:
        return 1.0 if p.frame - locked_frame < 3 else 0.0
    if p.roll == ROLL_FADING:
        age = p.frame - locked_frame
        if age <= FADE_AFTER_FRAMES:
            return 1.0
        return max(0.0, 1 - (age - FADE_AFTER_FRAMES) / (FADE_GONE_FRAMES - FADE_AFTER_FRAMES))
    return 1.0


def draw_play(surface: Any, view: PlayView) -> None:
    from cabinet.video.palette import UI

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
    from cabinet.video.screens import draw_credit_line

    draw_credit_line(surface, view.credits, view.free_play)


def _draw_side(surface: Any, session: TapSession, index: int, left: int,
               view: PlayView) -> None:
    import pygame

    from cabinet.video.palette import UI, cell_rgb, shade
    from cabinet.video.text import draw_text

    pygame.draw.rect(surface, UI["frame"], (left - 2, WELL_Y - 2, WIDTH * CELL + 4,
                                            WELL_H + 4), 2)
    pygame.draw.rect(surface, UI["well"], (left, WELL_Y, WIDTH * CELL, WELL_H))
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
    # Stack.
    for row in range(1, VISIBLE_ROWS + 1):
        cells = p.board.cells[row - 1]
        locked = p.board.locked[row - 1]
        for col in range(WIDTH):
            value = cells[col]
            if not value:
                continue
            seen = cell_visibility(p, locked[col])
            if seen <= 0:
                continue
            rgb = cell_rgb(value & COLOUR_MASK)
            if value >> ITEM_SHIFT:
                rgb = UI["highlight"]
            if (row, col) in p.flash_cells and p.frame - p.flash_frame < 3:
                rgb = UI["clear_flash"]
            _cell(surface, left, row, col, shade(rgb, 0.8 * seen))
    # Ghost, then the piece in play.
    if p.kind != NO_PIECE and p.phase == ACTIVE:
        if p.ghost_shown:
            gy = p.ghost_y()
            n = SIZES[p.kind]
            for r, c in CELLS[p.kind][p.state]:
                _cell(surface, left, gy + n - 1 - r, p.x + c, shade(cell_rgb(p.kind + 1), 0.35))
        for row, col in p.piece_cells():
            _cell(surface, left, row, col, cell_rgb(p.kind + 1))
    # NEXT.
    if p.next_kind >= 0 and p.phase != OVER:
        n = SIZES[p.next_kind]
        for r, c in CELLS[p.next_kind][0]:
            x = left + 24 + c * CELL
            y = 8 + (r - (1 if n == 3 else 0)) * CELL
            pygame.draw.rect(surface, cell_rgb(p.next_kind + 1), (x, y, CELL - 1, CELL - 1))
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
    import pygame

    from cabinet.video.palette import UI
    from cabinet.video.text import draw_text

    pygame.draw.rect(surface, UI["well"], (left, WELL_Y, WIDTH * CELL, WELL_H))
    draw_text(surface, "GAME OVER" if p.topped_out else "EXCELLENT", left + 4, WELL_Y + 4,
              UI["alert"] if p.topped_out else UI["highlight"])
    if grade:
        draw_text(surface, f"GRADE {grade}", left + 4, WELL_Y + 16, UI["value"])
    for n, frames in enumerate(p.section_frames[:10]):
        draw_text(surface, f"{n * 100:03d} {clock_text(frames)[:5]}", left + 4,
                  WELL_Y + 32 + 11 * n, UI["text"])


def _cell(surface: Any, left: int, row: int, col: int, rgb: tuple[int, int, int]) -> None:
    import pygame

    if 1 <= row <= VISIBLE_ROWS and 0 <= col < WIDTH:
        pygame.draw.rect(surface, rgb, (left + col * CELL, WELL_Y + (VISIBLE_ROWS - row) * CELL,
                                        CELL - 1, CELL - 1))
