"""The two banks, A and B: read both, pick the newest valid one, write the other.

A commit writes the whole record into the bank that does not hold the newest valid record,
fsyncs the file, then fsyncs the directory. The other bank keeps the last good copy
throughout, so a power cut mid-write loses at most the commit being written.
# Source: fsync(2) and rename(2): fsync the file, then its directory (fsync file, then directory)
# and 6.2 (A/B banks).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from firmware.savedata.record import MAX_RECORD, BadRecord, Record, decode, encode

BANK_FILES = {"A": "bank-a.bin", "B": "bank-b.bin"}


@dataclass(frozen=True)
class BankRead:
    name: str
    record: Record | None
    problem: str | None  # "missing", "CRC mismatch", ... when record is None


def bank_path(directory: Path, name: str) -> Path:
    return directory / BANK_FILES[name]


def read_bank(directory: Path, name: str) -> BankRead:
    path = bank_path(directory, name)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_RECORD + 1)
    except FileNotFoundError:
        return BankRead(name, None, "missing")
    except OSError as exc:
        return BankRead(name, None, f"unreadable ({exc.strerror or exc})")
    try:
        return BankRead(name, decode(raw), None)
    except BadRecord as exc:
        return BankRead(name, None, str(exc))


def read_banks(directory: Path) -> list[BankRead]:
    return [read_bank(directory, name) for name in BANK_FILES]


def other(name: str) -> str:
    return "B" if name == "A" else "A"


def fsync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_bank(directory: Path, name: str, record: Record) -> None:
    """Write one whole record into bank `name` and make it durable (raises OSError)."""
    data = encode(record)
    fd = os.open(bank_path(directory, name), os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.ftruncate(fd, len(data))
        os.fsync(fd)
    finally:
        os.close(fd)
    fsync_directory(directory)
