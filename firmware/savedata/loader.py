"""Boot-time load: the newest bank that is valid and readable, else factory defaults."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from firmware.savedata.banks import BankRead, read_banks
from firmware.savedata.migrate import migrate
from firmware.savedata.schema import SaveData, SchemaError, factory, from_dict

CLEARED_NOTICE = "BACKUP DATA CLEARED"


@dataclass
class LoadResult:
    data: SaveData
    cleared: bool  # True: factory defaults were loaded; show CLEARED_NOTICE at boot
    notice: str | None  # one line for the log / service menu, None when all was well
    sequence: int  # sequence number of the loaded record (0 after a clear)
    bank: str | None  # "A" or "B", None after a clear


def _log_stdout(line: str) -> None:
    print(line, flush=True)


def decode_payload(payload: bytes, version: int) -> SaveData:
    try:
        obj = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SchemaError(f"payload is not JSON ({exc})") from exc
    return from_dict(migrate(obj, version))


def pick(reads: list[BankRead]) -> tuple[BankRead | None, SaveData | None, dict[str, str]]:
    """The bank load() uses (newest valid and decodable), its data, and what is wrong elsewhere."""
    problems = {r.name: r.problem for r in reads if r.problem}
    valid = sorted(
        (r for r in reads if r.record is not None),
        key=lambda r: r.record.sequence if r.record else -1,
        reverse=True,
    )
    for r in valid:
        assert r.record is not None
        try:
            return r, decode_payload(r.record.payload, r.record.version), problems
        except SchemaError as exc:
            problems[r.name] = f"unusable ({exc})"
    return None, None, problems


def load(directory: Path | str, log: Callable[[str], None] = _log_stdout) -> LoadResult:
    """Load save data from `directory`; never raises for bad or missing banks."""
    chosen, data, problems = pick(read_banks(Path(directory)))
    if chosen is not None and chosen.record is not None and data is not None:
        notice = None
        # A missing partner is normal until the second commit; anything else is worth a line.
        worth = {n: p for n, p in problems.items() if p != "missing"}
        if worth:
            bad = ", ".join(f"bank {n} {p}" for n, p in sorted(worth.items()))
            notice = f"save: {bad}; using bank {chosen.name} (sequence {chosen.record.sequence})"
            log(notice)
        return LoadResult(data, False, notice, chosen.record.sequence, chosen.name)
    bad = ", ".join(f"bank {n} {p}" for n, p in sorted(problems.items()))
    notice = f"save: {CLEARED_NOTICE}: {bad}; factory defaults loaded"
    log(notice)
    return LoadResult(factory(), True, notice, 0, None)
