"""Coin bookkeeping against the board's counter (JVS-TR, commands 21 and 30): each coin
counted exactly once, a count believed only when two reads agree, and credited no faster
than a coin mech."""

from __future__ import annotations

from cabinet.jvs.coins import COIN_BURST, COINS_PER_SECOND_MAX, IMPLAUSIBLE_READS, CoinLedger

POLL = 1 / 120  # the master's poll period (cabinet/jvs/master.py Timing)


class Reader:
    """Feeds a ledger one poll at a time on a clock of its own."""

    def __init__(self, ledger: CoinLedger) -> None:
        self.ledger = ledger
        self.now = 0.0
        self.errors: list[str] = []

    def read(self, *counts: int | None, after: float = POLL) -> None:
        self.now += after
        self.errors += self.ledger.observe(list(counts), self.now)


def test_new_count_becomes_edges_once_then_a_decrement() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(2, 0)
    assert ledger.take_edges() == (0, 0)  # one read is not believed
    bus.read(2, 0)
    assert ledger.decrements() == []  # the game has not taken them yet
    assert ledger.take_edges() == (2, 0)
    assert ledger.take_edges() == (0, 0)
    assert ledger.decrements() == [(1, 2)]
    bus.read(3, 0, after=0.2)  # one more coin arrived in the same packet, before the 0x30
    ledger.confirm(1, 2)
    bus.read(1, 0)
    assert ledger.take_edges() == (1, 0)
    bus.read(1, 0)
    assert ledger.take_edges() == (0, 0)
    assert bus.errors == []


def test_lost_reply_after_the_board_did_the_decrement() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(2, 0)
    bus.read(2, 0)
    ledger.take_edges()
    ledger.lost(1, 2)
    assert ledger.decrements() == []  # nothing new while in doubt
    bus.read(0, 0)
    bus.read(0, 0)  # count went down (twice): the decrement happened
    assert ledger.take_edges() == (0, 0)
    assert ledger.decrements() == []
    assert ledger.owed == [0, 0] and bus.errors == []


def test_lost_reply_when_the_board_never_got_the_decrement() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(0, 2)
    bus.read(0, 2)
    ledger.take_edges()
    ledger.lost(2, 2)
    bus.read(0, 2)
    assert ledger.take_edges() == (0, 0)
    assert ledger.decrements() == [(2, 2)]  # sent again


def test_a_corrupt_lower_read_during_a_doubt_does_not_settle_it() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(2, 0)
    bus.read(2, 0)
    ledger.take_edges()
    ledger.lost(1, 2)
    bus.read(0, 0)  # a damaged read that looks like "the decrement happened"
    bus.read(2, 0)  # the board still has them
    bus.read(2, 0)
    assert ledger.decrements() == [(1, 2)]
    assert ledger.take_edges() == (0, 0)


def test_board_that_lost_its_count_is_not_decremented_below_zero() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(3, 0)
    bus.read(3, 0)
    ledger.take_edges()
    for _ in range(IMPLAUSIBLE_READS):  # power cycle without backup, seen 5 times
        bus.read(0, 0)
    assert ledger.decrements() == []
    bus.read(1, 0, after=0.5)
    bus.read(1, 0)
    assert ledger.take_edges() == (1, 0)


def test_a_jump_no_coin_mech_can_make_is_a_line_error_and_never_credited() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(0, 0)
    bus.read(0, 0)
    bus.read(0x3F00, 0)  # paired bit errors: 16128 coins in one poll
    bus.read(0, 0)
    assert ledger.take_edges() == (0, 0)
    assert ledger.decrements() == []
    assert bus.errors == ["coin chute 1 count 0 -> 16128 jumped further than a coin mech "
                          "can deliver; re-reading"]


def test_a_count_going_backwards_is_a_line_error_and_its_return_is_no_new_coin() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(0, 2)
    bus.read(0, 2)  # two coins credited; the game has not taken them yet
    bus.read(0, 0)
    bus.read(0, 2)
    bus.read(0, 2)
    assert ledger.take_edges() == (0, 2)
    assert bus.errors == ["coin chute 2 count 2 -> 0 went backwards; re-reading"]


def test_rise_per_poll_is_bounded_by_what_a_coin_mech_delivers() -> None:
    # decision (cabinet/jvs/coins.py): at most 10 coins a second per chute, 2 at once.
    assert COINS_PER_SECOND_MAX == 10 and COIN_BURST == 2
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(0, 0)
    bus.read(0, 0)
    bus.read(1, 0)  # one coin in one poll: plausible
    bus.read(1, 0)
    assert bus.errors == []
    bus.read(3, 0, after=0.001)  # two more in the next millisecond: no mech does that
    assert len(bus.errors) == 1
    for _ in range(IMPLAUSIBLE_READS - 2):
        bus.read(3, 0, after=0.0)
    assert ledger.trusted[0] == 1  # not believed after 4 reads in a row
    bus.read(3, 0, after=0.0)  # ... but the fifth says so too: believed
    assert ledger.trusted[0] == 3
    bus.read(14, 0, after=1.0)  # 11 coins in 1 s: 1 + 10 a second, the limit
    bus.read(14, 0)
    assert len(bus.errors) == 1 and ledger.trusted[0] == 14
    bus.read(26, 0, after=1.0)  # 12 in 1 s: one too many
    assert len(bus.errors) == 2


def test_a_believed_backlog_is_credited_at_the_coin_rate_never_lost() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(30, 0)
    bus.read(30, 0)  # 30 coins on the counter at start (a board with backup)
    assert ledger.take_edges() == (2, 0)  # the burst
    bus.read(30, 0, after=0.1)
    assert ledger.take_edges() == (1, 0)  # 10 a second
    total = 3
    for _ in range(40):
        bus.read(30, 0, after=0.1)
        total += ledger.take_edges()[0]
    assert total == 30
    assert ledger.decrements() == [(1, 30)]


def test_a_new_connection_needs_a_second_read_again() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(1, 0)
    bus.read(1, 0)
    assert ledger.take_edges() == (1, 0)
    ledger.restart()
    bus.read(2, 0, after=5.0)
    assert ledger.take_edges() == (0, 0)
    bus.read(2, 0)
    assert ledger.take_edges() == (1, 0)


def test_a_failed_poll_or_a_slot_not_in_normal_condition_breaks_the_pair() -> None:
    ledger = CoinLedger()
    bus = Reader(ledger)
    bus.read(0, 0)
    bus.read(0, 0)
    bus.read(1, 1)
    ledger.restart()  # the poll after it failed
    bus.read(1, None)  # chute 2: jam, disconnected or busy (JVS-TR §4.3.11)
    assert ledger.take_edges() == (0, 0)
    bus.read(1, 1)
    assert ledger.take_edges() == (1, 0)
    bus.read(1, 1)
    assert ledger.take_edges() == (0, 1)
