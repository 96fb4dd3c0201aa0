"""The two banks, A and B: read both, pick the newest valid one, write the other.

A commit writes the whole record into the bank that does not hold the newest valid record,
fsyncs the file, then fsyncs the directory. The other bank keeps the last good copy
throughout, so a power cut mid-write loses at most the commit being written.
# Source: fsync(2) and rename(2): fsync the file, then its directory (fsync file, then directory)
# and 6.2 (A/B banks).

When one bank cannot be written at all (replaced by a directory, an I/O error), the writer
puts the commit into the other bank instead through ``replace_bank``: a new file, fsynced,
renamed over the bank, so that bank is either the old record or the new one after a power cut.

Banks are opened with O_NOFOLLOW: a bank file that is a symbolic link is refused (ELOOP),
never followed to wherever it points.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from firmware.durable_file import fsync_directory
from firmware.regular_file import UnfitFile, read_regular
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
        raw = read_regular(path, MAX_RECORD, follow=False)
    except FileNotFoundError:
        return BankRead(name, None, "missing")
    except UnfitFile as exc:
        return BankRead(name, None, f"unusable ({exc.strerror})")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return BankRead(name, None, "is a symbolic link (refused)")
        return BankRead(name, None, f"unreadable ({exc.strerror or exc})")
    try:
        return BankRead(name, decode(raw), None)
    except BadRecord as exc:
        return BankRead(name, None, str(exc))


def read_banks(directory: Path) -> list[BankRead]:
    return [read_bank(directory, name) for name in BANK_FILES]


def other(name: str) -> str:
    return "B" if name == "A" else "A"


# O_NONBLOCK: a FIFO in a bank's place fails at once (ENXIO) instead of blocking the writer.
_WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK


def _write_all(path: Path, data: bytes, flags: int) -> None:
    fd = os.open(path, flags, 0o644)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UnfitFile(errno.EINVAL, "not a regular file")
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.ftruncate(fd, len(data))
        os.fsync(fd)
    finally:
        os.close(fd)


def write_bank(directory: Path, name: str, record: Record) -> None:
    """Write one whole record into bank `name` in place and make it durable (raises OSError)."""
    _write_all(bank_path(directory, name), encode(record), _WRITE_FLAGS)
    fsync_directory(directory)


def replace_bank(directory: Path, name: str, record: Record) -> None:
    """Write a record as a new file and rename it over bank `name` (raises OSError)."""
    target = bank_path(directory, name)
    fresh = target.with_name(target.name + ".new")
    try:
        _write_all(fresh, encode(record), _WRITE_FLAGS | os.O_TRUNC)
        os.replace(fresh, target)
    except OSError:
        with contextlib.suppress(OSError):
            fresh.unlink()
        raise
    fsync_directory(directory)
