"""The I/O board simulator answers every command the master uses, over a real pty."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial  # type: ignore[import-untyped]
from hypothesis import given
from hypothesis import strategies as st

from cabinet.jvs import commands as cmd
from cabinet.jvs.board import SimBoard
from cabinet.jvs.codes import BROADCAST, Status
from cabinet.jvs.frame import MAX_PAYLOAD, encode
from cabinet.jvs.parser import BadChecksum, Frame, FrameParser
from cabinet.jvs.simulator import IoBoardSimulator
from tests.jvs_wire import QUIET, Wire


@pytest.fixture
def sim() -> Iterator[IoBoardSimulator]:
    with IoBoardSimulator() as simulator:
        yield simulator


@pytest.fixture
def wire(sim: IoBoardSimulator) -> Iterator[Wire]:
    w = Wire(sim.port)
    yield w
    w.close()


def addressed(wire: Wire) -> None:
    assert wire.ask(BROADCAST, [cmd.set_address(1)])


def test_reset_gets_no_reply_and_set_address_gets_the_reference_bytes(
    sim: IoBoardSimulator, wire: Wire
) -> None:
    wire.send(encode(BROADCAST, cmd.request_payload([cmd.reset()])))
    assert wire.silent()
    assert sim.board.resets == 1
    wire.ask(BROADCAST, [cmd.set_address(1)])
    # Source: JVS-TR §3.1: Set Address 1 -> E0 00 03 01 01 05.
    assert bytes(wire.raw) == bytes.fromhex("E0 00 03 01 01 05")
    assert sim.board.address == 1


def test_identify_revisions_and_features(wire: Wire) -> None:
    addressed(wire)
    asks = [
        cmd.identify(),
        cmd.command_revision(),
        cmd.jvs_revision(),
        cmd.comm_version(),
        cmd.feature_check(),
    ]
    (frame,) = wire.ask(1, asks)
    assert isinstance(frame, Frame) and frame.dest == 0
    reply = cmd.split_reply(frame.payload, asks)
    assert reply.ok and len(reply.answers) == 5
    assert reply.answers[0].data == b"bloxcab;JVS I/O simulator;Ver1.00;pty\x00"
    # Source: JVS-TR §3.3: 0x13, 0x30, 0x10.
    assert [a.data for a in reply.answers[1:4]] == [b"\x13", b"\x30", b"\x10"]
    assert reply.answers[4].data == bytes.fromhex("01 02 0D 00 02 02 00 00 12 08 00 00 00")


def test_switches_coins_decrement_and_outputs(sim: IoBoardSimulator, wire: Wire) -> None:
    addressed(wire)
    sim.board.press("p1.start")
    sim.board.press("p2.b3")
    sim.board.insert_coin(1, 5)
    asks = [cmd.switches(2, 2), cmd.coins(2)]
    (frame,) = wire.ask(1, asks)
    assert isinstance(frame, Frame)
    assert frame.payload == bytes.fromhex("01 01 00 80 00 00 80 01 00 05 00 00")
    (frame,) = wire.ask(1, [cmd.coin_decrement(1, 2), cmd.general_output1(b"\x81")])
    assert isinstance(frame, Frame) and frame.payload == bytes.fromhex("01 01 01")
    assert sim.board.coins[0] == 3
    assert sim.board.decrements == [(1, 2)]
    assert sim.board.output(1) and sim.board.output(8) and not sim.board.output(2)


def test_escaped_switch_bytes_in_the_reply(sim: IoBoardSimulator, wire: Wire) -> None:
    addressed(wire)
    for control in ("test", "tilt", "tilt2"):  # system byte 0xE0 (JVS-TR Table 10)
        sim.board.press(control)
    for control in ("p1.start", "p1.service", "p1.down"):  # player byte 0xD0
        sim.board.press(control)
    (frame,) = wire.ask(1, [cmd.switches(2, 2)])
    # Source: JVS-TR §3.1: data E0 is sent as D0 DF, data D0 as D0 CF.
    assert bytes.fromhex("D0 DF D0 CF") in wire.raw
    assert isinstance(frame, Frame) and frame.payload == bytes.fromhex("01 01 E0 D0 00 00 00")


def test_escaped_output_byte_in_the_request(sim: IoBoardSimulator, wire: Wire) -> None:
    addressed(wire)
    # Source: JVS-TR §3.1 worked frame: GPO1 with E0 is E0 01 04 32 01 D0 DF 18.
    wire.send(bytes.fromhex("E0 01 04 32 01 D0 DF 18"))
    assert wire.events()
    assert [sim.board.output(n) for n in range(1, 9)] == [True] * 3 + [False] * 5


def test_retransmit_resends_the_last_reply_exactly(sim: IoBoardSimulator, wire: Wire) -> None:
    addressed(wire)
    sim.board.insert_coin(2)
    wire.ask(1, [cmd.coins(2)])
    first = bytes(wire.raw)
    sim.board.insert_coin(2)  # the board's state moves on; the resend must not
    wire.ask(1, [cmd.retransmit()])
    assert bytes(wire.raw) == first


def test_spec_errors_unknown_command_bad_sum_other_node(sim: IoBoardSimulator, wire: Wire) -> None:
    addressed(wire)
    # Source: JVS-TR Tables 6-7: stop at the first unsupported command, status 02, earlier answers
    # kept.
    wire.send(encode(1, bytes.fromhex("11 99 12")))
    (frame,) = wire.events()
    assert isinstance(frame, Frame) and frame.payload == bytes.fromhex("02 01 13")
    bad = bytearray(encode(1, b"\x10"))
    bad[-1] ^= 0xFF
    wire.send(bytes(bad))
    (frame,) = wire.events()
    assert isinstance(frame, Frame) and frame.payload == bytes((Status.CHECKSUM_ERROR,))
    wire.send(encode(2, b"\x10"))
    assert wire.silent()


@pytest.mark.parametrize("address_once", [False, True])
def test_sense_chain_gives_the_farthest_board_address_one(address_once: bool) -> None:
    with IoBoardSimulator(3, address_once=address_once) as sim:
        wire = Wire(sim.port)
        try:
            for address in (1, 2, 3):
                assert not sim.sense.is_low()
                (frame,) = wire.ask(BROADCAST, [cmd.set_address(address)])
                assert isinstance(frame, Frame) and frame.payload == b"\x01\x01"
            # Source: JVS-TR §2: farthest board gets 1; sense low once all have addresses.
            assert [b.address for b in sim.boards] == [3, 2, 1]
            assert sim.sense.is_low()
            answers = wire.ask(BROADCAST, [cmd.set_address(4)], timeout=QUIET)
            if address_once:
                assert answers == []
                assert [b.address for b in sim.boards] == [3, 2, 1]
            else:
                # MAME jvsdev.cpp: the board next to the master takes it again.
                assert [type(a) for a in answers] == [Frame]
                assert [b.address for b in sim.boards] == [4, 2, 1]
        finally:
            wire.close()


def test_by_default_a_board_takes_every_set_address_and_keeps_the_last() -> None:
    # Source: OpenJVS jvs.c CMD_ASSIGN_ADDR and MAME jvsdev.cpp: no "already addressed"
    # check, so a master assigning until silence walks one board up to 0x1F.
    with IoBoardSimulator() as sim:
        wire = Wire(sim.port)
        try:
            for address in range(0x01, 0x20):
                (frame,) = wire.ask(BROADCAST, [cmd.set_address(address)])
                assert isinstance(frame, Frame) and frame.payload == b"\x01\x01"
            assert sim.board.address == 0x1F
            assert wire.ask(1, [cmd.command_revision()], timeout=QUIET) == []
            (frame,) = wire.ask(0x1F, [cmd.command_revision()])
            assert isinstance(frame, Frame) and frame.payload == b"\x01\x01\x13"
        finally:
            wire.close()


def test_address_once_board_ignores_set_address_after_its_first() -> None:
    with IoBoardSimulator(address_once=True) as sim:
        wire = Wire(sim.port)
        try:
            assert wire.ask(BROADCAST, [cmd.set_address(1)])
            assert wire.ask(BROADCAST, [cmd.set_address(2)], timeout=QUIET) == []
            assert sim.board.address == 1
        finally:
            wire.close()


def test_faults_corrupt_noise_silence(sim: IoBoardSimulator, wire: Wire) -> None:
    addressed(wire)
    sim.corrupt_next_checksum()
    (event,) = wire.ask(1, [cmd.command_revision()])
    assert isinstance(event, BadChecksum)
    sim.noise_before_next_reply(b"\x00\x55\xd0\xe0\x01")
    (event,) = wire.ask(1, [cmd.command_revision()])
    assert isinstance(event, Frame) and event.payload == b"\x01\x01\x13"
    assert wire.parser.noise + wire.parser.aborted >= 2
    sim.silent = True
    assert wire.ask(1, [cmd.command_revision()], timeout=QUIET) == []
    sim.silent = False
    assert wire.ask(1, [cmd.command_revision()])


def test_unplug_breaks_the_open_port_and_replug_moves_the_symlink(tmp_path: Path) -> None:
    link = tmp_path / "ttyJVS"
    with IoBoardSimulator(link=link) as sim:
        old = Wire(sim.port)
        sim.unplug()
        assert not link.exists()
        with pytest.raises(serial.SerialException):
            old.port.read(1)
            old.ask(BROADCAST, [cmd.set_address(1)])
        old.close()
        sim.replug()
        assert link.is_symlink() and Path(os.readlink(link)).exists()
        wire = Wire(sim.port)
        try:
            assert wire.ask(BROADCAST, [cmd.set_address(1)])
        finally:
            wire.close()


class TestOpenJvsQuirks:
    """Source: OpenJVS jvs.c table of OpenJVS behaviour."""

    @pytest.fixture
    def quirky(self) -> Iterator[tuple[IoBoardSimulator, Wire]]:
        with IoBoardSimulator(quirks="openjvs") as simulator:
            w = Wire(simulator.port)
            addressed(w)
            yield simulator, w
            w.close()

    def test_profile_is_sega_type_3(self, quirky: tuple[IoBoardSimulator, Wire]) -> None:
        _, wire = quirky
        (frame,) = wire.ask(1, [cmd.identify()])
        assert isinstance(frame, Frame)
        assert frame.payload[2:-1] == b"SEGA CORPORATION;I/O BD JVS;837-14572;Ver1.00;2005/10"

    def test_single_reset_resets(self, quirky: tuple[IoBoardSimulator, Wire]) -> None:
        sim, wire = quirky
        wire.send(encode(BROADCAST, cmd.request_payload([cmd.reset()])))
        assert wire.silent()
        assert sim.board.address is None

    def test_unsupported_alone_gets_no_reply(self, quirky: tuple[IoBoardSimulator, Wire]) -> None:
        _, wire = quirky
        wire.send(encode(1, b"\x99"))
        assert wire.silent()

    def test_unsupported_in_the_middle_is_skipped(
        self, quirky: tuple[IoBoardSimulator, Wire]
    ) -> None:
        _, wire = quirky
        wire.send(encode(1, bytes.fromhex("11 99 12")))
        (frame,) = wire.events()
        assert isinstance(frame, Frame) and frame.payload == bytes.fromhex("01 01 13 01 30")

    def test_bad_checksum_gets_no_reply(self, quirky: tuple[IoBoardSimulator, Wire]) -> None:
        _, wire = quirky
        bad = bytearray(encode(1, b"\x10"))
        bad[-1] ^= 0xFF
        wire.send(bytes(bad))
        assert wire.silent()

    def test_retransmit_is_one_byte_longer_each_time(
        self, quirky: tuple[IoBoardSimulator, Wire]
    ) -> None:
        _, wire = quirky
        (first,) = wire.ask(1, [cmd.command_revision()])
        (again,) = wire.ask(1, [cmd.retransmit()])
        (third,) = wire.ask(1, [cmd.retransmit()])
        assert isinstance(first, Frame) and isinstance(again, Frame) and isinstance(third, Frame)
        assert again.payload == first.payload + b"\x00"
        assert third.payload == first.payload + b"\x00\x00"

    def test_set_address_is_taken_every_time_keeping_the_last(
        self, quirky: tuple[IoBoardSimulator, Wire]
    ) -> None:
        sim, wire = quirky
        for address in (2, 0x1F, 5):
            (frame,) = wire.ask(BROADCAST, [cmd.set_address(address)])
            assert isinstance(frame, Frame) and frame.payload == b"\x01\x01"
        assert sim.board.address == 5

    def test_coin_count_wraps_at_256(self, quirky: tuple[IoBoardSimulator, Wire]) -> None:
        sim, wire = quirky
        sim.board.insert_coin(1, 300)
        (frame,) = wire.ask(1, [cmd.coins(2)])
        # Source: OpenJVS jvs.c CMD_READ_COINS: the high byte is always 0, 300 -> 0x002C = 44.
        assert isinstance(frame, Frame) and frame.payload == bytes.fromhex("01 01 00 2C 00 00")

    def test_coin_condition_is_always_normal(
        self, quirky: tuple[IoBoardSimulator, Wire]
    ) -> None:
        sim, wire = quirky
        sim.board.insert_coin(2, 3)
        sim.board.conditions[:] = [1, 3]  # a jam and a busy chute the quirky board never reports
        (frame,) = wire.ask(1, [cmd.coins(2)])
        assert isinstance(frame, Frame) and frame.payload == bytes.fromhex("01 01 00 00 00 03")

    def test_escaped_data_byte_in_the_request_is_decoded(
        self, quirky: tuple[IoBoardSimulator, Wire]
    ) -> None:
        sim, wire = quirky
        # Coin decrement of 0xE0 coins: the amount's low byte goes out as D0 DF.
        sim.board.insert_coin(1, 0xE0 + 3)
        request = encode(1, cmd.request_payload([cmd.coin_decrement(1, 0xE0)]))
        assert bytes.fromhex("30 01 00 D0 DF") in request
        wire.send(request)
        (frame,) = wire.events()
        assert isinstance(frame, Frame) and frame.payload == b"\x01\x01"
        assert sim.board.decrements == [(1, 0xE0)] and sim.board.coins[0] == 3

    def test_outputs_acknowledged_but_not_driven(
        self, quirky: tuple[IoBoardSimulator, Wire]
    ) -> None:
        sim, wire = quirky
        (frame,) = wire.ask(1, [cmd.general_output1(b"\xff\xff\xf0")])
        assert isinstance(frame, Frame) and frame.payload == b"\x01\x01"
        assert not any(sim.board.output(n) for n in range(1, 21))

    @pytest.mark.parametrize(
        "request_hex",
        [
            "33 02 80 00 40 00",  # analog out, 2 channels
            "34 02 41 00 42 00",  # character display, 2 characters
            "31 01 00 05",  # payout counter increase
        ],
    )
    def test_analog_display_and_payout_acknowledged_but_not_driven(
        self, quirky: tuple[IoBoardSimulator, Wire], request_hex: str
    ) -> None:
        sim, wire = quirky
        wire.send(encode(1, bytes.fromhex(request_hex) + b"\x11"))
        (frame,) = wire.events()
        # Acknowledged (report 01, no data), and the command after it is still answered.
        assert isinstance(frame, Frame) and frame.payload == bytes.fromhex("01 01 01 13")
        assert sim.board.coins == [0, 0] and not any(sim.board.output(n) for n in range(1, 21))

    def test_other_node_is_silent(self, quirky: tuple[IoBoardSimulator, Wire]) -> None:
        _, wire = quirky
        wire.send(encode(2, b"\x10"))
        assert wire.silent()


@given(payload=st.binary(max_size=120), quirks=st.sampled_from([None, "openjvs"]))
def test_board_answers_any_request_without_raising(payload: bytes, quirks: str | None) -> None:
    board = SimBoard(quirks=quirks)
    answer = board.answer(payload)
    if answer is not None:
        assert len(answer) <= MAX_PAYLOAD
        assert answer[0] in {s.value for s in Status}


def test_too_big_a_reply_is_acknowledge_overflow() -> None:
    # 2 players x 200 bytes would not fit one frame: status 04 (JVS-TR Tables 6-7).
    assert SimBoard().answer(bytes.fromhex("20 02 C8")) == bytes((Status.OVERFLOW,))


def test_random_bytes_on_the_wire_leave_the_simulator_serving(
    sim: IoBoardSimulator, wire: Wire
) -> None:
    addressed(wire)
    rng = random.Random(7)
    for _ in range(50):
        wire.send(rng.randbytes(64))
    wire.events(timeout=0.2, want=1000)  # drain whatever the noise happened to ask for
    wire.parser = FrameParser()
    (frame,) = wire.ask(sim.board.address or 1, [cmd.command_revision()])
    assert isinstance(frame, Frame) and frame.payload.endswith(b"\x01\x13")
    assert sim.errors == []
