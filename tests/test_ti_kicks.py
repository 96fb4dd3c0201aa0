"""Ti-ARS: the I wall kick (+1, +2, -1 when the basic turn is blocked, touching or not:
tetris.wiki, "Arika Rotation System"), the I floor kick (1 then 2 up), the T floor kick into
point-up, one floor kick a piece, none for J L S Z (tetris.wiki, "Floor kick"); hold and IHS
with IRS (tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct")."""

from __future__ import annotations

from engine import events as ev
from engine.pieces import I, J, L, T, Z, kind_of
from games.arika.board import Board
from games.arika.player import ACTIVE, NO_PIECE
from games.ti.rules.player import HOLD, TiPlayer
from tests.arika_kit import Script, flat_rules, kinds, pad, spawned, step, step_until

B1, B2, B3 = pad(b1=True), pad(b2=True), pad(b3=True)
EMPTY = "." * 10


def ti(letters: str = "T", *rows: str) -> TiPlayer:
    p = TiPlayer(0, flat_rules(), 0, pieces=Script(letters))
    if rows:
        p.board = Board.from_text(list(rows))
    return p


def put(p: TiPlayer, letter: str, state: int, x: int, y: int) -> None:
    p.kind, p.state, p.x, p.y = kind_of(letter), state, x, y
    p.phase = ACTIVE


def ready(letters: str, *rows: str) -> TiPlayer:
    p = ti(letters, *rows)
    spawned(p)
    return p


# ---- I wall kick --------------------------------------------------------------------
def test_i_wall_kick_at_the_right_wall_takes_one_left() -> None:
    # Vertical I in column 9: in place, +1 and +2 leave the field; -1 fits.
    p = ready("I")
    put(p, "I", 1, 7, 5)
    step(p, B2)
    assert (p.state, p.x, p.y) == (2, 6, 5)


def test_i_wall_kick_at_the_left_wall_takes_two_right() -> None:
    # Vertical I in column 0 (box at -2): +1 still leaves the field; +2 fits.
    p = ready("I")
    put(p, "I", 1, -2, 5)
    step(p, B1)
    assert (p.state, p.x, p.y) == (0, 0, 5)


def test_i_wall_kick_off_a_block_tries_right_first() -> None:
    # Vertical I in column 4, a block in column 5 of the row the flat I needs: in place and
    # +1 (cols 3-6) and +2 (cols 4-7) hit it; -1 (cols 1-4) fits.
    rows = [EMPTY] * 16 + [".....#....", EMPTY, EMPTY, EMPTY]  # the block in row 4
    p = ready("I", *rows)
    put(p, "I", 1, 2, 2)  # column 4, rows 2-5; flat row is 4
    step(p, B2)
    assert (p.state, p.x) == (2, 1)


def test_i_wall_kick_plus_one_when_it_fits() -> None:
    # Vertical I in column 1 with a block beside it (row 2, column 0): in place (columns
    # -1..2) leaves the field; one right (columns 0..3 of row 4) fits.
    rows = [EMPTY] * 18 + ["#.........", EMPTY]  # the block in row 2, column 0
    p = ready("I", *rows)
    put(p, "I", 1, -1, 2)  # column 1, rows 2-5; the flat row is 4
    step(p, B2)
    assert (p.state, p.x) == (2, 0)


def test_i_wall_kicks_without_touching_anything() -> None:
    # tetris.wiki "Arika Rotation System", TGM3's first I kick picture: a block in column 1,
    # the vertical I in column 3 (nothing beside it); the basic turn hits the block, one
    # right fits, and the I takes it.
    rows = [EMPTY] * 16 + [".#........", EMPTY, EMPTY, EMPTY]  # the block in row 4
    p = ready("I", *rows)
    put(p, "I", 1, 1, 2)  # column 3, rows 2-5; the flat row is 4
    out = step(p, B2)
    assert (p.state, p.x) == (2, 2)
    assert kinds(out, ev.ROTATE)


def test_i_wall_kick_tries_two_right_then_one_left_in_the_open() -> None:
    # Blocks at columns 3 and 4 of the flat row, the I in column 5: in place (3-6), +1
    # (4-7) hit them, +2 (5-8) fits; then with a block at 8 too, -1 (2-5) is also blocked
    # by 3, so the turn fails.
    rows = [EMPTY] * 16 + ["...##.....", EMPTY, EMPTY, EMPTY]
    p = ready("I", *rows)
    put(p, "I", 1, 3, 2)
    step(p, B2)
    assert (p.state, p.x) == (2, 5)
    rows = [EMPTY] * 16 + ["...##...#.", EMPTY, EMPTY, EMPTY]
    p = ready("I", *rows)
    put(p, "I", 1, 3, 2)
    out = step(p, B2)
    assert (p.state, p.x) == (1, 3) and not kinds(out, ev.ROTATE)


# ---- I floor kick -------------------------------------------------------------------
def test_i_floor_kick_rises_two_from_the_floor() -> None:
    p = ready("I")
    put(p, "I", 0, 3, -1)  # flat on the floor: row 1
    step(p, B2)
    assert (p.state, p.y) == (1, 1)
    assert sorted(p.piece_cells()) == [(1, 5), (2, 5), (3, 5), (4, 5)]


def test_i_floor_kick_rises_one_when_that_fits() -> None:
    # Flat I in row 3 over columns 2-5, resting on a block at (2, 2); its vertical column 4
    # is taken in row 1 only, so one row up is enough.
    p = ready("I", "..#.......", "....#.....")
    put(p, "I", 0, 2, 1)
    step(p, B2)
    assert (p.state, p.x, p.y) == (1, 2, 2)


def test_i_floor_kick_needs_the_piece_grounded() -> None:
    # The same turn in the air (nothing under the flat I) is not kicked up.
    p = ready("I", "....#.....", EMPTY)
    put(p, "I", 0, 2, 2)  # flat in row 4, columns 2-5, row 3 free; column 4 taken in row 2
    out = step(p, B2)
    assert (p.state, p.y) == (0, 2)
    assert not kinds(out, ev.ROTATE)


def test_one_floor_kick_a_piece() -> None:
    p = ready("II")
    put(p, "I", 0, 3, -1)
    step(p, B2)
    assert (p.state, p.y) == (1, 1)
    put(p, "I", 0, 3, -1)  # the same piece back on the floor
    step(p)
    step(p, B2)
    assert (p.state, p.y) == (0, -1)
    # The next piece may kick again.
    step_until(p, lambda q: q.pieces == 2 and q.phase == ACTIVE, pad(down=True))
    p.board = Board()
    put(p, "I", 0, 3, -1)
    step(p)
    step(p, B2)
    assert (p.state, p.y) == (1, 1)


# ---- T floor kick -------------------------------------------------------------------
T_PIT = ("####.#####",)  # row 1 full but column 4


def test_t_floor_kick_into_point_up() -> None:
    # Upright T (nub right) standing in the one-wide pit: point-up needs row 1 columns 3-5;
    # in place and both side kicks fail, one row up fits.
    p = ready("T", *T_PIT)
    put(p, "T", 3, 3, 1)
    out = step(p, B1)
    assert (p.state, p.x, p.y) == (2, 3, 2)
    assert kinds(out, ev.ROTATE)


def test_t_floor_kick_only_into_point_up() -> None:
    # Clockwise from the same place leads to point-down (state 0): row 2 columns 3-5 and
    # row 1 column 4. A block at (2, 3) stops it in place and to the left, the pit stops the
    # right kick; one row up would fit, but only the turn into point-up floor kicks.
    p = ready("T", "...#......", *T_PIT)
    put(p, "T", 3, 3, 1)
    out = step(p, B2)
    assert (p.state, p.x, p.y) == (3, 3, 1)
    assert not kinds(out, ev.ROTATE)


def test_j_l_s_z_never_floor_kick() -> None:
    # L upright (state 1) in the pit: turning to state 2 needs row 1 columns 3-5; one row up
    # would fit, but only I and T floor kick.
    p = ready("L", *T_PIT)
    put(p, "L", 1, 3, 1)
    out = step(p, B2)
    assert p.state == 1
    assert not kinds(out, ev.ROTATE)
    for letter, state, turn in (("J", 3, B1), ("S", 1, B2), ("Z", 1, B2)):
        p = ready(letter, "#" * 3 + "." * 3 + "#" * 4)
        put(p, letter, state, 3, 1)
        before = (p.state, p.x, p.y)
        step(p, turn)
        assert p.y == before[2], letter


# ---- hold and IHS -------------------------------------------------------------------
def test_hold_puts_the_piece_away_and_deals_the_next() -> None:
    p = ready("IJLZ")
    assert p.kind == I and p.next_kind == J
    out = step(p, B3)
    assert (p.hold_kind, p.kind, p.next_kind) == (I, J, L)
    assert [e.value for e in kinds(out, HOLD)] == [I]
    # Once a piece: pressing again does nothing until the next piece.
    step(p)
    step(p, B3)
    assert (p.hold_kind, p.kind) == (I, J)
    step_until(p, lambda q: q.kind == L and q.phase == ACTIVE, pad(down=True))
    step(p)
    step(p, B3)
    assert (p.hold_kind, p.kind, p.next_kind) == (L, I, Z)


def test_a_held_hold_button_is_one_press() -> None:
    p = ready("IJLZ")
    step(p, B3, times=5)
    assert (p.hold_kind, p.kind) == (I, J)


def test_ihs_with_empty_hold_deals_the_next_piece() -> None:
    p = ti("IJLZ")
    out = spawned(p, B3)
    assert (p.hold_kind, p.kind, p.next_kind) == (I, J, L)
    assert [e.value for e in kinds(out, HOLD)] == [I]
    assert p.hold_used


def test_ihs_and_irs_combine() -> None:
    p = ti("IJLZ")
    spawned(p, pad(b3=True, b2=True))
    assert (p.hold_kind, p.kind, p.state) == (I, J, 1)


def test_no_hold_means_hold_box_empty() -> None:
    p = ready("TJ")
    assert p.hold_kind == NO_PIECE and p.kind == T
    step(p, B1)
    assert p.state == 3  # button 1 still turns


def test_snapshot_keeps_hold_and_kicks() -> None:
    p = ready("IJLZ")
    step(p, B3)
    snap = p.snapshot()
    q = ti("IJLZ")
    q.restore(snap)
    assert (q.hold_kind, q.hold_used, q.floor_kicks) == (I, True, 0)
    assert q.hash_items() == p.hash_items()
    assert q.kind == J and q.next_kind == L and q.kind != Z


def test_no_floor_kick_above_the_top_row() -> None:
    # A flat I grounded at the spawn row: rising two would put its top block in row 23,
    # off the board; the turn fails instead (found by random play).
    rows = ["." * 10] + ["#########."] * 19
    p = ready("I", *rows)
    put(p, "I", 0, 3, 18)  # flat in row 20, on the stack of row 19
    step(p, B2)
    assert all(r <= 22 for r, _ in p.piece_cells())


def test_random_play_never_leaves_the_board() -> None:
    import random

    from engine.inputs import PlayerInput
    from games.ti.rules.bag import TiBag

    rng = random.Random(5)
    for seed in range(6):
        p = TiPlayer(0, flat_rules(g256=5120, are=2, line_are=2, lock=4, line_clear=2), seed,
                     pieces=TiBag(seed))
        out: list[ev.Event] = []
        for _ in range(6000):
            if p.over:
                break
            p.step(PlayerInput(*(rng.random() < 0.3 for _ in range(7))), out)
            assert all(1 <= r <= 22 and 0 <= c <= 9 for r, c in p.piece_cells())
