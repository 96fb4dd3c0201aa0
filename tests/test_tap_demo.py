"""The demo bot plays 20G: T.A. Death from the start without topping out early."""

from __future__ import annotations

import itertools

from engine.pieces import I, O, S, T
from games.arika.board import Board
from games.arika.demo import best_move, distinct_states, evaluate, rows_of
from games.tap.session import TapSession


def test_bot_survives_death_opening() -> None:
    s = TapSession("tap-death", {}, {"main": 3}, 1)
    from games.arika.demo import demo_inputs

    inputs = demo_inputs(s)
    for frame in itertools.islice(inputs, 1500):
        s.step(frame)
    p = s.player(0)
    assert not s.over and p.level >= 60 and p.lines >= 10


def test_bot_fills_a_well_with_an_i() -> None:
    board = Board.from_text(["#.########"] * 4)
    assert best_move(board.bits, I, 4) in ((1, -1), (3, -1))


def test_bot_prefers_no_holes() -> None:
    board = Board.from_text([".......#..", "#########."])
    rows = rows_of(board.bits)
    hole = evaluate(rows, O, 0, 7, 1)  # over the gap at column 9: a hole
    flat = evaluate(rows, O, 0, 3, 1)
    assert flat > hole
    assert distinct_states(O) == (0,) and distinct_states(S) == (0, 1)
    assert len(distinct_states(T)) == 4
