"""Boot-time load: the newest bank that is valid and readable, else factory defaults.

load() never raises. A CRC-valid bank can still hold anything (a 5000-digit number,
100,000 nested brackets, 10^12 held credits), so the payload is parsed with limits and
every field is checked; a bank that fails is unusable and the other bank is used, and when
neither is usable the cabinet starts from factory data with the BACKUP DATA CLEARED notice.

Sequence numbers are 64-bit and compared as serial numbers (RFC 1982): of two banks, the
newer is the one the other reaches by counting forward less than half the number space, so
a bank at 2^64-1 is followed by 0 and the saving never runs out of numbers.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from firmware.file_decisions import FILE_DECISIONS
from firmware.savedata.banks import BankRead, read_banks
from firmware.savedata.bounds import check_fields
from firmware.savedata.migrate import migrate
from firmware.savedata.record import MAX_PAYLOAD
from firmware.savedata.schema import SaveData, SchemaError, factory, from_dict, to_dict

CLEARED_NOTICE = "BACKUP DATA CLEARED"
SEQUENCE_SPACE = 1 << 64
MAX_DEPTH: int = FILE_DECISIONS["save_depth"].value
MAX_INT_DIGITS = 20  # no field needs more digits than 2**64 has
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")


@dataclass
class LoadResult:
    data: SaveData
    cleared: bool  # True: factory defaults were loaded; show CLEARED_NOTICE at boot
    notice: str | None  # one line for the log / service menu, None when all was well
    sequence: int  # sequence number of the loaded record (0 after a clear)
    bank: str | None  # "A" or "B", None after a clear


def _log_stdout(line: str) -> None:
    print(line, flush=True)


def newer(a: int, b: int) -> bool:
    """Sequence ``a`` is newer than ``b`` (serial number arithmetic, RFC 1982). Exactly half
    the space apart is undefined there; the numerically higher one wins."""
    step = (a - b) % SEQUENCE_SPACE
    return 0 < step < SEQUENCE_SPACE // 2 or (step == SEQUENCE_SPACE // 2 and a > b)


def check_depth(payload: bytes, limit: int = MAX_DEPTH) -> None:
    """SchemaError when arrays and objects nest deeper than ``limit`` (strings skipped)."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub(b'""', payload)):
        depth += 1 if match[0] in b"[{" else -1
        if depth > limit:
            raise SchemaError(f"payload nests deeper than {limit} levels")


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SchemaError(f"payload holds a {len(text)}-digit number")
    return int(text)


def _no_constant(text: str) -> float:
    raise SchemaError(f"payload holds {text}")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e400: JSON cannot write it back
        raise SchemaError(f"payload holds the number {text[:24]}, out of range")
    return value


def parse_payload(payload: bytes) -> object:
    """The JSON payload with limits on nesting depth and on the digits of integers."""
    check_depth(payload)
    try:
        return json.loads(payload.decode("utf-8"), parse_int=_bounded_int,
                          parse_float=_finite, parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise SchemaError(f"payload is not JSON ({str(exc)[:80]})") from exc


def encode_payload(snapshot: dict[str, object]) -> bytes:
    """The bytes a bank holds for ``snapshot``: compact UTF-8 JSON, text as itself (an
    escaped é takes 6 bytes, the character 2, so text that loaded always fits again).
    SchemaError for what no bank can hold."""
    try:
        text = json.dumps(snapshot, separators=(",", ":"), ensure_ascii=False,
                          allow_nan=False)
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        raise SchemaError("payload holds text that is not Unicode (a lone surrogate)") from None
    except ValueError as exc:  # allow_nan: inf or nan
        raise SchemaError(f"payload holds a number JSON cannot write ({exc})") from None
    if len(raw) > MAX_PAYLOAD:
        raise SchemaError(f"payload of {len(raw)} bytes is over the {MAX_PAYLOAD}-byte bank")
    return raw


def decode_payload(payload: bytes, version: int) -> SaveData:
    """The save data of a bank's payload. Whatever this accepts the writer writes back: the
    data is encoded once more here, and a bank that could not be written back is unusable
    (the other bank, or factory data, is used instead)."""
    data = from_dict(migrate(parse_payload(payload), version))
    check_fields(data)
    encode_payload(to_dict(data))
    return data


def by_age(reads: list[BankRead]) -> list[BankRead]:
    """The valid banks, newest first."""
    valid = [r for r in reads if r.record is not None]
    if len(valid) == 2:
        a, b = valid
        assert a.record is not None and b.record is not None
        if newer(b.record.sequence, a.record.sequence):
            valid.reverse()
    return valid


def pick(reads: list[BankRead]) -> tuple[BankRead | None, SaveData | None, dict[str, str]]:
    """The bank load() uses (newest valid and decodable), its data, and what is wrong elsewhere."""
    problems = {r.name: r.problem for r in reads if r.problem}
    for r in by_age(reads):
        assert r.record is not None
        try:
            return r, decode_payload(r.record.payload, r.record.version), problems
        except Exception as exc:  # any damage makes the bank unusable
            text = str(exc) if isinstance(exc, SchemaError) else f"{type(exc).__name__}"
            problems[r.name] = f"unusable ({text[:120]})"
    return None, None, problems


def _missing_partner(chosen: BankRead, problems: dict[str, str]) -> str | None:
    """A missing bank is normal before the second commit. Past it (sequence 2 or more) the
    other bank was written once, so its absence means it was deleted: the newest commit may
    be lost."""
    assert chosen.record is not None
    missing = [n for n, p in problems.items() if p == "missing"]
    if missing and chosen.record.sequence >= 2:
        return (f"bank {missing[0]} missing though bank {chosen.name}'s sequence "
                f"{chosen.record.sequence} says it was written; the newest commit may be lost")
    return None


def load(directory: Path | str, log: Callable[[str], None] = _log_stdout) -> LoadResult:
    """Load save data from `directory`; never raises."""
    try:
        chosen, data, problems = pick(read_banks(Path(directory)))
    except Exception as exc:  # the cabinet must boot whatever is on disk
        chosen, data, problems = None, None, {"A/B": f"unreadable ({type(exc).__name__})"}
    if chosen is not None and chosen.record is not None and data is not None:
        notice = None
        worth = [f"bank {n} {p}" for n, p in sorted(problems.items()) if p != "missing"]
        gone = _missing_partner(chosen, problems)
        if gone:
            worth.append(gone)
        if worth:
            notice = (f"save: {', '.join(worth)}; using bank {chosen.name} "
                      f"(sequence {chosen.record.sequence})")
            log(notice)
        return LoadResult(data, False, notice, chosen.record.sequence, chosen.name)
    bad = ", ".join(f"bank {n} {p}" for n, p in sorted(problems.items()))
    notice = f"save: {CLEARED_NOTICE}: {bad}; factory defaults loaded"
    log(notice)
    return LoadResult(factory(), True, notice, 0, None)
