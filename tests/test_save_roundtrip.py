"""Whatever load() accepts the writer writes back, and a commit never writes what load()
refuses (issue 34 item 1): a number JSON cannot write back (1e400 became Infinity), text that
grows when re-encoded (900 KB of é escaped to 2.7 MB, past the 1 MiB bank), and a lone
surrogate, in a section of a game this build does not know."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from firmware.savedata import SaveData, SaveWriter, load
from firmware.savedata.banks import write_bank
from firmware.savedata.loader import decode_payload
from firmware.savedata.record import MAX_PAYLOAD, Record
from firmware.savedata.schema import CURRENT_VERSION, to_dict
from firmware.savedata.writer import encode_snapshot

WAIT_S = 10.0


def _silent(_line: str) -> None:
    pass


def payload(credits: int, unknown: str | None = None) -> bytes:
    """A save payload; ``unknown`` is the raw JSON of a section for game 'pacman'."""
    text = json.dumps(to_dict(SaveData(credits=credits)), separators=(",", ":"))
    if unknown is None:
        return text.encode()
    assert text.endswith("}")
    head, games = text.split('"games":{', 1)
    return (f'{head}"games":{{"pacman":{unknown},{games}').encode()


def put(directory: Path, bank: str, seq: int, raw: bytes) -> None:
    write_bank(directory, bank, Record(CURRENT_VERSION, seq, raw))


def commit_twice(directory: Path) -> SaveWriter:
    """Boot: load, then two commits (one into each bank), as a kiosk does with two coins."""
    loaded = load(directory, log=_silent)
    writer = SaveWriter(directory, log=_silent)
    for _ in range(2):
        loaded.data.credits += 1
        writer.wait_settled(writer.submit(loaded.data), WAIT_S)
    return writer


@pytest.mark.parametrize("unknown", ['{"x":1e400}', '{"x":-1e999}', '{"x":"\\ud800"}'])
def test_a_value_that_cannot_be_written_back_is_refused_at_load(tmp_path: Path,
                                                                unknown: str) -> None:
    put(tmp_path, "A", 1, payload(3))
    put(tmp_path, "B", 2, payload(5, unknown))  # newer, CRC-valid, unwritable
    loaded = load(tmp_path, log=_silent)
    assert not loaded.cleared and loaded.bank == "A" and loaded.data.credits == 3
    assert loaded.notice is not None and "bank B unusable" in loaded.notice
    writer = commit_twice(tmp_path)
    assert writer.close() and writer.last_error is None
    again = load(tmp_path, log=_silent)
    assert not again.cleared and again.data.credits == 5


def test_text_that_loads_is_written_back_within_the_bank(tmp_path: Path) -> None:
    text = "é" * 450_000  # 900 KB of UTF-8; escaped as \\u00e9 it would be 2.7 MB
    put(tmp_path, "A", 1, payload(3, json.dumps({"note": text}, ensure_ascii=False)))
    loaded = load(tmp_path, log=_silent)
    assert not loaded.cleared and loaded.data.unknown_games == {"pacman": {"note": text}}
    writer = commit_twice(tmp_path)
    assert writer.close() and writer.last_error is None
    again = load(tmp_path, log=_silent)
    assert not again.cleared and again.data.credits == 5
    assert again.data.unknown_games == {"pacman": {"note": text}}


def test_a_payload_past_the_bank_is_refused_at_load(tmp_path: Path) -> None:
    """Kept the other way round too: a record that would not fit once written back (here:
    the loader's own limit with nothing to spare) is never taken."""
    filler = "a" * (MAX_PAYLOAD - len(payload(3, '{"n":""}')) - 10)
    raw = payload(3, json.dumps({"n": filler + "\\u0000"}))  # 6 bytes in, 6 bytes out
    assert len(raw) <= MAX_PAYLOAD
    put(tmp_path, "A", 1, raw)
    loaded = load(tmp_path, log=_silent)
    assert not loaded.cleared
    writer = commit_twice(tmp_path)
    assert writer.close() and writer.last_error is None
    assert not load(tmp_path, log=_silent).cleared


def test_a_commit_is_checked_by_the_loader_before_it_is_written(tmp_path: Path) -> None:
    data = SaveData(credits=2)
    data.unknown_games["pacman"] = {"x": float("inf")}
    with pytest.raises(ValueError):
        encode_snapshot(to_dict(data))
    data.unknown_games["pacman"] = {"x": "é" * (MAX_PAYLOAD // 2)}  # 1 MiB as UTF-8, and more
    with pytest.raises(ValueError, match="over the"):
        encode_snapshot(to_dict(data))
    data.unknown_games["pacman"] = {"x": "é" * 1000}
    raw = encode_snapshot(to_dict(data))
    assert decode_payload(raw, CURRENT_VERSION).unknown_games == data.unknown_games
    writer = SaveWriter(tmp_path, log=_silent)
    data.unknown_games["pacman"] = {"x": float("nan")}
    assert not writer.wait_settled(writer.submit(data), WAIT_S)
    assert writer.last_error is not None
    writer.close()
    assert load(tmp_path, log=_silent).cleared  # nothing was written: no bank yet
