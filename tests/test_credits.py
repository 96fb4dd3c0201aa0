"""The credit board: cap, coin lockout, service credits, starts, save state."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipswitch import Chute, CoinSettings
from firmware.credits import MAX_CREDITS, CreditBoard

ONE_ONE = CoinSettings.of(0xF, 0xF)


def test_cap_is_nine_and_lockout_drops_at_the_cap():
    # Sega operator manuals (credits, attract mode, name entry): cap 9, drop the lockout at the cap.
    board = CreditBoard(ONE_ONE)
    assert MAX_CREDITS == 9
    for n in range(1, 10):
        assert board.accepting
        assert board.coin(Chute.A) == 1
        assert board.credits == n
    assert not board.accepting


def test_coin_past_the_lockout_is_held_not_lost():
    board = CreditBoard(ONE_ONE)
    for _ in range(9):
        board.coin(1)
    assert board.coin(2) == 1  # slipped past the dropped lockout
    assert (board.credits, board.held) == (9, 1)
    assert board.books.coins[Chute.B] == 1
    assert board.start(2)
    assert (board.credits, board.held) == (8, 0)
    assert board.accepting


def test_multi_credit_coin_at_the_cap_holds_the_rest():
    board = CreditBoard(CoinSettings.of(0xA, 0xF))  # 1 coin 6 credits
    assert board.coin(1) == 6
    assert board.accepting
    assert board.coin(1) == 6
    assert (board.credits, board.held) == (9, 3)
    assert not board.accepting
    board.start(2)
    assert (board.credits, board.held) == (9, 1)
    assert not board.accepting
    board.start(1)
    assert (board.credits, board.held) == (9, 0)
    assert not board.accepting
    board.start(1)
    assert board.accepting


def test_service_credit_counts_apart_and_respects_the_cap():
    board = CreditBoard(CoinSettings.of(0x9, 0x9))
    assert board.service() == 1
    assert board.credits == 1
    assert board.books.service_credits == 1
    assert board.books.paid_credits == 0
    assert board.books.coins == {Chute.A: 0, Chute.B: 0}
    for _ in range(8):
        board.service()
    assert board.credits == 9
    assert board.service() == 0
    assert board.books.service_credits == 9


def test_start_takes_one_credit_per_player():
    board = CreditBoard(ONE_ONE)
    assert not board.can_start(1)
    assert not board.start(1)
    board.coin(1)
    assert board.can_start(1)
    assert not board.can_start(2)
    assert not board.start(2)
    assert board.credits == 1  # a refused start takes nothing
    board.coin(1)
    assert board.start(2)
    assert board.credits == 0
    assert board.books.credits_used == 2


def test_free_play_needs_no_credits_and_keeps_the_lockout_off():
    board = CreditBoard(CoinSettings.free())
    assert board.free_play
    assert not board.accepting
    assert board.can_start(2)
    assert board.start(2)
    assert board.credits == 0
    assert board.coin(1) == 0  # counted for bookkeeping only
    assert board.books.coins[Chute.A] == 1
    assert board.books.free_starts == 2
    assert board.service() == 0


def test_rate_change_clears_only_the_changed_chutes_partial_coins():
    board = CreditBoard(CoinSettings.of(0x7, 0x9))
    board.coin(1)
    board.coin(2)
    board.set_coin_settings(CoinSettings.of(0x8, 0x9))
    assert board.partial == {Chute.A: 0, Chute.B: 1}
    assert board.coin(2) == 1


def test_coins_to_next_credit():
    board = CreditBoard(CoinSettings.of(0x5, 0x7))
    assert board.coins_to_next_credit(1) == 2
    board.coin(1)
    board.coin(1)
    assert board.coins_to_next_credit(1) == 2
    board.coin(1)
    board.coin(1)
    assert board.coins_to_next_credit(1) == 1  # coin 5 gives the 3rd credit
    assert board.coins_to_next_credit(2) == 4


def test_state_survives_json_round_trip():
    board = CreditBoard(CoinSettings.of(0x5, 0x7))
    for _ in range(3):
        board.coin(1)
    board.coin(2)
    board.service()
    saved = json.loads(json.dumps(board.to_dict()))
    again = CreditBoard.from_dict(saved, CoinSettings.of(0x5, 0x7))
    assert again.to_dict() == board.to_dict()
    # The restored partial count keeps counting: coin 4 of 0x5 gives the 2nd credit.
    assert again.coin(1) == 1


def test_restoring_under_a_new_rate_drops_that_chutes_partial_coins():
    board = CreditBoard(CoinSettings.of(0x5, 0x7))
    board.coin(1)
    board.coin(2)
    again = CreditBoard.from_dict(board.to_dict(), CoinSettings.of(0x9, 0x7))
    assert again.partial == {Chute.A: 0, Chute.B: 1}


@pytest.mark.parametrize(
    "bad",
    [None, [], {"credits": -1}, {"credits": "3"}, {"partial": 5},
     {"partial": {"A": {"value": 15, "coins": -2}}}, {"bookkeeping": {"coins_a": 1.5}}],
)
def test_malformed_state_is_a_one_line_error(bad):
    with pytest.raises(ValueError) as err:
        CreditBoard.from_dict(bad, ONE_ONE)
    assert "\n" not in str(err.value)


def test_bad_arguments_are_clear_errors():
    board = CreditBoard(ONE_ONE)
    with pytest.raises(ValueError, match=r"1 \(A\) or 2 \(B\)"):
        board.coin(3)
    with pytest.raises(ValueError, match=r"1 \(A\) or 2 \(B\)"):
        board.coin(1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1 or 2 players"):
        board.can_start(3)
    with pytest.raises(ValueError, match="1 or 2 players"):
        board.start(1.0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1 or 2 players"):
        CreditBoard(CoinSettings.free()).start(0)
    with pytest.raises(ValueError, match="max credits"):
        CreditBoard(ONE_ONE, max_credits=0)


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("coin"), st.sampled_from([1, 2])),
        st.tuples(st.just("service"), st.just(0)),
        st.tuples(st.just("start"), st.sampled_from([1, 2])),
    ),
    max_size=60,
)


@settings(max_examples=150, deadline=None)
@given(a=st.integers(0, 15), b=st.integers(0, 15), ops=OPS)
def test_credits_are_conserved(a, b, ops):
    board = CreditBoard(CoinSettings.of(a, b))
    for op, arg in ops:
        if op == "coin":
            board.coin(arg)
        elif op == "service":
            board.service()
        else:
            board.start(arg)
        assert 0 <= board.credits <= board.max_credits
        assert board.held == 0 or board.credits == board.max_credits
        books = board.books
        if not board.free_play:
            assert (books.paid_credits + books.service_credits
                    == board.credits + board.held + books.credits_used)
            assert board.accepting == (board.credits + board.held < board.max_credits)
        restored = CreditBoard.from_dict(board.to_dict(), board.coin_settings)
        assert restored.to_dict() == board.to_dict()
