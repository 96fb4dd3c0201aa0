"""The Doubles play screen at 320x224: one well 14 cells wide in the middle (8-pixel cells,
as in the single-player well: 112 x 160 pixels), each player's NEXT above their half, P1's
figures (level / target, score, own time) on the left, P2's on the right, the shared timer
under the well's top edge, READY, the staff roll and the results."""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.video.kept import KeptPicture
from cabinet.video.palette import UI, cell_rgb, shade
from games.arika.board import COLOUR_MASK, ITEM_SHIFT, VISIBLE_ROWS, WIDE
from games.arika.kept import (
    Op,
    centred_op,
    fill_op,
    kept_credit_line,
    kept_ops,
    kept_well,
    text_op,
)
from games.arika.player import ACTIVE, NO_PIECE, OVER, READY, ArikaPlayer
from games.arika.shapes import CELLS, SIZES
from games.arika.timing import clock_text
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
WELL_BOX = (WELL_X - 2, WELL_Y - 2, WELL_W + 4, WELL_H + 4)
PLAYER_LABEL = ("1P", "2P")
ABOVE_WELL = (0, 0, 320, WELL_Y - 2)  # where NEXT may draw


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
    kept = view.kept
    if kept is None or kept.begin(("doubles",)):
        surface.fill(UI["background"])
    kept_ops(surface, kept, ("doubles", "title"), [centred_op("DOUBLES", 0, UI["label"])])
    a = pair.players[0]
    overlay: list[Op] = []
    if a.phase == READY:
        overlay.append(centred_op("READY", WELL_Y + 72, UI["highlight"]))
    if pair.credits and not pair.over:
        overlay.append(text_op("STAFF ROLL", WELL_X + 16, WELL_Y + 4, UI["label"]))
        if a.roll_left:
            overlay.append(text_op(clock_text(a.roll_left), WELL_X + 24, WELL_Y + 14,
                                   UI["value"]))
    if pair.over:
        overlay.extend(_results(pair))
    pieces: list[Op] = []
    for p in pair.players:
        pieces.extend(_piece(p))
    kept_well(surface, kept, ("doubles", WELL_X), WELL_BOX, _stack_key(pair),
              lambda on: _stack(on, pair), pieces, overlay)
    for p in pair.players:
        kept_ops(surface, kept, (p.index, "next"), _next(p), ABOVE_WELL)
        _figures(surface, p, kept)
    kept_ops(surface, kept, ("doubles", "clock"),
             [centred_op(clock_text(pair.clock), WELL_Y + WELL_H + 6, UI["value"])])
    kept_credit_line(surface, kept, view.credits, view.free_play)


def _flashes(pair: DoublesPair) -> dict[tuple[int, int], int]:
    return {cell: p.flash_frame for p in pair.players for cell in p.flash_cells}


def _stack_key(pair: DoublesPair) -> tuple[object, ...]:
    frame = pair.players[0].frame
    flashing = sorted(cell for cell, at in _flashes(pair).items() if frame - at < 3)
    return (tuple(map(tuple, pair.board.cells[:VISIBLE_ROWS])), tuple(flashing))


def _stack(surface: Any, pair: DoublesPair) -> None:
    """The frame, the well and the stack."""
    pygame.draw.rect(surface, UI["frame"], WELL_BOX, 2)
    pygame.draw.rect(surface, UI["well"], (WELL_X, WELL_Y, WELL_W, WELL_H))
    board = pair.board
    flashes = _flashes(pair)
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


def _piece(p: ArikaPlayer) -> list[Op]:
    """The ghost (when shown), then the piece."""
    ops: list[Op] = []
    if p.kind == NO_PIECE or p.phase != ACTIVE:
        return ops
    rgb = cell_rgb(p.kind + 1)
    if p.ghost_shown:
        gy = p.ghost_y()
        n = SIZES[p.kind]
        left = p.x - p.board.first
        ghost = shade(rgb, 0.35)
        for r, c in CELLS[p.kind][p.state]:
            _cell_op(ops, gy + n - 1 - r, left + c, ghost)
    for row, col in p.piece_cells():
        _cell_op(ops, row, col, rgb)
    return ops


def _next(p: ArikaPlayer) -> list[Op]:
    if p.next_kind < 0 or p.phase == OVER:
        return []
    n = SIZES[p.next_kind]
    left = WELL_X + SPAWN_COLUMNS[p.index] * CELL
    rgb = cell_rgb(p.next_kind + 1)
    return [fill_op(rgb, (left + c * CELL, 12 + (r - (1 if n == 3 else 0)) * CELL, CELL - 1,
                          CELL - 1)) for r, c in CELLS[p.next_kind][0]]


def _figures(surface: Any, p: ArikaPlayer, kept: KeptPicture | None) -> None:
    x = SIDE_X[p.index]
    y = WELL_Y
    label, value = UI["label"], UI["value"]
    # The clock changes every frame; the rest only when what they show does.
    kept_ops(surface, kept, (p.index, "time"), [text_op(clock_text(p.clock), x, y + 122,
                                                        value)])
    score = getattr(p.referee, "score", 0)
    fast = p.goal_reached and not p.in_roll and p.phase != OVER
    if kept is not None and not kept.changed((p.index, "figures"), (
            p.level, score, p.lines, fast)):
        return
    figures: list[tuple[str, list[Op]]] = [
        ("player", [text_op(PLAYER_LABEL[p.index], x, y, UI["highlight"], 2)]),
        ("level label", [text_op("LEVEL", x, y + 24, label)]),
        ("level", [text_op(f"{p.level:3d}", x, y + 34, value, 2)]),
        ("target", [text_op(f"/{level_target(p):3d}", x + 48, y + 42, value)]),
        ("score label", [text_op("SCORE", x, y + 60, label)]),
        ("score", [text_op(str(score), x, y + 70, value)]),
        ("lines label", [text_op("LINES", x, y + 86, label)]),
        ("lines", [text_op(str(p.lines), x, y + 96, value)]),
        ("time label", [text_op("TIME", x, y + 112, label)]),
        ("20g", [text_op("20G", x, y + 140, UI["alert"])] if fast else []),
    ]
    for name, ops in figures:
        kept_ops(surface, kept, (p.index, name), ops)


def _results(pair: DoublesPair) -> list[Op]:
    cleared = all(p.finished for p in pair.players)
    ops = [fill_op(UI["well"], (WELL_X, WELL_Y, WELL_W, WELL_H)),
           centred_op("EXCELLENT" if cleared else "GAME OVER", WELL_Y + 16,
                      UI["highlight"] if cleared else UI["alert"])]
    for n, p in enumerate(pair.players):
        ops.append(centred_op(f"{PLAYER_LABEL[n]} LEVEL {p.level:3d}", WELL_Y + 40 + 14 * n,
                              UI["value"]))
    ops.append(centred_op(clock_text(pair.clock), WELL_Y + 80, UI["text"]))
    return ops


def _cell(surface: Any, row: int, col: int, rgb: tuple[int, int, int]) -> None:
    if 1 <= row <= VISIBLE_ROWS and 0 <= col < WIDE:
        pygame.draw.rect(surface, rgb, (WELL_X + col * CELL,
                                        WELL_Y + (VISIBLE_ROWS - row) * CELL, CELL - 1, CELL - 1))


def _cell_op(ops: list[Op], row: int, col: int, rgb: tuple[int, int, int]) -> None:
    if 1 <= row <= VISIBLE_ROWS and 0 <= col < WIDE:
        ops.append(fill_op(rgb, (WELL_X + col * CELL, WELL_Y + (VISIBLE_ROWS - row) * CELL,
                                 CELL - 1, CELL - 1)))
