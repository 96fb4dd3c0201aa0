"""Sega rotation system: box-relative cell tables, counter-clockwise only, no kicks."""

from __future__ import annotations

from dataclasses import dataclass

from engine.field import FIELD_WIDTH, RowMasks
from engine.pieces import I, J, L, O, S, T, Z

# Source: tetris.wiki "Tetris (Sega)" (shapes: spawn state, then each counter-clockwise turn).
# Box row 0 is the top of the box.
SEGA_SHAPES: dict[int, tuple[tuple[str, ...], ...]] = {
    I: (("....", "####", "....", "...."), ("..#.", "..#.", "..#.", "..#.")),
    J: (("...", "###", "..#"), (".##", ".#.", ".#."), ("...", "#..", "###"), (".#.", ".#.", "##.")),
    L: (("...", "###", "#.."), (".#.", ".#.", ".##"), ("...", "..#", "###"), ("##.", ".#.", ".#.")),
    T: (("...", "###", ".#."), (".#.", ".##", ".#."), ("...", ".#.", "###"), (".#.", "##.", ".#.")),
    S: (("...", ".##", "##."), ("#..", "##.", ".#.")),
    Z: (("...", "##.", ".##"), ("..#", ".##", ".#.")),
    O: ((".##.", ".##."),),
}

# Source: tetris.wiki "Tetris (Sega)" (spawn): box left column at field column 4; box row 0 at row
# 21
# for I, J, L, S, T, Z and at row 20 for O. Stored 0-based: (column index, row index).
SEGA_SPAWN: dict[int, tuple[int, int]] = {
    I: (3, 20), J: (3, 20), L: (3, 20), S: (3, 20), T: (3, 20), Z: (3, 20), O: (3, 19),
}

# Box x positions we precompute masks for: a box may hang up to 3 columns off either side.
X_MIN = -3
X_MAX = FIELD_WIDTH

Cells = tuple[tuple[int, int], ...]  # (box row, box column)


def cells_of(rows: tuple[str, ...]) -> Cells:
    return tuple((r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#")


def _row_masks(cells: Cells, x: int) -> RowMasks | None:
    if any(not 0 <= x + c < FIELD_WIDTH for _, c in cells):
        return None
    masks: dict[int, int] = {}
    for r, c in cells:
        masks[r] = masks.get(r, 0) | 1 << (x + c)
    return tuple(sorted(masks.items(), reverse=True))  # bottom box row first


@dataclass(frozen=True)
class RotationSystem:
    """Cell tables of every state, spawn boxes, and per-x collision masks."""

    name: str
    shapes: dict[int, tuple[tuple[str, ...], ...]]
    spawn: dict[int, tuple[int, int]]

    def __post_init__(self) -> None:
        cells = {k: tuple(cells_of(s) for s in states) for k, states in self.shapes.items()}
        masks = {
            k: tuple(
                tuple(_row_masks(state, x) for x in range(X_MIN, X_MAX)) for state in states
            )
            for k, states in cells.items()
        }
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "masks", masks)

    def states(self, kind: int) -> int:
        return len(self.shapes[kind])

    def piece_cells(self, kind: int, state: int) -> Cells:
        cells: dict[int, tuple[Cells, ...]] = self.cells  # type: ignore[attr-defined]
        return cells[kind][state]

    def row_masks(self, kind: int, state: int, x: int) -> RowMasks | None:
        if not X_MIN <= x < X_MAX:
            return None
        masks: dict[int, tuple[tuple[RowMasks | None, ...], ...]] = self.masks  # type: ignore[attr-defined]
        return masks[kind][state][x - X_MIN]

    def ccw(self, kind: int, state: int) -> int:
        return (state + 1) % len(self.shapes[kind])


SEGA_ROTATION = RotationSystem("sega", SEGA_SHAPES, SEGA_SPAWN)
