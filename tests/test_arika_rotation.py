"""ARS: shapes, both directions, the right-then-left kick, I and O, the centre-column rule
for L, J and T (tetris.wiki, "Arika Rotation System"), and IRS."""

from __future__ import annotations

import pytest

from engine import events as ev
from engine.pieces import I, J, L, O, S, T, Z, kind_of
from games.arika import events as aev
from games.arika.player import ACTIVE, ArikaPlayer
from games.arika.shapes import ARS_SHAPES, CELLS
from tests.arika_kit import cells, kinds, pad, player, spawned, step

B1, B2, B3 = pad(b1=True), pad(b2=True), pad(b3=True)


def put(p: ArikaPlayer, letter: str, state: int, x: int, y: int) -> None:
    """Make ``letter`` the active piece: box left column x, box bottom row y (1-based)."""
    p.kind, p.state, p.x, p.y = kind_of(letter), state, x, y
    p.phase = ACTIVE


def board(*rows: str) -> list[str]:
    return list(rows)


def test_shapes_are_the_wiki_states() -> None:
    # Spawn T, L, J point down; CW from spawn moves the T's nub to the left.
    assert ARS_SHAPES[T][0] == ("...", "###", ".#.")
    assert ARS_SHAPES[T][1] == (".#.", "##.", ".#.")
    assert ARS_SHAPES[T][3] == (".#.", ".##", ".#.")
    assert ARS_SHAPES[L][0] == ("...", "###", "#..")
    assert ARS_SHAPES[J][0] == ("...", "###", "..#")
    # The vertical S uses the left and centre columns, Z the centre and right, I column 2.
    assert {c for _, c in CELLS[S][1]} == {0, 1}
    assert {c for _, c in CELLS[Z][1]} == {1, 2}
    assert {c for _, c in CELLS[I][1]} == {2}
    # Flat states never use the top row of the box.
    for kind in (T, L, J, S, Z):
        for state in (0, 2):
            assert all(r > 0 for r, _ in CELLS[kind][state])


def test_spawn_position_top_visible_row() -> None:
    p = player("T")
    spawned(p)
    assert cells(p) == {(20, 3), (20, 4), (20, 5), (19, 4)}
    p = player("I")
    spawned(p)
    assert cells(p) == {(20, 3), (20, 4), (20, 5), (20, 6)}
    p = player("O")
    spawned(p)
    assert cells(p) == {(20, 4), (20, 5), (19, 4), (19, 5)}


@pytest.mark.parametrize(("button", "state"), [(B1, 3), (B2, 1), (B3, 3)])
def test_buttons_1_and_3_turn_counter_clockwise_2_clockwise(button: object, state: int) -> None:
    p = player("T")
    spawned(p)
    out = step(p, button)  # type: ignore[arg-type]
    assert p.state == state
    assert kinds(out, ev.ROTATE)
    expected = {(20 + 1 - r, 3 + c) for r, c in CELLS[T][state]}
    assert cells(p) == expected


def test_a_held_button_turns_once() -> None:
    p = player("T")
    spawned(p)
    step(p, B2, times=5)
    assert p.state == 1


def test_kick_right_first_when_both_kicks_fit() -> None:
    p = player("S", board=board("...#......", *["." * 10] * 2))
    spawned(p)
    put(p, "S", 0, 3, 1)
    step(p, B2)
    assert (p.state, p.x) == (1, 4)


def test_kick_left_when_right_is_blocked() -> None:
    # T upside down at x=3; a block right of its nub stops the basic turn and the right kick.
    p = player("T", board=board(".....#....", "." * 10))
    spawned(p)
    put(p, "T", 2, 3, 1)
    step(p, B2)  # clockwise from upside down: state L
    assert (p.state, p.x) == (3, 2)


def test_turn_fails_when_every_position_is_blocked() -> None:
    p = player("S", board=board("..###.....", "." * 10, "." * 10))
    spawned(p)
    put(p, "S", 0, 3, 1)
    out = step(p, B2)
    assert (p.state, p.x) == (0, 3)
    assert not kinds(out, ev.ROTATE)


def test_i_never_kicks() -> None:
    # The basic vertical I hits a block; one column right would fit, but I does not kick.
    p = player("I", board=board("." * 10, "." * 10, "." * 10, ".....#...."))
    spawned(p)
    put(p, "I", 0, 3, 1)
    step(p, B2)
    assert (p.state, p.x) == (0, 3)


def test_o_never_turns() -> None:
    p = player("O")
    spawned(p)
    out = step(p, B1) + step(p) + step(p, B2)
    assert p.state == 0
    assert not kinds(out, ev.ROTATE)


def test_centre_column_blocks_the_kick() -> None:
    # Flat T turning upright needs the box's top centre cell; it is taken, and though the
    # right kick would fit, the centre-column rule forbids kicking.
    p = player("T", board=board("....#.....", "." * 10, "." * 10))
    spawned(p)
    put(p, "T", 0, 3, 1)
    for button in (B2, pad(), B1):
        step(p, button)
    assert (p.state, p.x) == (0, 3)


@pytest.mark.parametrize("letter", ["L", "J", "T"])
def test_centre_column_rule_applies_to_l_j_t(letter: str) -> None:
    # Every flat-to-upright turn of L, J, T whose first taken cell is in the centre column
    # fails, whatever the kicks would allow.
    kind = kind_of(letter)
    checked = 0
    for flat in (0, 2):
        for turned in (1, 3):
            order = sorted(CELLS[kind][turned])
            current = set(CELLS[kind][flat])
            first_new_centre = next(((r, c) for r, c in order if (r, c) not in current
                                     and c == 1), None)
            if first_new_centre is None:
                continue
            # Block only that cell (box at x=3, y=5: box row r is field row 7 - r).
            r, c = first_new_centre
            rows = ["." * 10] * 8
            row_index = len(rows) - (7 - r)
            rows[row_index] = "." * (3 + c) + "#" + "." * (6 - c)
            p = player(letter, board=rows)
            spawned(p)
            put(p, letter, flat, 3, 5)
            step(p, B2 if turned == 1 else B1)
            assert (p.state, p.x) == (flat, 3), (letter, flat, turned)
            checked += 1
    assert checked >= 2


def test_side_column_first_allows_the_kick() -> None:
    # L turning clockwise from spawn: its top-left cell is taken (side column, first in
    # reading order) and the centre cell below is taken too: the right kick is tried.
    p = player("L", board=board("...#......", "." * 10, "....#....."))
    spawned(p)
    put(p, "L", 0, 3, 1)
    step(p, B2)
    assert (p.state, p.x) == (1, 4)


def test_j_turns_counter_clockwise_with_a_side_block_first() -> None:
    # J counter-clockwise from spawn: top centre free, top right taken (side): kicks; the
    # right kick is blocked by the same cell, so J goes left.
    p = player("J", board=board(".....#....", "." * 10, "....#....."))
    spawned(p)
    put(p, "J", 0, 3, 1)
    step(p, B1)
    assert (p.state, p.x) == (3, 2)


def test_upright_to_flat_kicks() -> None:
    # T upright turning upside down: the basic turn is blocked at its right foot; the
    # right kick too; it kicks left.
    p = player("T", board=board("." * 10, "." * 10, ".....#...."))
    spawned(p)
    put(p, "T", 1, 3, 1)
    step(p, B2)
    assert (p.state, p.x) == (2, 2)


@pytest.mark.parametrize(("button", "state"), [(B1, 3), (B2, 1), (B3, 3)])
def test_irs_spawns_turned(button: object, state: int) -> None:
    p = player("L")
    out = step(p, button)  # type: ignore[arg-type]
    assert p.phase == ACTIVE and p.state == state
    assert kinds(out, aev.IRS)[0].value == state
    # The held button does not turn the piece again.
    step(p, button, times=3)  # type: ignore[arg-type]
    assert p.state == state


def test_irs_held_through_are() -> None:
    p = player("LT", rules=None)
    spawned(p)
    step(p, pad(down=True, up=True))  # sonic drop, then manual lock
    assert p.kind == -1
    out = step(p, B2, times=40)
    assert p.kind == T and p.state == 1
    assert kinds(out, aev.IRS)


def test_irs_blocked_spawns_unturned() -> None:
    # T turned counter-clockwise would need row 21, column 4 (the hidden row).
    rows = ["....#....."] + ["." * 10] * 20
    p = player("T", board=rows)
    out = step(p, B1)
    assert p.phase == ACTIVE and p.state == 0
    assert not kinds(out, aev.IRS)


def test_o_has_no_irs() -> None:
    p = player("O")
    step(p, B1)
    assert p.kind == O and p.state == 0
