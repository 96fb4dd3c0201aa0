"""The JVS master against the simulator over real ptys: init, polls, faults, reconnect."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from cabinet.jvs import commands as cmd
from cabinet.jvs.master import BusError, JvsMaster, Timing
from cabinet.jvs.outputs import output_image
from cabinet.jvs.simulator import IoBoardSimulator
from cabinet.jvs.source import JvsOutputs, JvsSource, open_jvs
from cabinet.source import SourceReading

FAST = Timing(
    settle=0.0,
    reply_timeout=0.05,
    poll_timeout=0.03,
    poll_period=0.004,
    failures_to_drop=4,
    reconnect_interval=0.05,
)

# For tests where every reply comes: a reply is waited for (the simulator's bytes arriving),
# so the timeouts only bound a broken simulator and a busy machine loses no poll
# (`make test-load`). FAST stays for the tests that time out on purpose.
PATIENT = replace(FAST, reply_timeout=5.0, poll_timeout=5.0)


def wait_for(check: Callable[[], bool], timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "condition not reached in time"
        time.sleep(0.005)


def after_polls(source: JvsSource, count: int) -> SourceReading:
    """Read the source once `count` more polls have completed."""
    target = source.master.polls + count
    wait_for(lambda: source.master.polls >= target)
    return source.read()


@pytest.fixture
def sim() -> Iterator[IoBoardSimulator]:
    with IoBoardSimulator() as simulator:
        yield simulator


@pytest.fixture
def master(sim: IoBoardSimulator) -> Iterator[JvsMaster]:
    m = JvsMaster(sim.port, timing=PATIENT)
    m.connect()
    yield m
    m.close()


@pytest.fixture
def running(sim: IoBoardSimulator) -> Iterator[tuple[JvsSource, JvsOutputs]]:
    source, outputs = open_jvs(sim.port, timing=FAST)
    wait_for(lambda: "up" in source.status())
    yield source, outputs
    source.close()


def test_init_resets_twice_then_addresses_then_identifies(sim: IoBoardSimulator) -> None:
    master = JvsMaster(sim.port, timing=PATIENT)
    (board,) = master.connect()
    master.close()
    requests = list(sim.requests)
    # Source: JVS-TR §3.3: reset F0 D9 twice, Set Address from 1, then 10 11 12 13 14.
    assert requests[:3] == [(0xFF, b"\xf0\xd9"), (0xFF, b"\xf0\xd9"), (0xFF, b"\xf1\x01")]
    asked = [payload for dest, payload in requests if dest == 1]
    assert asked == [b"\x10", b"\x11", b"\x12", b"\x13", b"\x14"]
    assert board.as_json() == {
        "address": 1,
        "id": "bloxcab;JVS I/O simulator;Ver1.00;pty",
        "command_revision": "1.3",
        "jvs_revision": "3.0",
        "comm_version": "1.0",
        "players": 2,
        "switches_per_player": 13,
        "coin_slots": 2,
        "general_outputs": 8,
    }


@pytest.mark.parametrize("address_once", [False, True])
def test_without_sense_line_one_board_by_default_and_no_second_address(
    address_once: bool,
) -> None:
    with IoBoardSimulator(address_once=address_once) as sim:
        master = JvsMaster(sim.port, timing=PATIENT)
        assert [b.address for b in master.connect()] == [1]
        master.close()
        assert sim.board.address == 1
        assert [p for d, p in list(sim.requests) if p[:1] == b"\xf1"] == [b"\xf1\x01"]


@pytest.mark.parametrize("address_once", [False, True])
def test_without_sense_line_exactly_the_configured_boards(address_once: bool) -> None:
    with IoBoardSimulator(3, address_once=address_once) as sim:
        master = JvsMaster(sim.port, boards=3, timing=PATIENT)
        assert [b.address for b in master.connect()] == [1, 2, 3]
        master.close()
        assert [b.address for b in sim.boards] == [3, 2, 1]
        addresses = [p for d, p in list(sim.requests) if p[:1] == b"\xf1"]
        assert addresses == [b"\xf1\x01", b"\xf1\x02", b"\xf1\x03"]


def test_fewer_boards_than_configured_is_a_bus_error() -> None:
    with IoBoardSimulator(address_once=True) as sim:
        master = JvsMaster(sim.port, boards=2, timing=FAST)
        with pytest.raises(BusError, match="1 of 2 JVS boards answered"):
            master.connect()
        master.close()


def test_board_count_out_of_range_is_refused() -> None:
    for boards in (0, 32):
        with pytest.raises(ValueError, match="JVS boards must be 1-31"):
            JvsMaster("/dev/null", boards=boards)


def test_openjvs_board_without_sense_line_is_found_identified_and_polled() -> None:
    # The report in issue 23: OpenJVS answers every Set Address, so "until silence" left it
    # at 0x1F; one configured board gets address 1 and 20 of 20 polls decode.
    with IoBoardSimulator(quirks="openjvs") as sim:
        master = JvsMaster(sim.port, timing=PATIENT)
        (board,) = master.connect()
        try:
            assert board.address == 1 and sim.board.address == 1
            assert board.id == "SEGA CORPORATION;I/O BD JVS;837-14572;Ver1.00;2005/10"
            sim.board.press("p1.b1")
            sim.board.insert_coin(2, 1)
            results = [master.poll() for _ in range(20)]
            assert all(r is not None for r in results)
            assert all(r[0].switches.controls() == {"p1.b1"} for r in results if r)
            assert all([c.count for c in r[0].coins] == [0, 1] for r in results if r)
        finally:
            master.close()


def test_with_sense_line_three_boards_stop_when_sense_goes_low() -> None:
    with IoBoardSimulator(3) as sim:
        master = JvsMaster(sim.port, sense=sim.sense, timing=PATIENT)
        assert [b.address for b in master.connect()] == [1, 2, 3]
        master.close()
        assert [b.address for b in sim.boards] == [3, 2, 1]
        assert (0xFF, b"\xf1\x04") not in sim.requests


class LowSense:
    """A master sense input that reads 0 V from the start (hardware double)."""

    def is_low(self) -> bool:
        return True


def test_sense_line_low_before_any_address_is_a_bus_error(sim: IoBoardSimulator) -> None:
    master = JvsMaster(sim.port, sense=LowSense(), timing=FAST)
    with pytest.raises(BusError, match="sense line low before the first address"):
        master.connect()
    master.close()
    assert [p for d, p in list(sim.requests) if p[:1] == b"\xf1"] == []


def test_no_board_is_a_bus_error() -> None:
    main, slave = os.openpty()
    try:
        master = JvsMaster(os.ttyname(slave), timing=FAST)
        with pytest.raises(BusError, match="no JVS board answered"):
            master.connect()
        master.close()
    finally:
        os.close(main)
        os.close(slave)


def test_one_poll_is_switches_and_coins_in_one_packet(
    sim: IoBoardSimulator, master: JvsMaster
) -> None:
    sim.board.press("p1.right")
    sim.board.press("test")
    sim.board.insert_coin(2, 4)
    result = master.poll()
    assert result is not None
    poll, _ = result
    assert poll.switches.controls() == {"p1.right", "test"}
    assert [slot.count for slot in poll.coins] == [0, 4]
    # Source: our practice: one combined packet 20 02 02 21 02.
    assert sim.requests[-1] == (1, bytes.fromhex("20 02 02 21 02"))


def test_checksum_error_asks_for_a_retransmit_once(
    sim: IoBoardSimulator, master: JvsMaster
) -> None:
    sim.board.press("p2.b2")
    sim.corrupt_next_checksum()
    result = master.poll()
    assert result is not None and result[0].switches.controls() == {"p2.b2"}
    assert master.link.retransmits == 1
    assert sim.requests[-1] == (1, b"\x2f")


def test_two_bad_checksums_give_up_for_that_poll_only(
    sim: IoBoardSimulator, master: JvsMaster
) -> None:
    sim.corrupt_next_checksum(times=2)
    assert master.poll() is None
    assert master.link.retransmits == 1
    assert master.poll() is not None


def test_noise_before_the_reply_is_skipped(sim: IoBoardSimulator, master: JvsMaster) -> None:
    sim.board.press("p1.b1")
    sim.noise_before_next_reply(b"\x00\xff\xd0\xe0\x00\x09\x01")
    result = master.poll()
    assert result is not None and result[0].switches.controls() == {"p1.b1"}
    assert master.link.noise >= 2


def test_openjvs_quirks_master_tolerates_padded_retransmit() -> None:
    with IoBoardSimulator(quirks="openjvs") as sim:
        master = JvsMaster(sim.port, timing=PATIENT)
        (board,) = master.connect()
        assert board.features.switches_per_player == 14
        assert board.features.general_outputs == 20
        sim.board.press("p1.start")
        sim.board.insert_coin(1, 2)
        sim.corrupt_next_checksum()
        result = master.poll()
        master.close()
        assert result is not None
        assert result[0].switches.controls() == {"p1.start"}
        assert result[0].coins[0].count == 2


def test_source_latches_a_tap_between_reads(
    sim: IoBoardSimulator, running: tuple[JvsSource, JvsOutputs]
) -> None:
    source, _ = running
    source.read()
    polls = source.master.polls
    sim.board.press("p1.b2")
    wait_for(lambda: source.master.polls >= polls + 2)
    sim.board.release("p1.b2")
    polls = source.master.polls
    wait_for(lambda: source.master.polls >= polls + 2)
    reading = source.read()
    assert "p1.b2" in reading.pressed and "p1.b2" not in reading.held
    assert "p1.b2" not in source.read().pressed


def test_held_switch_shows_in_held(
    sim: IoBoardSimulator, running: tuple[JvsSource, JvsOutputs]
) -> None:
    source, _ = running
    sim.board.press("p2.start")
    sim.board.press("tilt")
    wait_for(lambda: {"p2.start", "tilt"} <= source.read().held)
    assert "up, node 1 bloxcab;JVS I/O simulator" in source.status()


def test_coin_edges_exactly_once_and_decrement_reaches_the_board(
    sim: IoBoardSimulator, running: tuple[JvsSource, JvsOutputs]
) -> None:
    source, _ = running
    totals = [0, 0]

    def collect() -> SourceReading:
        reading = source.read()
        totals[0] += reading.coins[0]
        totals[1] += reading.coins[1]
        return reading

    sim.board.insert_coin(1, 3)
    sim.board.insert_coin(2, 1)
    wait_for(lambda: collect() is not None and totals == [3, 1])
    wait_for(lambda: sim.board.coins == [0, 0])
    polls = source.master.polls
    wait_for(lambda: source.master.polls >= polls + 5)
    collect()
    assert totals == [3, 1]
    assert sum(a for s, a in sim.board.decrements if s == 1) == 3
    assert sum(a for s, a in sim.board.decrements if s == 2) == 1


def test_outputs_reach_the_board_and_a_short_pulse_is_not_lost(
    sim: IoBoardSimulator, running: tuple[JvsSource, JvsOutputs]
) -> None:
    _, outputs = running
    outputs.set("p1_start_lamp", True)
    wait_for(lambda: sim.board.output(5))
    outputs.set("coin_meter1", True)
    outputs.set("coin_meter1", False)  # shorter than a poll
    wait_for(lambda: len(sim.board.output_writes) >= 3)
    # Output 1 is bit 7, output 5 bit 3 (JVS-TR §4.3.21): lamp, lamp + meter, lamp.
    assert sim.board.output_writes == [b"\x08", b"\x88", b"\x08"]
    with pytest.raises(ValueError, match="no such output"):
        outputs.set("hopper", True)


def test_silent_board_releases_inputs_then_comes_back(
    sim: IoBoardSimulator, running: tuple[JvsSource, JvsOutputs]
) -> None:
    source, _ = running
    sim.board.press("p1.up")
    wait_for(lambda: "p1.up" in source.read().held)
    sim.silent = True
    wait_for(lambda: "down" in source.status())
    assert "no answer" in source.status() or "no JVS board" in source.status()
    assert source.read().held == frozenset()
    sim.silent = False
    wait_for(lambda: "p1.up" in source.read().held)
    assert "up" in source.status()


def test_unplugged_port_comes_back_with_outputs_and_coins(tmp_path: Path) -> None:
    link = tmp_path / "ttyJVS"
    with IoBoardSimulator(link=link) as sim:
        source, outputs = open_jvs(str(link), timing=FAST)
        try:
            outputs.set("coin_lockout2", True)
            sim.board.press("p1.left")
            wait_for(lambda: "p1.left" in source.read().held and sim.board.output(4))
            sim.unplug()
            wait_for(lambda: source.status().startswith(f"JVS {link}: down"))
            assert source.read().held == frozenset()
            sim.board.insert_coin(1, 2)  # coins dropped while the adapter was away
            sim.replug()
            totals = [0]

            def up_with_coins() -> bool:
                reading = source.read()
                totals[0] += reading.coins[0]
                return "p1.left" in reading.held and totals[0] >= 2

            wait_for(up_with_coins)
            wait_for(lambda: sim.board.output(4))  # the reset cleared it; the master resent
            polls = source.master.polls
            wait_for(lambda: source.master.polls >= polls + 5)
            totals[0] += source.read().coins[0]
            assert totals[0] == 2
        finally:
            source.close()


def test_openjvs_board_300_coins_counted_once_despite_its_8_bit_counter() -> None:
    # Source: OpenJVS jvs.c: OpenJVS's count wraps at 256; decrementing as coins are taken keeps
    # the counter low, so every coin is still counted once. Ten coins at a time is faster
    # than any coin mech, so this master's coin rate limit is lifted for the test; a long
    # poll timeout keeps a slow test machine from losing a decrement's reply while ten
    # coins land at once (the one case the lost-reply rule cannot tell apart, coins.py).
    fast_coins = replace(PATIENT, coins_per_second=1e9, coin_burst=100.0)
    with IoBoardSimulator(quirks="openjvs") as sim:
        source, _ = open_jvs(sim.port, timing=fast_coins)
        try:
            wait_for(lambda: "up" in source.status())
            totals = [0]

            def collect() -> bool:
                totals[0] += source.read().coins[0]
                return sim.board.coins[0] == 0

            for _ in range(30):
                sim.board.insert_coin(1, 10)
                totals[0] += after_polls(source, 3).coins[0]
            wait_for(collect, timeout=10)
            totals[0] += after_polls(source, 3).coins[0]
            assert totals[0] == 300
            assert source.master.health.line_errors == 0
        finally:
            source.close()


def test_master_reads_and_writes_escaped_bytes(sim: IoBoardSimulator, master: JvsMaster) -> None:
    for control in ("test", "tilt", "tilt2", "p1.start", "p1.service", "p1.down"):
        sim.board.press(control)  # system byte 0xE0, player-1 byte 0xD0 (JVS-TR Table 10)
    master.outputs.set("coin_meter1", True)
    master.outputs.set("coin_meter2", True)
    master.outputs.set("coin_lockout1", True)
    image = output_image(master.outputs.states, 1)
    assert image == b"\xe0"  # outputs 1-3 (JVS-TR §4.3.21), sent as D0 DF (JVS-TR §3.1)
    result = master.poll([cmd.general_output1(image)])
    assert result is not None
    assert result[0].switches.controls() == {"test", "tilt", "p1.start", "service", "p1.down"}
    assert bytes.fromhex("D0 DF D0 CF") in master.link.last_reply
    assert bytes.fromhex("32 01 D0 DF") in master.link.last_request
    assert [sim.board.output(n) for n in range(1, 5)] == [True, True, True, False]
