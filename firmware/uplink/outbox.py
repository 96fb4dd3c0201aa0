"""The outbox: what the fleet needs to know, kept in the cabinet's state directory until the
fleet service has it (firmware/uplink/client.py).

One file per entry, ``<seq>.<kind>.json``, written tmp file -> fsync -> rename -> fsync of
the directory, so an entry is either whole or absent after a power cut. Entries are sorted
by their sequence number; the uplink publishes them in that order and deletes each file
only once the service's receipt names it (the broker's acknowledgement, with a service
older than receipts). The kiosk never writes here from its frame thread:
``post()`` drops the entry in a queue and the outbox's own thread does the disk work.

Each entry is one message of the fleet's format (firmware/uplink/message.py), with its
message id, ``<epoch>-<seq>``: the epoch is new each time an outbox is opened and the
sequence goes up within it, so an id is never given twice and the fleet service can ignore
a redelivered one.

Bounded: at most ``max_entries`` files and ``max_bytes`` bytes. When a new entry does not
fit, the oldest heartbeat goes first, then the oldest notice, then the oldest game result;
bookkeeping entries carry the running totals, so the two oldest are merged (their deltas
added) rather than one dropped, and no coin is ever lost; ranking entries are never dropped.
A merged entry names the ids it holds (``merged``): the older one may already be on its way,
and the service then counts its coins once.

The folder is listed once, when the outbox opens; from then on it keeps its entries in memory
(``Index``): a full outbox makes room without listing 20,000 files for each new entry. The
folder stays the truth: only this outbox adds files, so the index can only hold more than
the folder (entries the uplink sent and removed), and a full outbox first looks whether its
oldest entries are still there before it drops anything.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import re
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.durable_file import fsync_directory, own_directory, replace_file
from firmware.uplink.decisions import LINK_DECISIONS
from firmware.uplink.message import (
    BEAT,
    BOOK,
    KINDS,
    NOTICE,
    RESULT,
    book_body,
    encode,
    envelope,
    message_id,
)

log = logging.getLogger("bloxcab.fleet")

# Which kind goes first when the outbox is full (book entries are merged, ranks kept).
DROP_ORDER = (BEAT, NOTICE, RESULT)

MAX_ENTRIES: int = LINK_DECISIONS["outbox_limits"].value["entries"]
MAX_BYTES: int = LINK_DECISIONS["outbox_limits"].value["bytes"]
# The uplink removes entries as they are receipted, in a little disorder among the oldest:
# a full outbox looks at its oldest entries until it found this many still there.
SENT_PROBE: int = LINK_DECISIONS["uplink_window"].value

_NAME = re.compile(r"^(\d{12})\.([a-z]+)\.json$")
MARK = "mark.json"  # the last totals written, so deltas carry on across restarts


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    path: Path
    size: int


def entries(directory: Path) -> list[Entry]:
    """Every entry file in the outbox, oldest first (the uplink's and the tests' view)."""
    found: list[Entry] = []
    try:
        with os.scandir(directory) as it:
            for item in it:
                match = _NAME.match(item.name)
                if match is None or match.group(2) not in KINDS:
                    continue
                try:
                    size = item.stat().st_size
                except FileNotFoundError:  # the uplink removed it meanwhile
                    continue
                found.append(Entry(int(match.group(1)), match.group(2), Path(item.path), size))
    except FileNotFoundError:
        return []
    found.sort(key=lambda e: e.seq)
    return found


class Index:
    """The outbox's entries in memory, oldest first, with their count and bytes: adding,
    removing and finding the oldest of a kind cost the same however many there are."""

    def __init__(self, found: list[Entry]) -> None:
        self.by_seq: OrderedDict[int, Entry] = OrderedDict()
        # Each kind's seqs, oldest first; a seq removed from by_seq stays here until it
        # reaches the front (removal from the middle would cost a search).
        self.by_kind: dict[str, deque[int]] = {kind: deque() for kind in KINDS}
        self.bytes = 0
        for entry in found:
            self.add(entry)

    def __len__(self) -> int:
        return len(self.by_seq)

    def add(self, entry: Entry) -> None:
        """A new entry (newer than all) or a rewritten one (same seq, new size)."""
        old = self.by_seq.get(entry.seq)
        if old is None:
            self.by_kind[entry.kind].append(entry.seq)
        else:
            self.bytes -= old.size
        self.by_seq[entry.seq] = entry
        self.bytes += entry.size

    def remove(self, entry: Entry) -> None:
        if self.by_seq.pop(entry.seq, None) is not None:
            self.bytes -= entry.size

    def oldest(self, kind: str, count: int = 1) -> list[Entry]:
        """Up to ``count`` of the oldest entries of ``kind``."""
        seqs = self.by_kind[kind]
        while seqs and seqs[0] not in self.by_seq:
            seqs.popleft()
        found: list[Entry] = []
        for seq in seqs:
            entry = self.by_seq.get(seq)
            if entry is not None:
                found.append(entry)
                if len(found) == count:
                    break
        return found

    def newest(self, kind: str) -> Iterator[Entry]:
        for seq in reversed(self.by_kind[kind]):
            entry = self.by_seq.get(seq)
            if entry is not None:
                yield entry

    def last_seq(self) -> int:
        return next(reversed(self.by_seq), 0)

    def forget_sent(self, probe: int) -> None:
        """Drop what the uplink removed: the oldest entries are looked at until ``probe`` of
        them are still there (one stat each; none for the rest of the outbox)."""
        gone: list[Entry] = []
        present = 0
        for entry in self.by_seq.values():
            if entry.path.exists():
                present += 1
                if present >= probe:
                    break
            else:
                gone.append(entry)
        for entry in gone:
            self.remove(entry)


def read_entry(entry: Entry) -> dict[str, Any] | None:
    """The entry's message, or None when it is gone or unreadable."""
    try:
        data = json.loads(entry.path.read_bytes())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _sub(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    return {k: v - b.get(k, 0) for k, v in a.items() if v != b.get(k, 0)}


def _add(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    keys = set(a) | set(b)
    return {k: a.get(k, 0) + b.get(k, 0) for k in sorted(keys)}


class Outbox:
    """Owns ``directory`` for the kiosk. ``post()`` returns at once; ``flush()`` waits."""

    def __init__(self, directory: Path, *, max_entries: int = MAX_ENTRIES,
                 max_bytes: int = MAX_BYTES, clock: Callable[[], float] = time.time,
                 on_written: Callable[[str, int], None] | None = None) -> None:
        self.directory = directory
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.clock = clock
        self.on_written = on_written  # (message id, seq) once durable (tests, tools)
        self.epoch = secrets.token_hex(4)
        self.last_error: str | None = None
        self.dropped: dict[str, int] = {}
        self._jobs: queue.Queue[tuple[str, dict[str, Any], Callable[[], Any] | None]
                                | threading.Event | None] = queue.Queue()
        self._index = Index([])
        self._next = 1
        self._totals: dict[str, int] | None = None
        self._mark_stale = False
        self.thread = threading.Thread(target=self._run, name="outbox", daemon=True)
        self.thread.start()

    # ---- the frame thread ----------------------------------------------------------------
    def post(self, kind: str, body: dict[str, Any],
             attach: Callable[[], Any] | None = None) -> None:
        """Queue an entry. ``attach`` runs on the outbox's thread and its value goes in the
        body as ``attached`` (e.g. reading a replay file, which the frame must not do)."""
        if kind not in KINDS:
            raise ValueError(f"unknown outbox kind {kind!r}")
        self._jobs.put((kind, body, attach))

    def book(self, totals: dict[str, int], epoch: str | None = None) -> None:
        """Queue the bookkeeping totals; the thread works out the delta."""
        self.post(BOOK, book_body(totals, epoch))

    def flush(self, timeout: float = 10.0) -> bool:
        done = threading.Event()
        self._jobs.put(done)
        return done.wait(timeout)

    def close(self, timeout: float = 10.0) -> bool:
        ok = self.flush(timeout)
        self._jobs.put(None)
        return ok

    # ---- the outbox's thread --------------------------------------------------------------
    def _fail(self, message: str) -> None:
        if message != self.last_error:
            log.warning("%s", message)
        self.last_error = message

    def _load_totals(self) -> dict[str, int] | None:
        """The totals of the newest book entry on disk, else of the mark file."""
        for entry in self._index.newest(BOOK):
            data = read_entry(entry)
            if data is not None and isinstance(data.get("body"), dict):
                totals = data["body"].get("totals")
                if isinstance(totals, dict):
                    return {str(k): int(v) for k, v in totals.items()}
        try:
            mark = json.loads((self.directory / MARK).read_bytes())
            return {str(k): int(v) for k, v in mark["totals"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None

    def _open(self) -> None:
        """Read the directory back (on the thread: a long outbox takes a while to scan); the
        only time the outbox lists its folder."""
        directory = self.directory
        try:
            own_directory(directory, make=True)
            for stale in directory.glob("*.tmp"):
                stale.unlink(missing_ok=True)
            self._index = Index(entries(directory))
            self._drop_covered()
            self._next = self._index.last_seq() + 1
            self._totals = self._load_totals()
        except OSError as exc:
            self._fail(f"outbox {directory} unusable: {exc.strerror or exc}")

    def _drop_covered(self) -> None:
        """A power cut during a merge can leave the older book entry behind its merged
        successor: the successor's ``covers`` names the first seq it holds, so drop it."""
        floor = None
        for entry in list(self._index.newest(BOOK)):
            if floor is not None and entry.seq >= floor:
                entry.path.unlink(missing_ok=True)
                self._index.remove(entry)
                continue
            data = read_entry(entry)
            covers = data["body"].get("covers") if data and isinstance(data.get("body"),
                                                                         dict) else None
            if isinstance(covers, int):
                floor = covers if floor is None else min(floor, covers)

    def _run(self) -> None:
        """Take every job waiting, write their entry files, then make the batch durable
        with one mark write and one directory fsync."""
        self._open()
        while True:
            jobs = [self._jobs.get()]
            while True:
                try:
                    jobs.append(self._jobs.get_nowait())
                except queue.Empty:
                    break
            written: list[tuple[str, int]] = []
            events: list[threading.Event] = []
            stop = False
            for job in jobs:
                if job is None:
                    stop = True
                elif isinstance(job, threading.Event):
                    events.append(job)
                else:
                    kind, body, attach = job
                    try:
                        if attach is not None:
                            body = {**body, "attached": attach()}
                        written.append(self._append(kind, body))
                    except (OSError, ValueError, UnicodeDecodeError) as exc:
                        self._fail(f"outbox: cannot write a {kind} entry: {exc}")
            try:
                own_directory(self.directory)
                if self._totals is not None and self._mark_stale:
                    replace_file(self.directory / MARK,
                                 json.dumps({"totals": self._totals}).encode(), 0o640)
                    self._mark_stale = False
                fsync_directory(self.directory)
            except OSError as exc:
                self._fail(f"outbox: cannot sync {self.directory}: {exc.strerror or exc}")
            if self.on_written is not None:
                for mid, seq in written:
                    self.on_written(mid, seq)
            for event in events:
                event.set()
            if stop:
                return

    def _append(self, kind: str, body: dict[str, Any]) -> tuple[str, int]:
        """Write one entry file (its directory entry is synced with the batch)."""
        if kind == BOOK:
            totals = {str(k): int(v) for k, v in body["totals"].items()}
            previous = self._totals or {}
            cleared = any(totals.get(k, 0) < v for k, v in previous.items())
            if cleared:
                previous = {}  # the counters were cleared: everything since is new
            body = {**body, "totals": totals, "delta": _sub(totals, previous),
                    "reset": cleared}
        seq = self._next
        mid = message_id(self.epoch, seq)
        data = encode(envelope(mid, seq, kind, round(self.clock(), 3), body))
        if len(data) > self.max_bytes:
            raise ValueError(f"entry of {len(data)} bytes is larger than the outbox")
        own_directory(self.directory)
        self._make_room(len(data))
        path = self.directory / f"{seq:012d}.{kind}.json"
        replace_file(path, data, 0o640)
        self._next = seq + 1
        self._index.add(Entry(seq, kind, path, len(data)))
        if kind == BOOK:
            self._totals = body["totals"]
            self._mark_stale = True
        self.last_error = None
        return mid, seq

    def _full(self, extra: int) -> bool:
        return (len(self._index) + 1 > self.max_entries
                or self._index.bytes + extra > self.max_bytes)

    def _make_room(self, size: int) -> None:
        if not self._full(size):
            return
        self._index.forget_sent(SENT_PROBE)  # the uplink may have sent some meanwhile
        while self._full(size):
            if not self._drop_one():
                raise ValueError("outbox full of ranking entries; this one is not kept")

    def _drop_one(self) -> bool:
        for kind in DROP_ORDER:
            for victim in self._index.oldest(kind):
                self._index.remove(victim)
                try:
                    victim.path.unlink()
                except FileNotFoundError:  # sent meanwhile: room made all the same
                    return True
                self.dropped[kind] = self.dropped.get(kind, 0) + 1
                return True
        books = self._index.oldest(BOOK, 2)
        if len(books) < 2:
            return False
        older, newer = books
        old, new = read_entry(older), read_entry(newer)
        if old is None or new is None:  # sent meanwhile
            victim = older if old is None else newer
            victim.path.unlink(missing_ok=True)
            self._index.remove(victim)
            return True
        new["body"]["delta"] = _add(old["body"].get("delta", {}), new["body"].get("delta", {}))
        new["body"]["covers"] = int(old["body"].get("covers", older.seq))
        # The ids it now holds: the older entry may be on its way already (the uplink read
        # it before this merge), and the service counts each id's coins once.
        new["body"]["merged"] = [*old["body"].get("merged", []), str(old.get("id")),
                                 *new["body"].get("merged", [])]
        data = encode(new)
        replace_file(newer.path, data, 0o640)  # the merged delta is durable before the older goes
        fsync_directory(self.directory)
        older.path.unlink(missing_ok=True)
        self._index.remove(older)
        self._index.add(Entry(newer.seq, BOOK, newer.path, len(data)))
        self.dropped[BOOK] = self.dropped.get(BOOK, 0) + 1
        return True


def iter_messages(directory: Path) -> Iterator[tuple[Entry, dict[str, Any]]]:
    for entry in entries(directory):
        data = read_entry(entry)
        if data is not None:
            yield entry, data
