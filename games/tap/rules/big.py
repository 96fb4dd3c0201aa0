"""The BIG piece of the DEATH BLOCK item: every block of the piece drawn as 2 x 2 cells.

The shapes are the ARS shapes (games/arika/shapes.py) doubled, in a box twice as wide and
high; the piece moves one column at a time and turns without kicks
(VERSUS_DECISIONS["death_block"]). It spawns centred with its top in the hidden row 21.
"""

from __future__ import annotations

from games.arika.board import ORIGIN, ROW_BITS, WIDTH
from games.arika.shapes import CELLS, SIZES, SPAWN_TOP_ROW, Cells

BigCells = tuple[tuple[int, int], ...]  # (box row from the top, box column), doubled


def _double(cells: Cells) -> BigCells:
    return tuple((2 * r + dr, 2 * c + dc) for r, c in cells for dr in (0, 1) for dc in (0, 1))


BIG_SIZES: tuple[int, ...] = tuple(2 * n for n in SIZES)
BIG_CELLS: tuple[tuple[BigCells, ...], ...] = tuple(
    tuple(_double(cells) for cells in CELLS[k]) for k in range(7))
BIG_MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << ((BIG_SIZES[k] - 1 - r) * ROW_BITS + c) for r, c in cells)
          for cells in BIG_CELLS[k]) for k in range(7))


def _spawn_x(kind: int) -> int:
    columns = {c for _, c in BIG_CELLS[kind][0]}
    return (WIDTH - (max(columns) - min(columns) + 1)) // 2 - min(columns)


def _spawn_y(kind: int) -> int:
    top = min(r for r, _ in BIG_CELLS[kind][0])
    return SPAWN_TOP_ROW + top - BIG_SIZES[kind] + 1


BIG_SPAWN_X: tuple[int, ...] = tuple(_spawn_x(k) for k in range(7))
BIG_SPAWN_Y: tuple[int, ...] = tuple(_spawn_y(k) for k in range(7))


def big_fits(bits: int, kind: int, state: int, x: int, y: int) -> bool:
    """The BIG piece fits with its box's bottom-left at (x, y) (below the floor: no)."""
    pos = y * ROW_BITS + x + ORIGIN
    return pos >= 0 and not bits & (BIG_MASKS[kind][state] << pos)


def big_cells(kind: int, state: int, x: int, y: int) -> list[tuple[int, int]]:
    """(row, column) of a BIG piece whose box's bottom-left is at (column x, row y)."""
    n = BIG_SIZES[kind]
    return [(y + n - 1 - r, x + c) for r, c in BIG_CELLS[kind][state]]
