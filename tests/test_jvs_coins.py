"""Coin bookkeeping against the board's counter (ref §1.8): each coin counted exactly once."""

from __future__ import annotations

from cabinet.jvs.coins import CoinLedger


def test_new_count_becomes_edges_once_then_a_decrement() -> None:
    ledger = CoinLedger()
    ledger.observe([2, 0])
    ledger.observe([2, 0])
    assert ledger.decrements() == []  # the game has not taken them yet
    assert ledger.take_edges() == (2, 0)
    assert ledger.take_edges() == (0, 0)
    assert ledger.decrements() == [(1, 2)]
    ledger.observe([3, 0])  # one more coin arrived in the same packet, before the 0x30
    ledger.confirm(1, 2)
    assert ledger.take_edges() == (1, 0)
    ledger.observe([1, 0])
    assert ledger.take_edges() == (0, 0)


def test_lost_reply_after_the_board_did_the_decrement() -> None:
    ledger = CoinLedger()
    ledger.observe([2, 0])
    ledger.take_edges()
    ledger.lost(1, 2)
    assert ledger.decrements() == []  # nothing new while in doubt
    ledger.observe([0, 0])  # count went down: the decrement happened
    assert ledger.take_edges() == (0, 0)
    assert ledger.decrements() == []


def test_lost_reply_when_the_board_never_got_the_decrement() -> None:
    ledger = CoinLedger()
    ledger.observe([0, 2])
    ledger.take_edges()
    ledger.lost(2, 2)
    ledger.observe([0, 2])
    assert ledger.take_edges() == (0, 0)
    assert ledger.decrements() == [(2, 2)]  # sent again


def test_board_that_lost_its_count_is_not_decremented_below_zero() -> None:
    ledger = CoinLedger()
    ledger.observe([3, 0])
    ledger.take_edges()
    ledger.observe([0, 0])  # power cycle without backup
    assert ledger.decrements() == []
    ledger.observe([1, 0])
    assert ledger.take_edges() == (1, 0)
