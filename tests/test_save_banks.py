"""Bank records on real files: every single-byte flip and every torn length is detected."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

import pytest

from firmware.savedata import SaveWriter, load
from firmware.savedata.banks import bank_path, read_banks, write_bank
from firmware.savedata.record import HEADER, MAGIC, BadRecord, Record, decode, encode
from firmware.savedata.schema import CURRENT_VERSION, SaveData, to_dict


def _silent(_line: str) -> None:
    pass


def _commit(directory: Path, bank: str, seq: int, credits: int) -> None:
    data = SaveData(credits=credits)
    payload = json.dumps(to_dict(data)).encode()
    write_bank(directory, bank, Record(CURRENT_VERSION, seq, payload))


def test_record_layout_matches_the_documented_header() -> None:
    raw = encode(Record(2, 0x0102030405060708, b"{}"))
    assert raw[:4] == MAGIC
    assert struct.unpack_from("<HHQI", raw, 4) == (2, 0, 0x0102030405060708, 2)
    assert raw[HEADER.size : HEADER.size + 2] == b"{}"
    assert struct.unpack_from("<I", raw, len(raw) - 4)[0] == zlib.crc32(raw[:-4])
    assert decode(raw) == Record(2, 0x0102030405060708, b"{}")


def test_sequence_number_is_64_bit() -> None:
    top = 2**64 - 1
    assert decode(encode(Record(2, top, b"x"))).sequence == top


def test_load_takes_the_valid_bank_with_the_higher_sequence(tmp_path: Path) -> None:
    _commit(tmp_path, "A", 8, credits=8)
    _commit(tmp_path, "B", 7, credits=7)
    result = load(tmp_path, log=_silent)
    assert (result.bank, result.sequence, result.data.credits) == ("A", 8, 8)
    assert result.notice is None and not result.cleared
    writer = SaveWriter(tmp_path, log=_silent)  # the older bank is written next
    assert writer.wait_durable(writer.submit(SaveData(credits=9)), 10)
    writer.close()
    held = {r.name: r.record.sequence for r in read_banks(tmp_path) if r.record}
    assert held == {"A": 8, "B": 9}


def test_shorter_record_over_a_longer_one_leaves_no_tail(tmp_path: Path) -> None:
    write_bank(tmp_path, "A", Record(2, 1, b"x" * 500))
    write_bank(tmp_path, "A", Record(2, 3, b"y"))
    assert bank_path(tmp_path, "A").stat().st_size == HEADER.size + 1 + 4
    assert decode(bank_path(tmp_path, "A").read_bytes()).payload == b"y"


@pytest.mark.parametrize("mask", [0x01, 0xFF])
@pytest.mark.parametrize(("flipped", "kept"), [("B", ("A", 1, 11)), ("A", ("B", 2, 22))])
def test_every_byte_flip_of_one_bank_leaves_the_other(
    tmp_path: Path, mask: int, flipped: str, kept: tuple[str, int, int]
) -> None:
    """Flipping the newer bank falls back to the older; flipping the older keeps the newer."""
    _commit(tmp_path, "A", 1, credits=11)
    _commit(tmp_path, "B", 2, credits=22)
    path = bank_path(tmp_path, flipped)
    good = path.read_bytes()
    for offset in range(len(good)):
        bad = bytearray(good)
        bad[offset] ^= mask
        path.write_bytes(bad)
        result = load(tmp_path, log=_silent)
        assert (result.bank, result.sequence, result.data.credits) == kept, offset
        assert result.notice is not None and f"bank {flipped}" in result.notice


def test_every_byte_flip_of_the_only_bank_clears_to_factory(tmp_path: Path) -> None:
    _commit(tmp_path, "A", 5, credits=9)
    path = bank_path(tmp_path, "A")
    good = path.read_bytes()
    lines: list[str] = []
    for offset in range(len(good)):
        bad = bytearray(good)
        bad[offset] ^= 0x10
        path.write_bytes(bad)
        result = load(tmp_path, log=lines.append)
        assert result.cleared and result.data == SaveData(), offset
        assert result.notice is not None and "BACKUP DATA CLEARED" in result.notice
    assert len(lines) == len(good)  # one log line per clear


def test_every_torn_length_of_the_newer_bank_falls_back(tmp_path: Path) -> None:
    _commit(tmp_path, "A", 1, credits=11)
    _commit(tmp_path, "B", 2, credits=22)
    path = bank_path(tmp_path, "B")
    good = path.read_bytes()
    for length in range(len(good)):
        path.write_bytes(good[:length])
        result = load(tmp_path, log=_silent)
        assert (result.bank, result.data.credits) == ("A", 11), length
    path.write_bytes(good + b"\0")  # a stale tail is as bad as a missing one
    assert load(tmp_path, log=_silent).bank == "A"


def test_both_banks_missing_is_a_clear_with_a_notice(tmp_path: Path) -> None:
    lines: list[str] = []
    result = load(tmp_path, log=lines.append)
    assert result.cleared and result.data == SaveData() and result.sequence == 0
    assert lines == [result.notice]


def test_crc_valid_bank_with_a_bad_payload_is_not_used(tmp_path: Path) -> None:
    _commit(tmp_path, "A", 1, credits=3)
    write_bank(tmp_path, "B", Record(CURRENT_VERSION, 2, b'{"credits": -1}'))
    result = load(tmp_path, log=_silent)
    assert (result.bank, result.data.credits) == ("A", 3)
    assert result.notice is not None and "unusable" in result.notice


def test_bank_from_newer_firmware_is_not_used(tmp_path: Path) -> None:
    _commit(tmp_path, "A", 1, credits=3)
    payload = json.dumps(to_dict(SaveData(credits=4))).encode()
    write_bank(tmp_path, "B", Record(CURRENT_VERSION + 1, 2, payload))
    result = load(tmp_path, log=_silent)
    assert (result.bank, result.data.credits) == ("A", 3)
    assert result.notice is not None and "newer firmware" in result.notice


def test_huge_bank_file_is_rejected_without_reading_it_all(tmp_path: Path) -> None:
    bank_path(tmp_path, "A").symlink_to("/dev/zero")  # endless zeros
    result = load(tmp_path, log=_silent)
    assert result.cleared


def test_decode_names_the_fault() -> None:
    raw = encode(Record(2, 1, b"{}"))
    with pytest.raises(BadRecord, match="CRC"):
        decode(raw[:-1] + bytes([raw[-1] ^ 1]))
    with pytest.raises(BadRecord, match="magic"):
        decode(b"XXXX" + raw[4:])
    with pytest.raises(BadRecord, match="short"):
        decode(raw[:10])


def test_both_banks_corrupt_clears_and_names_both(tmp_path: Path) -> None:
    _commit(tmp_path, "A", 1, credits=11)
    _commit(tmp_path, "B", 2, credits=22)
    for name in ("A", "B"):
        path = bank_path(tmp_path, name)
        raw = bytearray(path.read_bytes())
        raw[30] ^= 0x40
        path.write_bytes(raw)
    result = load(tmp_path, log=_silent)
    assert result.cleared and result.data == SaveData() and result.bank is None
    assert result.notice == (
        "save: BACKUP DATA CLEARED: bank A CRC mismatch, bank B CRC mismatch; "
        "factory defaults loaded"
    )


def test_writer_keeps_the_usable_bank_when_the_newer_one_is_unusable(tmp_path: Path) -> None:
    _commit(tmp_path, "A", 5, credits=5)
    payload = json.dumps(to_dict(SaveData(credits=6))).encode()
    write_bank(tmp_path, "B", Record(CURRENT_VERSION + 1, 6, payload))  # from newer firmware
    writer = SaveWriter(tmp_path, log=_silent)
    seq = writer.submit(SaveData(credits=7))
    assert seq == 7  # numbered past every valid record
    assert writer.wait_durable(seq, 10)
    writer.close()
    held = {r.name: r.record.sequence for r in read_banks(tmp_path) if r.record}
    assert held == {"A": 5, "B": 7}  # the last usable copy survived the commit
    assert load(tmp_path, log=_silent).data.credits == 7
