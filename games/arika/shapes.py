"""Arika rotation system (ARS, "classic" rule): shapes of every state, spawn boxes and the
collision masks the player loop tests against the board.

Source: tetris.wiki, "Arika Rotation System" (states, spawn in the top visible row, the
basic kick, the I and O exceptions, the centre-column rule); the shapes agree with the
cambridge and shiromino clones' tables.
"""

from __future__ import annotations

from engine.pieces import I, J, L, O, S, T, Z
from games.arika.board import ROW_BITS
from games.arika.decisions import ARIKA_DECISIONS

# Box row 0 is the top of the box. States: 0 = spawn, 1 = R (one turn clockwise),
# 2 = upside down, 3 = L (one turn counter-clockwise). Spawn T, L and J point down (flat
# side up); a flat state never uses the top row of its box, so a flat piece turns on a
# flat floor without rising. S, Z and I have two distinct states, O one.
ARS_SHAPES: dict[int, tuple[tuple[str, ...], ...]] = {
    T: (("...", "###", ".#."), (".#.", "##.", ".#."),
        ("...", ".#.", "###"), (".#.", ".##", ".#.")),
    L: (("...", "###", "#.."), ("##.", ".#.", ".#."),
        ("...", "..#", "###"), (".#.", ".#.", ".##")),
    J: (("...", "###", "..#"), (".#.", ".#.", "##."),
        ("...", "#..", "###"), (".##", ".#.", ".#.")),
    S: (("...", ".##", "##."), ("#..", "##.", ".#.")) * 2,
    Z: (("...", "##.", ".##"), ("..#", ".##", ".#.")) * 2,
    I: (("....", "####", "....", "...."), ("..#.", "..#.", "..#.", "..#.")) * 2,
    O: (("....", ".##.", ".##.", "...."),) * 4,
}

# Pieces whose flat-to-vertical turns obey the centre-column rule.
CENTRE_COLUMN_PIECES = frozenset((L, J, T))
NO_KICK_PIECES = frozenset((I, O))  # I never kicks before TGM3; O never turns

# Spawn: the box's left column at field column 3 (0-based) for every piece (3-wide pieces
# take columns 3-5, I 3-6, O 4-5) and the topmost block in the top visible row (row 20),
# so the 3-wide boxes and the 4-wide boxes alike have their top row in row 21, the hidden
# row above the field. Stored as (box left column, 1-based row of the box's bottom row).
SPAWN_X = 3
SPAWN_TOP_ROW = 21


def box_size(kind: int) -> int:
    return len(ARS_SHAPES[kind][0])


def spawn_y(kind: int) -> int:
    """1-based row of the bottom row of ``kind``'s box at spawn."""
    return SPAWN_TOP_ROW - box_size(kind) + 1


Cells = tuple[tuple[int, int], ...]  # (box row from the top, box column)


def cells_of(rows: tuple[str, ...]) -> Cells:
    return tuple((r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#")


def _mask(rows: tuple[str, ...]) -> int:
    """Bits of a state relative to the box's bottom-left cell on the board's bit grid."""
    n = len(rows)
    return sum(1 << ((n - 1 - r) * ROW_BITS + c) for r, c in cells_of(rows))


# CELLS[kind][state]; MASKS[kind][state] (shift by ``y * ROW_BITS + x + COLUMN_OFFSET``).
CELLS: tuple[tuple[Cells, ...], ...] = tuple(
    tuple(cells_of(s) for s in ARS_SHAPES[k]) for k in range(7)
)
MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_mask(s) for s in ARS_SHAPES[k]) for k in range(7)
)
SIZES: tuple[int, ...] = tuple(box_size(k) for k in range(7))
SPAWN_Y: tuple[int, ...] = tuple(spawn_y(k) for k in range(7))

# For the centre-column rule: the cells of each state in reading order (top row first,
# left to right), as (bit offset from the box's bottom-left, is in the centre column).
READING_ORDER: tuple[tuple[tuple[tuple[int, bool], ...], ...], ...] = tuple(
    tuple(
        tuple(((SIZES[k] - 1 - r) * ROW_BITS + c, c == 1) for r, c in cells)
        for cells in CELLS[k]
    )
    for k in range(7)
)


class ShapeSet:
    """One rotation system's tables as the player loop reads them; ``big`` doubles every
    block (2x2 cells) and moves two columns a step (the BIG-block games)."""

    __slots__ = ("cells", "masks", "name", "shift", "sizes", "spawn_x", "spawn_y")

    def __init__(self, name: str, shapes: dict[int, tuple[tuple[str, ...], ...]],
                 spawn_top_row: int = SPAWN_TOP_ROW - 1, spawn_x: int = SPAWN_X,
                 shift: int = 1) -> None:
        """``spawn_top_row``: the row the spawn state's topmost block appears in."""
        self.name = name
        self.cells: tuple[tuple[Cells, ...], ...] = tuple(
            tuple(cells_of(s) for s in shapes[k]) for k in range(7))
        self.masks: tuple[tuple[int, ...], ...] = tuple(
            tuple(_mask(s) for s in shapes[k]) for k in range(7))
        self.sizes: tuple[int, ...] = tuple(len(shapes[k][0]) for k in range(7))
        self.spawn_y: tuple[int, ...] = tuple(
            spawn_top_row - (self.sizes[k] - 1 - min(r for r, _ in self.cells[k][0]))
            for k in range(7))
        self.spawn_x = spawn_x
        self.shift = shift


Shapes = dict[int, tuple[tuple[str, ...], ...]]


def doubled(shapes: Shapes) -> Shapes:
    """Every block as 2x2 cells (each box row and column twice)."""
    return {k: tuple(tuple(line.replace("#", "##").replace(".", "..")
                           for line in rows for _ in range(2)) for rows in states)
            for k, states in shapes.items()}


ARS = ShapeSet("ARS", ARS_SHAPES)
BIG_SPAWN_X: int = ARIKA_DECISIONS["big_spawn_column"].value
BIG_SHIFT = 2


_LOW_FLAT_I: tuple[str, ...] = ARIKA_DECISIONS["big_flat_i"].value


def big(name: str, shapes: Shapes) -> ShapeSet:
    lowered = {**shapes, I: tuple(_LOW_FLAT_I if rows[1] == "####" else rows
                                  for rows in shapes[I])}
    return ShapeSet(f"BIG {name}", doubled(lowered), spawn_x=BIG_SPAWN_X, shift=BIG_SHIFT)


BIG_ARS = big("ARS", ARS_SHAPES)
