"""The 24 polycubes of the arcade BLOCKOUT, their rotation centres and orientations.

Axes: x runs left to right across the pit floor, y from the near wall (the player's side,
the bottom of the screen) to the far wall, z upward from the floor. A piece is a set of
cubes relative to its rotation centre, which is always the centre of one cell of the grid
(a cube of the piece, or for 5L the empty corner cell of its square).

Source: the piece names and the set of 24 are the arcade's (sal-games BLOCKOUT data sheet,
section 1; abomination.jp OGA Blockout guide, glossary). The shapes are the standard
polycubes those names describe (abomination.jp piece pages): flat pieces are the pentomino /
tetromino / tricube of their name lying on the floor; 4Y is the tripod, CS/CZ the screw
pair, 5Q a 2x2 square with one cube under a corner. Which screw is CS, which 3D pentacube is
5H and which 5F, and every spawn orientation are decisions (see DECISIONS below).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.decision import Decision

Cell = tuple[int, int, int]
Cells = tuple[Cell, ...]

# Rotation buttons. Source: sal-games data sheet 3.1: B turns the piece so that "up becomes
# right" (about the depth axis), C so that "right becomes the depth direction" (about the
# vertical axis). A (export boards, Rotate Buttons 3) turns about the left-right axis; its
# sense ("far becomes up") is a decision.
AXIS_B = "B"
AXIS_C = "C"
AXIS_A = "A"
AXES: tuple[str, ...] = (AXIS_B, AXIS_C, AXIS_A)


def turn(cell: Cell, axis: str) -> Cell:
    """One quarter turn of a cell offset about the rotation centre."""
    x, y, z = cell
    if axis == AXIS_B:  # +z -> +x, +x -> -z
        return (z, y, -x)
    if axis == AXIS_C:  # +x -> +y, +y -> -x
        return (-y, x, z)
    if axis == AXIS_A:  # +y -> +z, +z -> -y
        return (x, -z, y)
    raise ValueError(f"unknown axis {axis!r}")


def turned(cells: Cells, axis: str) -> Cells:
    return tuple(sorted(turn(c, axis) for c in cells))


def normalised(cells: Cells) -> Cells:
    """The shape with its smallest corner at the origin (orientation without position)."""
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    mz = min(c[2] for c in cells)
    return tuple(sorted((x - mx, y - my, z - mz) for x, y, z in cells))


def extent(cells: Cells) -> int:
    """The longest side of the piece's bounding box (the appearance rule's length)."""
    return max(
        max(c[i] for c in cells) - min(c[i] for c in cells) + 1 for i in range(3)
    )


# name: (cells with the rotation centre at the origin, in the spawn orientation)
# Flat pieces lie in the z = 0 layer around their centre. 3D tetracubes hang below their
# centre (it sits on their top layer); 3D pentacubes stand on theirs (bottom layer), which
# with the spawn rule "centre just under the ceiling, 5Q/5K/5H/5F one lower" keeps every
# piece inside the pit when it appears.
def _flat(pivot: tuple[int, int], *cells: tuple[int, int]) -> Cells:
    px, py = pivot
    return tuple(sorted((x - px, y - py, 0) for x, y in cells))


def _solid(pivot: Cell, *cells: Cell) -> Cells:
    px, py, pz = pivot
    return tuple(sorted((x - px, y - py, z - pz) for x, y, z in cells))


_SHAPES: dict[str, Cells] = {
    "1I": _flat((0, 0), (0, 0)),
    "2I": _flat((0, 0), (0, 0), (0, 1)),
    "3I": _flat((0, 1), (0, 0), (0, 1), (0, 2)),
    "3L": _flat((1, 0), (0, 0), (1, 0), (1, 1)),
    "4I": _flat((0, 1), (0, 0), (0, 1), (0, 2), (0, 3)),
    # The centre on the left column: B stands it up hanging one row below the centre, which
    # is what the data sheet's example needs (an upright 4O from height 11 falls 9 rows).
    "4O": _flat((0, 0), (0, 0), (0, 1), (1, 0), (1, 1)),
    "4T": _flat((1, 0), (0, 0), (1, 0), (1, 1), (2, 0)),
    "4S": _flat((1, 0), (0, 1), (1, 0), (1, 1), (2, 0)),
    "4L": _flat((1, 0), (0, 0), (1, 0), (2, 0), (2, 1)),
    # The tripod turns about its corner cube (on its 3-fold axis: 8 orientations).
    "4Y": _solid((1, 0, 1), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 1)),
    "CS": _solid((0, 0, 1), (0, 0, 1), (0, 1, 1), (1, 0, 0), (1, 0, 1)),
    "CZ": _solid((1, 1, 1), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 1)),
    "5I": _flat((0, 2), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4)),
    "5J": _flat((1, 1), (0, 0), (1, 0), (1, 1), (1, 2), (1, 3)),
    "5Y": _flat((1, 1), (0, 1), (1, 0), (1, 1), (1, 2), (1, 3)),
    "5X": _flat((1, 1), (0, 1), (1, 0), (1, 1), (1, 2), (2, 1)),
    "5T": _flat((1, 1), (0, 1), (1, 1), (2, 0), (2, 1), (2, 2)),
    # Source: abomination.jp 5L page: the axis is in the empty corner of the square, so the
    # piece sweeps a 3x3 area (cell (1, 1) is not part of the piece).
    "5L": _flat((1, 1), (0, 0), (1, 0), (2, 0), (2, 1), (2, 2)),
    "5C": _flat((1, 1), (0, 0), (0, 2), (1, 0), (1, 1), (1, 2)),
    "5P": _flat((1, 1), (0, 0), (0, 1), (1, 0), (1, 1), (1, 2)),
    "5Q": _solid((1, 0, 0), (0, 0, 1), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 1)),
    "5K": _solid((1, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 1, 1), (1, 2, 1)),
    "5H": _solid((0, 1, 0), (0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 1, 1), (1, 2, 1)),
    "5F": _solid((1, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 1), (1, 2, 1)),
}

# Source: sal-games data sheet section 1 (the order of the arcade's piece chart).
NAMES: tuple[str, ...] = (
    "1I", "2I", "3I", "3L", "4I", "4L", "4T", "4O", "4S", "4Y", "CS", "CZ",
    "5I", "5J", "5Y", "5X", "5T", "5L", "5C", "5P", "5Q", "5K", "5H", "5F",
)
# Source: sal-games data sheet section 1: these four appear one layer lower than the rest.
LOW_SPAWN: frozenset[str] = frozenset({"5Q", "5K", "5H", "5F"})


def _spawn_4y() -> Cells:
    """Source: abomination.jp 4Y page: B and C give the same result on the first press.
    The spawn orientation is the first (in sorted order) of the tripod's orientations,
    hanging below its centre, for which that holds."""
    found: list[Cells] = []
    frontier = [_SHAPES["4Y"]]
    seen = set(frontier)
    while frontier:
        cells = frontier.pop()
        found.append(cells)
        for axis in AXES:
            nxt = turned(cells, axis)
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    good = [c for c in found if turned(c, AXIS_B) == turned(c, AXIS_C)
            and max(z for _, _, z in c) == 0]
    return min(good)


_SHAPES["4Y"] = _spawn_4y()


@dataclass(frozen=True)
class Piece:
    """One kind: its orientations (cell offsets from the rotation centre) and the
    quarter-turn table ``turns[orientation][axis] -> orientation``."""

    index: int
    name: str
    orientations: tuple[Cells, ...]  # [0] is the spawn orientation
    turns: tuple[dict[str, int], ...]
    cubes: int
    extent: int
    low_spawn: bool

    @property
    def shapes(self) -> int:
        """Distinct shapes (orientations regardless of position)."""
        return len({normalised(c) for c in self.orientations})


def _build(index: int, name: str) -> Piece:
    start = _SHAPES[name]
    order: list[Cells] = [start]
    where = {start: 0}
    i = 0
    while i < len(order):
        for axis in AXES:
            nxt = turned(order[i], axis)
            if nxt not in where:
                where[nxt] = len(order)
                order.append(nxt)
        i += 1
    turns = tuple({axis: where[turned(c, axis)] for axis in AXES} for c in order)
    return Piece(index, name, tuple(order), turns, len(start), extent(start),
                 name in LOW_SPAWN)


PIECES: tuple[Piece, ...] = tuple(_build(i, n) for i, n in enumerate(NAMES))
BY_NAME: dict[str, Piece] = {p.name: p for p in PIECES}

GUIDE = "abomination.jp OGA Blockout guide"

DECISIONS: dict[str, Decision[str]] = {
    "spawn_orientations": Decision(
        "flat pieces lie on the floor plane as drawn in this module",
        "the spawn orientations are pictures on the data sheet, not recovered",
        "sal-games BLOCKOUT data sheet 1"),
    "screw_names": Decision(
        "CS: a 3L on top cornered near-left with a cube hanging under its right arm; CZ its "
        "mirror", "the sources name the pair but which screw is CS is unresolved",
        f"{GUIDE}, CS and CZ pages"),
    "5H_5F": Decision(
        "5H: a T-tetromino with a cube under its stem tip; 5F: an L-tetromino with a cube "
        "under its corner", "the two achiral 3D pentacubes left; which is which is unresolved",
        f"{GUIDE}, polycube list"),
    "rotation_centres": Decision(
        "a cube near each piece's middle (4O: a left cube; 4Y: its corner; 5L: the empty "
        "corner cell)", "4O's follows the drop example, 5L's the guide; the rest keep "
        "3I/5I/5X at 3 orientations and 4Y at 8", f"{GUIDE}, scoring, 5L, 4Y and 3I pages"),
    "rotate_a_axis": Decision(
        "A turns about the left-right axis, far becomes up",
        "the export boards' third button; its sense is not documented",
        "MAME technos/blockout.cpp inputs"),
}
