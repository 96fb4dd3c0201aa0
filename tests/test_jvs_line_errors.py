"""Checksum-valid but wrong replies (paired bit errors the 8-bit sum cannot see) over a real
pty: no free coins, no lost coins, no decrement for coins not credited, status byte checked.

Reply payload of the poll ``20 02 02 21 02``: 0 status, 1 report, 2 system, 3-4 player 1,
5-6 player 2, 7 report, 8-9 coin chute 1, 10-11 coin chute 2.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from cabinet.jvs.master import JvsMaster, Timing
from cabinet.jvs.simulator import IoBoardSimulator, paired_error
from cabinet.jvs.source import JvsSource, open_jvs
from tests.conftest import LONG
from tests.test_jvs_master import FAST, PATIENT, wait_for

STATUS, P1, COIN1_HIGH, COIN1_LOW, COIN2_HIGH, COIN2_LOW = 0, 3, 8, 9, 10, 11


def polls(source: JvsSource, count: int) -> None:
    """Wait until `count` more polls have completed (without reading the source)."""
    target = source.master.polls + count
    wait_for(lambda: source.master.polls >= target)


@pytest.fixture
def sim() -> Iterator[IoBoardSimulator]:
    with IoBoardSimulator() as simulator:
        yield simulator


def started(sim: IoBoardSimulator, timing: Timing) -> Iterator[JvsSource]:
    source, _ = open_jvs(sim.port, timing=timing)
    wait_for(lambda: "up" in source.status())
    polls(source, 3)
    yield source
    source.close()


@pytest.fixture
def running(sim: IoBoardSimulator) -> Iterator[JvsSource]:
    """Polling with short timeouts: on a loaded machine some replies come late."""
    yield from started(sim, FAST)


@pytest.fixture
def patient(sim: IoBoardSimulator) -> Iterator[JvsSource]:
    """Polling that waits for every reply, for tests that count line errors exactly."""
    yield from started(sim, PATIENT)


class Credits:
    """What the game takes from the source, summed per chute."""

    def __init__(self, source: JvsSource) -> None:
        self.source = source
        self.coins = [0, 0]

    def take(self) -> None:
        reading = self.source.read()
        self.coins[0] += reading.coins[0]
        self.coins[1] += reading.coins[1]


def test_a_coin_count_of_16128_in_a_valid_frame_gives_no_credit_and_no_decrement(
    sim: IoBoardSimulator, patient: JvsSource
) -> None:
    credits = Credits(patient)
    # Coin chute 1's high byte 00 -> 3F (16128 coins), chute 2's high byte pays for it:
    # C1, whose top bits say "busy" (JVS-TR §4.3.11), so chute 2 has no reading this poll.
    sim.tamper_next_replies(paired_error(COIN1_HIGH, 0x3F, balance=COIN2_HIGH))
    for _ in range(20):
        polls(patient, 1)
        credits.take()
    assert credits.coins == [0, 0]
    assert sim.board.decrements == []
    assert patient.master.health.line_errors == 1
    assert patient.notice == (
        "JVS line errors: 1 (last: coin chute 1 count 0 -> 16128 jumped further than a coin "
        "mech can deliver; re-reading)"
    )


def test_a_count_going_backwards_and_back_is_not_counted_twice(
    sim: IoBoardSimulator, patient: JvsSource
) -> None:
    for coins in (1, 2):
        sim.board.insert_coin(1)
        wait_for(lambda want=coins: patient.master.coins.known[0] == want)  # not yet taken
    # One reply says chute 1 has 0 coins and chute 2 two: both are line errors.
    sim.tamper_next_replies(paired_error(COIN1_LOW, 0x00, balance=COIN2_LOW))
    credits = Credits(patient)
    for _ in range(20):
        polls(patient, 1)
        credits.take()
    wait_for(lambda: sim.board.coins == [0, 0])
    credits.take()
    assert credits.coins == [2, 0]
    assert sim.board.decrements == [(1, 2)]
    assert patient.master.health.line_errors == 2


def test_a_reply_with_status_03_is_not_taken_as_an_answer(sim: IoBoardSimulator) -> None:
    master = JvsMaster(sim.port, timing=FAST)
    master.connect()
    try:
        # Status 01 -> 03, player 1's first byte pays for it (01 + 00 = 03 + FE).
        sim.tamper_next_replies(paired_error(STATUS, 0x03, balance=P1))
        assert master.poll() is None
        assert master.health.line_errors == 1
        assert master.health.last_line_error == "reply status 03 from node 1"
        result = master.poll()
        assert result is not None and result[0].switches.controls() == frozenset()
    finally:
        master.close()


def test_line_noise_campaign_every_coin_counted_once_and_only_credited_coins_decremented(
    sim: IoBoardSimulator, running: JvsSource
) -> None:
    rng = random.Random(20)
    credits = Credits(running)
    inserted = [0, 0]
    coins = 200 if LONG else 16
    for _ in range(coins):
        chute = rng.randrange(2)
        sim.board.insert_coin(chute + 1)
        inserted[chute] += 1
        for _ in range(4):
            at, balance = rng.sample(range(12), 2)
            sim.tamper_next_replies(paired_error(at, rng.randrange(256), balance))
            polls(running, 3)
            credits.take()
    wait_for(lambda: sim.board.coins == [0, 0])
    credits.take()
    assert credits.coins == inserted
    taken = [sum(a for s, a in sim.board.decrements if s == chute) for chute in (1, 2)]
    assert taken == inserted


def test_a_coin_seen_once_before_a_lost_decrement_reply_is_still_credited(
    sim: IoBoardSimulator,
) -> None:
    master = JvsMaster(sim.port, timing=PATIENT)
    master.connect()
    credited = 0

    def steps(count: int) -> None:
        for _ in range(count):
            assert master.step()

    try:
        steps(3)
        sim.board.insert_coin(1)
        steps(2)  # read twice: believed, one edge
        sim.board.insert_coin(1)
        steps(1)  # the second coin, read once
        credited += master.take()[2][0]  # the game takes the first coin
        assert credited == 1
        # The packet with the decrement of the first coin: the board takes it off (2 -> 1)
        # and its reply says status 03 (player 1's byte pays for it).
        sim.tamper_next_replies(paired_error(STATUS, 0x03, balance=P1))
        master.step()
        assert sim.board.coins[0] == 1
        assert master.health.line_errors == 1
        for _ in range(10):
            steps(1)
            credited += master.take()[2][0]
        assert sim.board.coins == [0, 0]
        assert credited == 2
        assert sim.board.decrements == [(1, 1), (1, 1)]
    finally:
        master.close()


def settled_master(sim: IoBoardSimulator, timing: Timing = PATIENT) -> JvsMaster:
    master = JvsMaster(sim.port, timing=timing)
    master.connect()
    for _ in range(3):
        assert master.step()
    return master


def test_a_failed_poll_between_two_equal_damaged_reads_gives_no_coin(
    sim: IoBoardSimulator,
) -> None:
    master = settled_master(sim)
    try:
        one_coin = paired_error(COIN1_LOW, 0x01, balance=P1)  # count 0 -> 1, the sum kept
        sim.tamper_next_replies(one_coin, paired_error(STATUS, 0x03, balance=P1), one_coin)
        master.step()
        assert not master.step()  # status 03: no answer, and no pair across it
        master.step()
        for _ in range(10):
            assert master.step()
        assert master.take()[2] == (0, 0)
        assert sim.board.decrements == []
    finally:
        master.close()


def coin_with_condition(condition: int, count: int) -> Callable[[bytes], bytes]:
    """Chute 1's two bytes become `condition` and `count`; player 1's byte keeps the sum."""

    def change(payload: bytes) -> bytes:
        out = bytearray(payload)
        word = (condition << 14) | count
        delta = (word >> 8) + (word & 0xFF) - out[COIN1_HIGH] - out[COIN1_LOW]
        out[COIN1_HIGH], out[COIN1_LOW] = word >> 8, word & 0xFF
        out[P1] = (out[P1] - delta) & 0xFF
        return bytes(out)

    return change


def test_a_count_whose_condition_is_not_normal_is_no_reading(sim: IoBoardSimulator) -> None:
    master = settled_master(sim)
    try:
        # Twice in a row chute 1 reads "counter disconnected" (JVS-TR §4.3.11) with 1 coin.
        sim.tamper_next_replies(coin_with_condition(2, 1), coin_with_condition(2, 1))
        for _ in range(12):
            assert master.step()
        assert master.take()[2] == (0, 0)
        assert sim.board.decrements == []
    finally:
        master.close()


def test_a_decrement_whose_replies_are_lost_while_a_coin_lands_takes_no_coin_unpaid(
    sim: IoBoardSimulator,
) -> None:
    master = settled_master(sim)
    credited = 0
    try:
        sim.board.insert_coin(1)
        for _ in range(3):
            assert master.step()
        credited += master.take()[2][0]
        assert credited == 1
        # The decrement packet reaches the board (1 -> 0), but its reply and the resent
        # (0x2F) reply both arrive damaged; then the player puts in the second coin.
        damaged = paired_error(STATUS, 0x03, balance=P1)
        sim.tamper_next_replies(damaged, damaged)
        assert not master.step()
        assert sim.board.coins[0] == 0
        sim.board.insert_coin(1)
        for _ in range(20):
            master.step()
            credited += master.take()[2][0]
        assert credited == 2
        assert sim.board.coins == [0, 0]
        assert sim.board.decrements == [(1, 1), (1, 1)]
    finally:
        master.close()


def test_a_decrement_the_board_never_got_is_sent_again_once(sim: IoBoardSimulator) -> None:
    master = settled_master(sim, replace(PATIENT, poll_timeout=0.3))
    credited = 0
    try:
        sim.board.insert_coin(2)
        for _ in range(3):
            assert master.step()
        credited += master.take()[2][1]
        sim.silent = True  # the decrement packet and the 0x2F after it go unheard
        assert not master.step()
        sim.silent = False
        assert sim.board.decrements == []
        for _ in range(20):
            master.step()
            credited += master.take()[2][1]
        assert credited == 1
        assert sim.board.decrements == [(2, 1)]
        assert sim.board.coins == [0, 0]
    finally:
        master.close()


def test_a_reply_of_another_shape_is_not_taken_as_the_answer(sim: IoBoardSimulator) -> None:
    master = settled_master(sim)
    try:
        # A reply one answer longer than the poll's (as a late reply to a packet with an
        # output or a decrement would be), sum and all valid.
        sim.tamper_next_replies(lambda payload: payload + b"\x01")
        assert master.poll() is None
        assert master.health.last_line_error == (
            "reply from node 1 does not fit the request (a late reply?)"
        )
        assert master.poll() is not None
    finally:
        master.close()


def test_late_replies_and_line_noise_campaign_every_coin_counted_once(
    sim: IoBoardSimulator, running: JvsSource
) -> None:
    """Replies that come after the master gave up on them (up to 2.5 poll timeouts late)
    arrive while later requests wait: none may pass for another request's reply."""
    rng = random.Random(21)
    credits = Credits(running)
    inserted = [0, 0]
    timeout = FAST.poll_timeout
    for _ in range(200 if LONG else 16):
        chute = rng.randrange(2)
        sim.board.insert_coin(chute + 1)
        inserted[chute] += 1
        for _ in range(4):
            sim.delay_next_replies(*(rng.choice((0.0, 0.5, 1.2, 2.5)) * timeout for _ in range(3)))
            if rng.random() < 0.5:
                at, balance = rng.sample(range(12), 2)
                sim.tamper_next_replies(paired_error(at, rng.randrange(256), balance))
            polls(running, 3)
            credits.take()
    wait_for(lambda: sim.board.coins == [0, 0], timeout=10.0)
    credits.take()
    assert credits.coins == inserted
    taken = [sum(a for s, a in sim.board.decrements if s == chute) for chute in (1, 2)]
    assert taken == inserted
