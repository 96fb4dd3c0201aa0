"""TAP Doubles (tetris.wiki, "Tetris The Absolute The Grand Master 2", Doubles): one
14-wide well, two pieces that block each other, a level counter each, both to 300 with a
stop only at 299, 20G for the first at 300, then the credits; and the decisions where the
page is silent (spawn columns, a spawn the partner's piece blocks, a clear that drops the
stack into a piece, a top-out, Start in the credits)."""

from __future__ import annotations

import pytest

from engine import events as ev
from engine.events import Event
from engine.inputs import PlayerInput
from games.arika import events as aev
from games.arika.board import WIDE, Board
from games.arika.player import ACTIVE, PAUSE, SPAWN
from games.arika.speeds import NORMAL_GRAVITY
from games.arika.timing import TWENTY_G
from games.tap.rules.decisions import DOUBLES_DECISIONS
from games.tap.rules.doubles import (
    CREDIT_FRAMES,
    DOUBLES_GOAL,
    DoublesPair,
    DoublesPlayer,
    doubles_rules,
)
from tests.arika_kit import IDLE, Script, kinds, pad

DROP_LOCK = pad(up=True, down=True)
EMPTY_ROW = "." * WIDE


def make_pair(p1: str = "T", p2: str = "T", rows: list[str] | None = None) -> DoublesPair:
    """A pair dealing ``p1`` and ``p2`` (letters), on a well of ``rows`` (last = row 1),
    stepped until both pieces are in play."""
    pair = DoublesPair(0)
    for p, letters in zip(pair.players, (p1, p2), strict=True):
        p.randomizer = Script(letters)
        p.next_kind = p.randomizer.next()
    if rows:
        board = Board.from_text(rows)
        assert board.width == WIDE
        pair.board = board
        for p in pair.players:
            p.board = board
    run(pair, lambda q: all(p.phase == ACTIVE for p in q.players))
    return pair


def run(pair: DoublesPair, done: object, p1: PlayerInput = IDLE, p2: PlayerInput = IDLE,
        limit: int = 5000) -> list[Event]:
    out: list[Event] = []
    for _ in range(limit):
        if callable(done) and done(pair):
            return out
        pair.step(p1, p2, out)
    raise AssertionError("condition not reached")


def steps(pair: DoublesPair, n: int, p1: PlayerInput = IDLE,
          p2: PlayerInput = IDLE) -> list[Event]:
    out: list[Event] = []
    for _ in range(n):
        pair.step(p1, p2, out)
    return out


def columns(p: DoublesPlayer) -> set[int]:
    return {c for _, c in p.piece_cells()}


# ---- the well --------------------------------------------------------------------------
def test_the_well_is_14_wide_and_its_walls_hold() -> None:
    pair = make_pair("I", "I")
    a, b = pair.players
    assert pair.board.width == 14 and len(pair.board.cells[0]) == 14
    steps(pair, 40, p1=pad(left=True), p2=pad(right=True))
    assert columns(a) == {0, 1, 2, 3} and columns(b) == {10, 11, 12, 13}
    # Upright at either edge, and no turn back through the wall (I never kicks).
    a.state = b.state = 1
    a.x, b.x = pair.board.first - 2, pair.board.first + 11
    assert columns(a) == {0} and columns(b) == {13}
    y = a.y
    steps(pair, 3, p1=pad(left=True), p2=pad(right=True))
    assert columns(a) == {0} and columns(b) == {13}
    steps(pair, 1, p1=pad(b2=True), p2=pad(b2=True))
    assert a.state == 1 and b.state == 1 and a.y <= y


def test_a_row_clears_only_with_all_14_cells() -> None:
    board = Board(WIDE)
    for c in range(13):
        board.put(1, c, 8)
    assert not board.row_full(1)
    board.put(1, 13, 8)
    assert board.row_full(1)
    assert board.to_text(1) == ["#" * 14]
    with pytest.raises(ValueError):
        Board(12)


@pytest.mark.parametrize(("letter", "p1_cols", "p2_cols"), [
    ("T", {2, 3, 4}, {9, 10, 11}), ("I", {2, 3, 4, 5}, {9, 10, 11, 12}),
    ("O", {3, 4}, {10, 11}), ("L", {2, 3, 4}, {9, 10, 11}),
])
def test_spawn_columns(letter: str, p1_cols: set[int], p2_cols: set[int]) -> None:
    assert DOUBLES_DECISIONS["doubles_spawn_columns"].value == {"p1": 2, "p2": 9}
    a, b = make_pair(letter, letter).players
    assert columns(a) == p1_cols and columns(b) == p2_cols


def test_both_are_dealt_the_same_pieces() -> None:
    a, b = DoublesPair(1234).players
    assert [a.randomizer.next() for _ in range(50)] == [b.randomizer.next() for _ in range(50)]


# ---- the pieces block each other ----------------------------------------------------------
def test_a_piece_cannot_move_into_the_partners_piece() -> None:
    pair = make_pair("O", "O")
    a, b = pair.players
    b.x = a.x + 3  # P2's O in columns 6-7, P1's in 3-4: one free column between
    b.y = a.y
    steps(pair, 1, p1=pad(right=True))
    assert columns(a) == {4, 5}
    steps(pair, 30, p1=pad(right=True))
    assert columns(a) == {4, 5}  # held by P2's piece, DAS or not
    steps(pair, 1, p2=pad(left=True))  # nor can P2 move into P1's
    assert columns(b) == {6, 7}


def test_a_piece_cannot_turn_into_the_partners_piece() -> None:
    pair = make_pair("I", "O")
    a, b = pair.players
    # P1's flat I in columns 2-5 (row y + 2); P2's O under it, where the upright I goes.
    b.x = a.x + 1
    b.y = a.y - 1
    assert columns(b) == {4, 5}
    steps(pair, 1, p1=pad(b2=True))
    assert a.state == 0
    b.x += 4  # out of the way
    steps(pair, 1, p1=pad(b1=True))
    assert a.state == 3 and columns(a) == {4}


def test_a_piece_lands_and_locks_on_the_partners_piece_which_is_not_stack() -> None:
    pair = make_pair("O", "O")
    a, b = pair.players
    b.x = a.x
    b.y = 4  # P2's O sits low under P1's
    a.y = 8
    out = steps(pair, 1, p1=DROP_LOCK)
    assert kinds(out, ev.LOCK) and a.phase != ACTIVE
    stack = {(r, c) for r in range(1, 23) for c in range(14) if pair.board.filled(r, c)}
    assert stack == {(7, 3), (7, 4), (8, 3), (8, 4)}  # on top of P2's piece (rows 5-6)
    assert all(not pair.board.filled(r, c) for r, c in b.piece_cells())


def test_the_partners_piece_never_completes_a_row() -> None:
    # Row 1 lacks columns 2-5 (P1's I) and 9-10, where P2's O stands.
    rows = ["##....###..###"]
    pair = make_pair("I", "O", rows)
    _a, b = pair.players
    b.y = 0
    b.x = pair.board.first + 8
    assert {(1, 9), (1, 10)} <= set(b.piece_cells())
    out = steps(pair, 1, p1=DROP_LOCK)
    assert kinds(out, ev.LOCK) and not kinds(out, ev.LINE_CLEAR)


def test_a_spawn_into_the_partners_piece_waits() -> None:
    assert DOUBLES_DECISIONS["doubles_spawn_overlap"].value == "wait"
    pair = make_pair("O", "OO")
    a, b = pair.players
    # P2's O goes to the floor at the right; P1's O waits in P2's spawn place.
    spawn = (b.x, b.y)
    b.x, b.y = pair.board.first + 11, 0
    a.x, a.y = spawn
    a.acc = 0
    out = steps(pair, 1, p2=DROP_LOCK)
    assert kinds(out, ev.LOCK)
    out = run(pair, lambda q: q.players[1].phase == SPAWN)
    waited = steps(pair, 20)
    assert b.phase == SPAWN and not b.over and not kinds(waited, ev.SPAWN)
    a.x -= 4  # P1's piece leaves
    out = steps(pair, 1)
    assert b.phase == ACTIVE and [e.player for e in kinds(out, ev.SPAWN)] == [1]


def test_a_clear_that_drops_the_stack_into_a_piece_lifts_it() -> None:
    assert DOUBLES_DECISIONS["doubles_collapse_lift"].value == "lift until it fits"
    rows = [
        ".........##...",  # row 5: an overhang over P2's piece
        "..............",
        "..............",
        "..............",
        "##....########",  # row 1: P1's I completes it
    ]
    pair = make_pair("I", "O", rows)
    _a, b = pair.players
    b.x, b.y, b.acc = pair.board.first + 8, 2, 0
    assert set(b.piece_cells()) == {(3, 9), (3, 10), (4, 9), (4, 10)}
    out = steps(pair, 1, p1=DROP_LOCK)
    assert kinds(out, ev.LINE_CLEAR)
    run(pair, lambda q: not q.players[0].clearing)
    # The overhang fell to row 4, into P2's piece: the piece rose above it.
    assert pair.board.filled(4, 9) and pair.board.filled(4, 10)
    assert {r for r, _ in b.piece_cells()} == {5, 6} and b.phase == ACTIVE
    assert not any(pair.board.filled(r, c) for r, c in b.piece_cells())


# ---- levels, the goal and the credits ------------------------------------------------------
def test_each_player_has_their_own_level() -> None:
    pair = make_pair("IIII", "OOOO", ["##....########"])
    a, b = pair.players
    b.x = pair.board.first + 9  # P2's O out of the way, high up
    out = steps(pair, 1, p1=DROP_LOCK)
    assert [e.value for e in kinds(out, ev.LINE_CLEAR)] == [1]
    assert a.level == 1 and b.level == 0  # P1's clear is P1's line only
    run(pair, lambda q: q.players[0].phase == ACTIVE)
    assert a.level == 2 and b.level == 0  # P1's new piece: +1 for P1 only
    assert a.lines == 1 and b.lines == 0


def test_no_stop_at_99_or_199_but_at_299() -> None:
    rules = doubles_rules()
    assert rules.goal == DOUBLES_GOAL == 300
    assert rules.level_stops == frozenset({299})
    pair = make_pair("OOOO", "OOOO")
    a, b = pair.players
    for level, after in ((99, 100), (199, 200), (299, 299)):
        a.set_level(level)
        b.x = pair.board.first + 11
        a.x, a.y = pair.board.first + 6, 10
        pair.board.clear()
        steps(pair, 1, p1=DROP_LOCK)
        run(pair, lambda q: q.players[0].phase == ACTIVE)
        assert a.level == after, level


def test_the_first_at_300_plays_at_20g_until_the_other_arrives() -> None:
    pair = make_pair("IIIIII", "OOOOOO", ["##....########"])
    a, b = pair.players
    a.set_level(299)
    b.set_level(150)
    b.x = pair.board.first + 11
    out = steps(pair, 1, p1=DROP_LOCK)
    assert a.level == 300 and a.goal_reached and [e.value for e in kinds(out, aev.GOAL)] == [300]
    out = run(pair, lambda q: q.players[0].phase == ACTIVE)
    assert a.level == 300 and a.g == TWENTY_G and a.twenty_g
    assert b.g == dict((r.level, r.g256) for r in NORMAL_GRAVITY)[149]
    assert not a.over and not pair.credits and not kinds(out, aev.ROLL_START)
    assert a.ghost_y() == a.y  # at 20G the new piece is on the stack at once
    clock, own = pair.clock, a.clock
    steps(pair, 10)
    assert pair.clock == clock + 10  # the shared timer runs on
    assert a.clock == own and not a.clock_on  # P1's own time stopped at 300


def test_the_credits_once_both_are_at_300() -> None:
    pair = make_pair("IIII", "IIII", ["##....###....#"])
    a, b = pair.players
    a.set_level(299)
    b.set_level(299)
    steps(pair, 1, p1=DROP_LOCK)  # P1 fills 2-5: the row still lacks P2's columns
    assert a.level == 299 and not a.goal_reached
    out = steps(pair, 1, p2=DROP_LOCK)  # P2 completes it: P2's clear, P2's 300
    assert b.level == 300 and b.goal_reached and a.level == 299
    assert not pair.credits and b.phase != PAUSE
    # P1 clears a row of its own: both are at 300 and the credits begin.
    run(pair, lambda q: q.players[0].phase == ACTIVE and not q.players[1].clearing)
    pair.board.clear()
    for c in (0, 1, *range(6, 14)):
        pair.board.put(1, c, 8)
    b.x, b.y = pair.board.first + 10, 12
    out = steps(pair, 1, p1=DROP_LOCK)
    assert a.level == 300 and pair.credits
    assert a.phase == PAUSE and b.phase == PAUSE
    clock = pair.clock
    out = run(pair, lambda q: q.players[0].in_roll)
    assert pair.board.is_empty() and pair.clock == clock  # the timer stopped at 300
    assert pair.clock == max(a.clock, b.clock)  # at the later player's 300
    assert [e.player for e in kinds(out, aev.ROLL_START)] == [0, 1]
    assert all(p.roll_left == CREDIT_FRAMES for p in (a, b))
    for p in (a, b):
        p.roll_left = 5
    out = steps(pair, 5)
    assert pair.over and a.finished and b.finished
    assert sorted(e.player for e in kinds(out, ev.GAME_OVER)) == [0, 1]


def enter_credits(pair: DoublesPair) -> None:
    a, b = pair.players
    for p in (a, b):
        p.set_level(DOUBLES_GOAL)
        p.goal_reached = True
    steps(pair, 1)
    assert pair.credits
    run(pair, lambda q: q.players[0].in_roll and q.players[0].phase == ACTIVE)


def test_start_skips_the_credits() -> None:
    pair = make_pair("TTTT", "TTTT")
    enter_credits(pair)
    steps(pair, 5)
    assert not pair.over
    out = steps(pair, 1, p2=pad(start=True))
    assert pair.over and all(p.finished for p in pair.players)
    assert len(kinds(out, aev.ROLL_END)) == 2


def test_a_top_out_in_the_credits_still_clears() -> None:
    pair = make_pair("OOOO", "OOOO")
    enter_credits(pair)
    out = run(pair, lambda q: q.over, limit=CREDIT_FRAMES)
    assert any(p.topped_out for p in pair.players)  # idle: P1's column filled up
    assert all(p.finished for p in pair.players)
    assert len(kinds(out, ev.GAME_OVER)) == 2


def test_a_top_out_ends_both_games() -> None:
    pair = make_pair("OOOOOOOOOOOOOOOOOOOOOOOOO", "O")
    a, b = pair.players
    b.x = pair.board.first + 11
    b.y = 10
    out = run(pair, lambda q: q.over, p1=DROP_LOCK, limit=3000)
    assert a.topped_out and b.topped_out and not a.finished and not b.finished
    assert sorted(e.player for e in kinds(out, ev.GAME_OVER)) == [0, 1]


def test_snapshot_restore_keeps_one_well() -> None:
    pair = make_pair("TJLIOSZ", "ZSOILJT")
    snap = pair.snapshot()
    first = steps(pair, 300, p1=pad(left=True, down=True), p2=pad(right=True, down=True))
    after = (pair.board.bits, pair.state())
    pair.restore(snap)
    assert pair.players[0].board is pair.players[1].board is pair.board
    again = steps(pair, 300, p1=pad(left=True, down=True), p2=pad(right=True, down=True))
    assert again == first and (pair.board.bits, pair.state()) == after
