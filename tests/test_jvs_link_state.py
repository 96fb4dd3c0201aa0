"""The JVS link for the operator: journal lines per change (rate-limited), re-enumeration of
a board that stops answering, and the attract screen's alarm (simulator over real ptys)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import replace

import pytest

from cabinet.jvs.health import ALARM, LOG_BURST, LOG_EVERY_SECONDS, LinkHealth, RateLimit
from cabinet.jvs.simulator import IoBoardSimulator
from cabinet.jvs.source import open_jvs
from tests.test_jvs_master import FAST, wait_for

# A board that stops answering is found by polls that time out, on purpose; every other reply
# comes, so it is waited for patiently: a busy machine (`make test-load`) delays a reply but
# never makes an extra reset or a second "down". Two 0.5 s polls in a row lost is the drop.
LINK = replace(FAST, reply_timeout=5.0, poll_timeout=0.5, failures_to_drop=2)


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture
def journal() -> Iterator[Lines]:
    logger = logging.getLogger("bloxcab.jvs")
    handler = Lines()
    level = logger.level
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


def test_a_board_that_stops_answering_is_re_enumerated_the_same_way(journal: Lines) -> None:
    with IoBoardSimulator(quirks="openjvs") as sim:
        source, _ = open_jvs(sim.port, timing=LINK)
        try:
            wait_for(lambda: "up" in source.status(), timeout=30)
            assert source.alarm is None
            mark = len(sim.requests)
            sim.board.reset()  # the board restarts: no address, so it ignores the polls
            wait_for(lambda: source.alarm == ALARM, timeout=30)
            wait_for(lambda: source.alarm is None, timeout=30)
            assert sim.board.address == 1
            again = list(sim.requests)[mark:]
            # Reset twice, then exactly one Set Address (one configured board, no sense line).
            assert [p for d, p in again if d == 0xFF] == [b"\xf0\xd9", b"\xf0\xd9", b"\xf1\x01"]
        finally:
            source.close()
    port = sim.port
    assert journal.lines == [
        f"JVS up on {port}: node 1 SEGA CORPORATION;I/O BD JVS;837-14572;Ver1.00;2005/10",
        f"JVS down on {port}: no answer to {LINK.failures_to_drop} polls",
        f"JVS re-enumerating on {port}: reset, then 1 address(es), no sense line",
        f"JVS up on {port}: node 1 SEGA CORPORATION;I/O BD JVS;837-14572;Ver1.00;2005/10",
    ]


def test_retries_that_fail_the_same_way_log_once_and_the_alarm_stays_on(
    journal: Lines,
) -> None:
    with IoBoardSimulator() as sim:
        sim.silent = True
        source, _ = open_jvs(sim.port, timing=FAST)
        try:
            assert source.alarm is None  # still connecting: no failure yet
            wait_for(lambda: sum(p == b"\xf0\xd9" for _, p in list(sim.requests)) >= 8, timeout=30)
            assert source.alarm == ALARM
            assert journal.lines == [f"JVS down on {sim.port}: no JVS board answered on {sim.port}"]
            sim.silent = False
            wait_for(lambda: source.alarm is None, timeout=30)
            assert journal.lines[-1].startswith(f"JVS up on {sim.port}: node 1 bloxcab;")
        finally:
            source.close()


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_flapping_link_writes_a_burst_then_one_line_a_minute(journal: Lines) -> None:
    # decision (cabinet/jvs/health.py): 5 lines at once, then one a minute.
    assert LOG_BURST == 5 and LOG_EVERY_SECONDS == 60
    clock = Clock()
    health = LinkHealth("/dev/ttyUSB0", clock=clock)
    for _ in range(10):
        clock.now += 1
        health.up(1, "board")
        health.down("no answer to 10 polls", 1.0)
    assert len(journal.lines) == LOG_BURST
    clock.now += LOG_EVERY_SECONDS
    health.up(1, "board")
    assert len(journal.lines) == LOG_BURST + 1
    assert journal.lines[-1] == (
        "JVS up on /dev/ttyUSB0: node 1 board (15 similar line(s) left out)"
    )


def test_rate_limit_refills_one_line_per_interval() -> None:
    clock = Clock()
    limit = RateLimit(burst=2, every=10.0, clock=clock)
    assert [limit.take() for _ in range(4)] == [(True, 0), (True, 0), (False, 0), (False, 0)]
    clock.now = 9.9
    assert limit.take() == (False, 0)
    clock.now = 10.0
    assert limit.take() == (True, 3)


def test_line_errors_are_counted_for_the_notices_page(journal: Lines) -> None:
    health = LinkHealth("/dev/ttyUSB0", clock=Clock())
    assert health.notice is None
    health.line_error("reply status 03 from node 1")
    health.line_error("coin chute 1 count 0 -> 16128 jumped further than a coin mech can "
                      "deliver; re-reading")
    assert health.line_errors == 2
    assert health.notice == (
        "JVS line errors: 2 (last: coin chute 1 count 0 -> 16128 jumped further than a coin "
        "mech can deliver; re-reading)"
    )
    assert journal.lines[0] == (
        "JVS line error on /dev/ttyUSB0: reply status 03 from node 1 (1 so far)"
    )
    assert health.alarm is None  # line errors alone do not take the board down
