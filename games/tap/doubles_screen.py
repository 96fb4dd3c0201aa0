"""The Doubles play screen at 320x224: one well 14 cells wide in the middle (8-pixel cells,
as in the single-player well: 112 x 160 pixels), each player's NEXT above their half, P1's
figures (level / target, score, own time) on the left, P2's on the right, the shared timer
under the well's top edge, READY, the staff roll and the results."""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.video.palette import UI, cell_rgb, shade
from cabinet.video.screens import draw_credit_line
from cabinet.video.text import draw_centred, draw_text
from engine.arika.board import COLOUR_MASK, ITEM_SHIFT, VISIBLE_ROWS, WIDE
from engine.arika.player import ACTIVE, NO_PIECE, OVER, READY, ArikaPlayer
from engine.arika.shapes import CELLS, SIZES
from engine.arika.timing import clock_text
from games.cartridge import PlayView
from games.tap.doubles import DoublesBoard
from games.tap.rules.doubles import DOUBLES_GOAL, SPAWN_COLUMNS, DoublesPair
from games.tap.versus_screen import draw_play as draw_tap

CELL = 8
WELL_W = WIDE * CELL  # 112
WELL_H = VISIBLE_ROWS * CELL  # 160
WELL_X = (320 - WELL_W) // 2  # 104
WELL_Y = 40
SIDE_X = (8, WELL_X + WELL_W + 12)  # each player's column of figures
PLAYER_LABEL = ("1P", "2P")


def draw_play(surface: Any, view: PlayView) -> None:
    """The cartridge's play screen: Doubles when a pair plays, TAP's own screen otherwise."""
    session = view.session
    if isinstance(session, DoublesBoard) and session.pair is not None:
        draw_doubles(surface, session.pair, view)
    else:
        draw_tap(surface, view)


def level_target(p: ArikaPlayer) -> int:
    """The number after the slash: the next hundred, 300 in the last section."""
    return min(DOUBLES_GOAL, (p.level // 100 + 1) * 100)


def draw_doubles(surface: Any, pair: DoublesPair, view: PlayView) -> None:
    surface.fill(UI["background"])
    pygame.draw.rect(surface, UI["frame"], (WELL_X - 2, WELL_Y - 2, WELL_W + 4, WELL_H + 4), 2)
    pygame.draw.rect(surface, UI["well"], (WELL_X, WELL_Y, WELL_W, WELL_H))
    draw_centred(surface, "DOUBLES", 0, UI["label"])
    _stack(surface, pair)
    for p in pair.players:
        _piece(surface, p)
        _next(surface, p)
        _figures(surface, p)
    draw_centred(surface, clock_text(pair.clock), WELL_Y + WELL_H + 6, UI["value"])
    a = pair.players[0]
    if a.phase == READY:
        draw_centred(surface, "READY", WELL_Y + 72, UI["highlight"])
    if pair.credits and not pair.over:
        draw_text(surface, "STAFF ROLL", WELL_X + 16, WELL_Y + 4, UI["label"])
        if a.roll_left:
            draw_text(surface, clock_text(a.roll_left), WELL_X + 24, WELL_Y + 14, UI["value"])
    if pair.over:
        _results(surface, pair)
    draw_credit_line(surface, view.credits, view.free_play)


def _stack(surface: Any, pair: DoublesPair) -> None:
    board = pair.board
    flashes = {cell: p.flash_frame for p in pair.players for cell in p.flash_cells}
    frame = pair.players[0].frame
    for row in range(1, VISIBLE_ROWS + 1):
        cells = board.cells[row - 1]
        for col in range(WIDE):
            value = cells[col]
            if not value:
                continue
            rgb = cell_rgb(value & COLOUR_MASK)
            if value >> ITEM_SHIFT:
                rgb = UI["highlight"]
            flashed = flashes.get((row, col))
            if flashed is not None and frame - flashed < 3:
                rgb = UI["clear_flash"]
            _cell(surface, row, col, shade(rgb, 0.8))


def _piece(surface: Any, p: ArikaPlayer) -> None:
    if p.kind == NO_PIECE or p.phase != ACTIVE:
        return
    rgb = cell_rgb(p.kind + 1)
    if p.ghost_shown:
        gy = p.ghost_y()
        n = SIZES[p.kind]
        left = p.x - p.board.first
        for r, c in CELLS[p.kind][p.state]:
            _cell(surface, gy + n - 1 - r, left + c, shade(rgb, 0.35))
    for row, col in p.piece_cells():
        _cell(surface, row, col, rgb)


def _next(surface: Any, p: ArikaPlayer) -> None:
    if p.next_kind < 0 or p.phase == OVER:
        return
    n = SIZES[p.next_kind]
    left = WELL_X + SPAWN_COLUMNS[p.index] * CELL
    for r, c in CELLS[p.next_kind][0]:
        x = left + c * CELL
        y = 12 + (r - (1 if n == 3 else 0)) * CELL
        pygame.draw.rect(surface, cell_rgb(p.next_kind + 1), (x, y, CELL - 1, CELL - 1))


def _figures(surface: Any, p: ArikaPlayer) -> None:
    x = SIDE_X[p.index]
    y = WELL_Y
    draw_text(surface, PLAYER_LABEL[p.index], x, y, UI["highlight"], 2)
    draw_text(surface, "LEVEL", x, y + 24, UI["label"])
    draw_text(surface, f"{p.level:3d}", x, y + 34, UI["value"], 2)
    draw_text(surface, f"/{level_target(p):3d}", x + 48, y + 42, UI["value"])
    draw_text(surface, "SCORE", x, y + 60, UI["label"])
    draw_text(surface, str(getattr(p.referee, "score", 0)), x, y + 70, UI["value"])
    draw_text(surface, "LINES", x, y + 86, UI["label"])
    draw_text(surface, str(p.lines), x, y + 96, UI["value"])
    draw_text(surface, "TIME", x, y + 112, UI["label"])
    draw_text(surface, clock_text(p.clock), x, y + 122, UI["value"])
    if p.goal_reached and not p.in_roll and p.phase != OVER:
        draw_text(surface, "20G", x, y + 140, UI["alert"])


def _results(surface: Any, pair: DoublesPair) -> None:
    pygame.draw.rect(surface, UI["well"], (WELL_X, WELL_Y, WELL_W, WELL_H))
    cleared = all(p.finished for p in pair.players)
    draw_centred(surface, "EXCELLENT" if cleared else "GAME OVER", WELL_Y + 16,
                 UI["highlight"] if cleared else UI["alert"])
    for n, p in enumerate(pair.players):
        draw_centred(surface, f"{PLAYER_LABEL[n]} LEVEL {p.level:3d}", WELL_Y + 40 + 14 * n,
                     UI["value"])
    draw_centred(surface, clock_text(pair.clock), WELL_Y + 80, UI["text"])


def _cell(surface: Any, row: int, col: int, rgb: tuple[int, int, int]) -> None:
    if 1 <= row <= VISIBLE_ROWS and 0 <= col < WIDE:
        pygame.draw.rect(surface, rgb, (WELL_X + col * CELL,
                                        WELL_Y + (VISIBLE_ROWS - row) * CELL, CELL - 1, CELL - 1))
