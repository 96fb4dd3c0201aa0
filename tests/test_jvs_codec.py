"""JVS framing, escaping and the streaming parser (JVS-TR §3.1)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cabinet.jvs import commands as cmd
from cabinet.jvs.codes import BROADCAST, MARK, SYNC
from cabinet.jvs.frame import MAX_PAYLOAD, checksum, encode, escape, unescape
from cabinet.jvs.parser import BadChecksum, Frame, FrameParser
from tests.conftest import LONG

Commands = list[cmd.Command]

# Source: JVS-TR §3.1 worked frames (computed there and accepted by OpenJVS).
WORKED = [
    (BROADCAST, [cmd.reset()], "E0 FF 03 F0 D9 CB"),
    (BROADCAST, [cmd.set_address(1)], "E0 FF 03 F1 01 F4"),
    (1, [cmd.identify()], "E0 01 02 10 13"),
    (1, [cmd.switches(2, 2)], "E0 01 04 20 02 02 29"),
    (1, [cmd.coins(2)], "E0 01 03 21 02 27"),
    (1, [cmd.switches(2, 2), cmd.coins(2)], "E0 01 06 20 02 02 21 02 4E"),
    (1, [cmd.coin_decrement(1, 1)], "E0 01 05 30 01 00 01 38"),
    (1, [cmd.general_output1(b"\xe0")], "E0 01 04 32 01 D0 DF 18"),
]


@pytest.mark.parametrize(("dest", "commands", "wire"), WORKED)
def test_worked_frames_from_the_reference(dest: int, commands: Commands, wire: str) -> None:
    assert encode(dest, cmd.request_payload(commands)) == bytes.fromhex(wire)


@pytest.mark.parametrize(("dest", "commands", "wire"), WORKED)
def test_parser_reads_each_worked_frame_back(dest: int, commands: Commands, wire: str) -> None:
    assert FrameParser().feed(bytes.fromhex(wire)) == [
        Frame(dest, cmd.request_payload(commands))
    ]


def test_set_address_reply_from_the_reference() -> None:
    # Source: JVS-TR §3.1: Set Address 1 is answered E0 00 03 01 01 05.
    assert FrameParser().feed(bytes.fromhex("E0 00 03 01 01 05")) == [Frame(0, b"\x01\x01")]


def test_sync_and_mark_escape_to_mark_and_byte_minus_one() -> None:
    assert escape(bytes((SYNC, MARK, 0x12))) == bytes.fromhex("D0 DF D0 CF 12")
    assert unescape(bytes.fromhex("D0 DF D0 CF 12")) == bytes((SYNC, MARK, 0x12))


def test_escaping_covers_dest_length_and_checksum() -> None:
    # A payload whose checksum comes out as 0xD0: escaped like any data byte (JVS-TR §3.1).
    payload = bytes((0xD0 - 1 - 2,))
    assert checksum(bytes((1, 2)) + payload) == 0xD0
    wire = encode(1, payload)
    assert wire.endswith(bytes.fromhex("D0 CF"))
    assert FrameParser().feed(wire) == [Frame(1, payload)]
    # A node number of 0xE0 is escaped too.
    assert encode(0xE0, b"")[:3] == bytes.fromhex("E0 D0 DF")


def test_encode_refuses_a_payload_that_does_not_fit_the_length_byte() -> None:
    encode(1, bytes(MAX_PAYLOAD))
    with pytest.raises(ValueError):
        encode(1, bytes(MAX_PAYLOAD + 1))


def test_bad_checksum_is_reported_with_both_sums() -> None:
    wire = bytearray(encode(0, b"\x01\x01\x80"))
    wire[-1] ^= 0x01
    (event,) = FrameParser().feed(bytes(wire))
    assert isinstance(event, BadChecksum)
    assert event.payload == b"\x01\x01\x80"
    assert event.expected != event.received


def test_parser_resynchronises_after_noise_and_a_cut_off_frame() -> None:
    parser = FrameParser()
    good = encode(0, b"\x01\x01\x13")
    # Noise, then a frame cut off by the next SYNC, then a whole frame.
    events = parser.feed(b"\x55\xaa\x00" + bytes.fromhex("E0 00 05 01") + good)
    assert events == [Frame(0, b"\x01\x01\x13")]
    assert parser.noise == 3
    assert parser.aborted == 1


def test_zero_length_is_thrown_away() -> None:
    parser = FrameParser()
    assert parser.feed(bytes.fromhex("E0 01 00") + encode(0, b"\x01")) == [Frame(0, b"\x01")]
    assert parser.aborted == 1


def test_one_byte_at_a_time_gives_the_same_frames() -> None:
    wire = encode(1, bytes((SYNC, MARK, 5))) + encode(0, b"\x01\x01\xd0")
    parser = FrameParser()
    events = [e for byte in wire for e in parser.feed(bytes((byte,)))]
    assert events == [Frame(1, bytes((SYNC, MARK, 5))), Frame(0, b"\x01\x01\xd0")]


payloads = st.binary(min_size=0, max_size=MAX_PAYLOAD)


@given(dest=st.integers(0, 255), payload=payloads, cuts=st.lists(st.integers(0, 600)))
def test_any_frame_survives_any_chunking(dest: int, payload: bytes, cuts: list[int]) -> None:
    wire = encode(dest, payload)
    assert SYNC not in wire[1:]  # escaping leaves only the leading SYNC on the wire
    points = sorted({c % (len(wire) + 1) for c in cuts})
    chunks = [wire[a:b] for a, b in zip([0, *points], [*points, len(wire)], strict=True)]
    parser = FrameParser()
    events = [e for chunk in chunks for e in parser.feed(chunk)]
    assert events == [Frame(dest, payload)]


@given(noise=st.binary(max_size=300), dest=st.integers(0, 255), payload=payloads)
def test_a_frame_after_any_noise_is_found(noise: bytes, dest: int, payload: bytes) -> None:
    parser = FrameParser()
    events = parser.feed(noise + encode(dest, payload))
    assert events[-1] == Frame(dest, payload)


@given(st.lists(st.binary(max_size=64), max_size=50))
def test_parser_never_raises_on_random_chunks(chunks: list[bytes]) -> None:
    parser = FrameParser()
    for chunk in chunks:
        for event in parser.feed(chunk):
            assert isinstance(event, Frame | BadChecksum)


def test_fuzz_random_bytes_never_raise_and_a_frame_still_gets_through() -> None:
    rng = random.Random(1988)
    total = 10**7 if LONG else 10**5
    parser = FrameParser()
    seen = 0
    fed = 0
    while fed < total:
        chunk = rng.randbytes(rng.randint(1, 512))
        seen += len(parser.feed(chunk))
        fed += len(chunk)
    assert parser.noise > 0
    # Whatever state the noise left it in, the next good frame is parsed.
    assert parser.feed(encode(0, b"\x01\x01\x30"))[-1] == Frame(0, b"\x01\x01\x30")
