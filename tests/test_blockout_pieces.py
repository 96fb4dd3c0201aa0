"""The 24 arcade polycubes: shapes, orientation counts, rotation axes, the appearance rule."""

from __future__ import annotations

import itertools

import pytest

from games.blockout.rules.pieces import (
    AXES,
    AXIS_B,
    AXIS_C,
    BY_NAME,
    NAMES,
    PIECES,
    normalised,
    turned,
)
from games.blockout.rules.rounds import eligible
from games.blockout.table import round_table
from tests.blockout_kit import TURN_B, TURN_C, open_stage, p1, place, session, step


def _rotations() -> list[tuple[tuple[int, int, int], tuple[int, int, int]]]:
    """The 24 proper rotations of the cube as (permutation, signs), built independently of
    the pieces module (signed permutation matrices with determinant +1)."""
    out = []
    for perm in itertools.permutations(range(3)):
        parity = sum(1 for i in range(3) for j in range(i + 1, 3) if perm[i] > perm[j]) % 2
        for signs in itertools.product((1, -1), repeat=3):
            if (signs[0] * signs[1] * signs[2]) * (-1 if parity else 1) == 1:
                out.append((perm, signs))
    assert len(out) == 24
    return out


def _apply(rot, cells):
    perm, signs = rot
    return normalised(tuple(tuple(signs[i] * c[perm[i]] for i in range(3)) for c in cells))


def test_the_24_arcade_pieces_and_their_sizes():
    # Source: sal-games data sheet section 1 (the 24 names); cube counts from the names.
    assert len(NAMES) == 24 and len(set(NAMES)) == 24
    for p in PIECES:
        expected = 4 if p.name[0] == "C" else int(p.name[0])
        assert p.cubes == expected, p.name
        assert len(set(p.orientations[0])) == p.cubes


@pytest.mark.parametrize("name", NAMES)
def test_orientation_count_is_24_over_the_shape_symmetry(name):
    shape = normalised(BY_NAME[name].orientations[0])
    symmetric = sum(1 for r in _rotations() if _apply(r, shape) == shape)
    assert BY_NAME[name].shapes == 24 // symmetric


def test_orientation_counts_the_guides_give():
    # Source: abomination.jp 4Y page (8 orientations) and 3I page (3I, 5I, 5X: 3).
    assert len(BY_NAME["4Y"].orientations) == 8
    for name in ("3I", "5I", "5X"):
        assert len(BY_NAME[name].orientations) == 3


def test_4y_b_and_c_give_the_same_first_turn():
    # Source: abomination.jp 4Y page.
    spawn = BY_NAME["4Y"].orientations[0]
    assert turned(spawn, AXIS_B) == turned(spawn, AXIS_C)


def test_5l_turns_about_its_empty_corner_within_3x3():
    # Source: abomination.jp 5L page: the axis is in the empty corner; it sweeps 3x3.
    for cells in BY_NAME["5L"].orientations:
        assert (0, 0, 0) not in cells
        assert all(-1 <= v <= 1 for c in cells for v in c)


def test_chirality_only_the_screws_are_mirror_images():
    # Source: abomination.jp glossary: CS/CZ are the only chiral pair.
    def mirrored(cells):
        return normalised(tuple((-x, y, z) for x, y, z in cells))

    for p in PIECES:
        shapes = {normalised(c) for c in p.orientations}
        mirror_is_same = mirrored(p.orientations[0]) in shapes
        assert mirror_is_same == (p.name not in ("CS", "CZ")), p.name
    cz_shapes = {normalised(c) for c in BY_NAME["CZ"].orientations}
    assert mirrored(BY_NAME["CS"].orientations[0]) in cz_shapes


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("axis", AXES)
def test_four_turns_return_to_the_start_in_the_pit(name, axis):
    s = session(1, rotate_buttons=3)
    p = p1(s)
    p.enter_stage(1, open_stage(9, 9, 12))
    place(p, name, 4, 4, 6)
    start = (p.orient, p.x, p.y, p.z, tuple(sorted(p.cells)))
    seen = set()
    for _ in range(4):
        assert p.rotate(axis)
        seen.add(tuple(sorted(p.cells)))
    assert (p.orient, p.x, p.y, p.z, tuple(sorted(p.cells))) == start
    # A quarter turn changes the piece unless the axis is a symmetry axis of it.
    assert len(seen) in (1, 2, 4)


def test_buttons_b_and_c_turn_about_their_axes():
    # Source: data sheet 3.1: B turns "up into right", C "right into depth".
    s = session(1)
    p = p1(s)
    p.enter_stage(1, open_stage(9, 9, 12))
    place(p, "4L", 4, 4, 6)
    before = set(p.cells)
    step(s, TURN_B)
    assert set(p.cells) == {(z, y, -x) for x, y, z in before}
    step(s, frames=10)
    before = set(p.cells)
    step(s, TURN_C)
    assert set(p.cells) == {(-y, x, z) for x, y, z in before}


def test_appearance_rule_in_every_round():
    # Source: abomination.jp 4I page: no piece longer than the floor's short side.
    table = round_table()
    for r in range(1, table.rounds + 1):
        stage = table.stage(r)
        for index, _ in stage.weights:
            assert PIECES[index].extent <= min(stage.width, stage.depth), (r, PIECES[index])


def test_appearance_rule_filters_a_listed_piece():
    assert not eligible("4I", 3, 5)
    assert eligible("4I", 4, 5)
    assert not eligible("3I", 2, 5)
    assert eligible("5Q", 2, 5)


def test_drawn_pieces_follow_the_appearance_rule():
    for r in (2, 6, 10):
        s = session(r)
        p = p1(s)
        short = min(p.width, p.depth)
        for _ in range(500):
            p.next_kind = p._draw()
            assert PIECES[p.next_kind].extent <= short
