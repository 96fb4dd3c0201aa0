"""TGM3's World rule: SRS shapes and kicks with Arika's own I kicks, move reset with caps,
hard drop that locks, soft drop that never does, and the ghost at every level.

Sources: tetris.wiki, "Super Rotation System" (the SRS states, and the J L S T Z kick
table); harddrop.com wiki, "I-Spins in SRS" (TGM3's I kicks are mirror-symmetric and
try the upward kick before the downward one); the cambridge clone's "standard_ti"
ruleset (the I table itself, whose signs agree with both facts above, and the caps: 10
moves and 8 rotations counted while grounded, the piece locking when one is reached,
hard drop locks, soft drop does not). Numbers only; no code copied.

Kick offsets are (columns right, rows up), tried in order after the rotation in place.
"""

from __future__ import annotations

from engine.pieces import I, J, L, O, S, T, Z
from games.arika.board import FLOOR, ORIGIN, ROW_BITS, ROWS
from games.arika.shapes import ShapeSet, big
from games.ti.rules.decisions import TI_DECISIONS

# SRS states, box row 0 at the top: 0 = spawn, 1 = R, 2 = upside down, 3 = L. J L S T Z
# spawn flat side down in a 3x3 box; I in the second row of a 4x4 box.
SRS_SHAPES: dict[int, tuple[tuple[str, ...], ...]] = {
    T: ((".#.", "###", "..."), (".#.", ".##", ".#."),
        ("...", "###", ".#."), (".#.", "##.", ".#.")),
    J: (("#..", "###", "..."), (".##", ".#.", ".#."),
        ("...", "###", "..#"), (".#.", ".#.", "##.")),
    L: (("..#", "###", "..."), (".#.", ".#.", ".##"),
        ("...", "###", "#.."), ("##.", ".#.", ".#.")),
    S: ((".##", "##.", "..."), (".#.", ".##", "..#"),
        ("...", ".##", "##."), ("#..", "##.", ".#.")),
    Z: (("##.", ".##", "..."), ("..#", ".##", ".#."),
        ("...", "##.", ".##"), (".#.", "##.", "#..")),
    I: (("....", "####", "....", "...."), ("..#.", "..#.", "..#.", "..#."),
        ("....", "....", "####", "...."), (".#..", ".#..", ".#..", ".#..")),
    O: (("....", ".##.", ".##.", "...."),) * 4,
}

Kicks = tuple[tuple[int, int], ...]

# J L S T Z: the standard SRS table (tetris.wiki, "Super Rotation System"), y up.
JLSTZ_KICKS: dict[tuple[int, int], Kicks] = {
    (0, 1): ((-1, 0), (-1, 1), (0, -2), (-1, -2)),
    (1, 0): ((1, 0), (1, -1), (0, 2), (1, 2)),
    (1, 2): ((1, 0), (1, -1), (0, 2), (1, 2)),
    (2, 1): ((-1, 0), (-1, 1), (0, -2), (-1, -2)),
    (2, 3): ((1, 0), (1, 1), (0, -2), (1, -2)),
    (3, 2): ((-1, 0), (-1, -1), (0, 2), (-1, 2)),
    (3, 0): ((-1, 0), (-1, -1), (0, 2), (-1, 2)),
    (0, 3): ((1, 0), (1, 1), (0, -2), (1, -2)),
}

# The guideline's I table (tetris.wiki, "Super Rotation System"), kept to show where
# Arika's differs: the tests check that only the order/sign of the vertical kicks moved.
GUIDELINE_I_KICKS: dict[tuple[int, int], Kicks] = {
    (0, 1): ((-2, 0), (1, 0), (-2, -1), (1, 2)),
    (1, 0): ((2, 0), (-1, 0), (2, 1), (-1, -2)),
    (1, 2): ((-1, 0), (2, 0), (-1, 2), (2, -1)),
    (2, 1): ((1, 0), (-2, 0), (1, -2), (-2, 1)),
    (2, 3): ((2, 0), (-1, 0), (2, 1), (-1, -2)),
    (3, 2): ((-2, 0), (1, 0), (-2, -1), (1, 2)),
    (3, 0): ((1, 0), (-2, 0), (1, -2), (-2, 1)),
    (0, 3): ((-1, 0), (2, 0), (-1, 2), (2, -1)),
}

# Arika's I table (TGM3 World rule): mirror-symmetric, the upward kick before the
# downward one. Signs checked against both properties (tests/test_ti_world.py).
ARIKA_I_KICKS: dict[tuple[int, int], Kicks] = {
    (0, 1): ((-2, 0), (1, 0), (1, 2), (-2, -1)),
    (1, 0): ((2, 0), (-1, 0), (2, 1), (-1, -2)),
    (1, 2): ((-1, 0), (2, 0), (-1, 2), (2, -1)),
    (2, 1): ((-2, 0), (1, 0), (-2, 1), (1, -1)),
    (2, 3): ((2, 0), (-1, 0), (2, 1), (-1, -1)),
    (3, 2): ((1, 0), (-2, 0), (1, 2), (-2, -1)),
    (3, 0): ((-2, 0), (1, 0), (-2, 1), (1, -2)),
    (0, 3): ((2, 0), (-1, 0), (-1, 2), (2, -1)),
}

MOVE_CAP = 10  # sideways moves while grounded before the piece locks at once
TURN_CAP = 8  # rotations while grounded (or kicked upward) before it locks at once

SPAWN_TOP_BLOCK_ROW: int = TI_DECISIONS["world_spawn_row"].value


SRS = ShapeSet("SRS", SRS_SHAPES, spawn_top_row=SPAWN_TOP_BLOCK_ROW)
BIG_SRS = big("SRS", SRS_SHAPES)
SRS_CELLS = SRS.cells
SRS_MASKS = SRS.masks
SRS_SIZES = SRS.sizes
# A kick may not lift a block above the board's top row (no walls are stored above it).
CEILING_BIT = (ROWS + 1 + FLOOR) * ROW_BITS


def kicks_for(kind: int, state: int, turned: int) -> Kicks:
    if kind == O:
        return ()
    table = ARIKA_I_KICKS if kind == I else JLSTZ_KICKS
    return table[(state, turned)]


def srs_rotate(bits: int, kind: int, state: int, turned: int, x: int,
               y: int) -> tuple[int, int, bool] | None:
    """(column, row, kicked upward) of the box after turning, or None if it cannot."""
    mask = SRS_MASKS[kind][turned]
    pos = y * ROW_BITS + x + ORIGIN
    if not bits & (mask << pos):
        return x, y, False
    for dx, dy in kicks_for(kind, state, turned):
        shift = pos + dy * ROW_BITS + dx
        if shift < 0:
            continue  # below the floor rows: it cannot fit
        placed = mask << shift
        if not bits & placed and not placed >> CEILING_BIT:
            return x + dx, y + dy, dy > 0
    return None
