"""`bloxcab bench --outbox`: what one more entry costs the kiosk's process when the outbox is
full (a cabinet offline for two weeks): the time from post() to durable, the CPU the
outbox's thread spent on it, and how often it listed its folder."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from firmware.savedata import save_dir
from firmware.uplink.message import BEAT, BOOK, encode, envelope, message_id
from firmware.uplink.outbox import MAX_ENTRIES, Outbox

NAME = "outbox"
ORDER = 42
HELP = "fleet outbox: cost of an entry when it is full (20,000 entries; --quick: 2,000)"


def lay_backlog(directory: Path, count: int, book_every: int = 20) -> None:
    """``count`` entries as an offline outbox leaves them (a heartbeat a minute, a book
    entry every ``book_every``), written straight to files: the folder is the truth an
    outbox opens on, and fsyncing each one would only slow the set-up."""
    directory.mkdir(parents=True, exist_ok=True)
    coins = 0
    for seq in range(1, count + 1):
        if seq % book_every == 0:
            coins += 1
            kind, body = BOOK, {"totals": {"coins.1": coins}, "delta": {"coins.1": 1},
                                "reset": False, "cleared_at": None}
        else:
            kind, body = BEAT, {"screen": "attract", "n": seq}
        data = encode(envelope(message_id("0badcafe", seq), seq, kind, 1_700_000_000.0 + seq,
                               body))
        (directory / f"{seq:012d}.{kind}.json").write_bytes(data)


class Listings:
    """Counts the folder listings of one directory (Python's audit events ``os.scandir``
    and ``os.listdir``) from the moment it is made; an audit hook stays for the process."""

    def __init__(self, directory: Path) -> None:
        self.directory = str(directory)
        self.count = 0
        sys.addaudithook(self._hook)

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if event in ("os.scandir", "os.listdir") and args and str(args[0]) == self.directory:
            self.count += 1


def _p99(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * 0.99))]


def run(args: argparse.Namespace) -> None:
    size = 2_000 if args.quick else MAX_ENTRIES
    puts = 20 if args.quick else 50
    # On the disk the outbox really lives on (/tmp may be RAM on a Pi).
    with tempfile.TemporaryDirectory(prefix="bench-", dir=save_dir(None)) as where:
        folder = Path(where) / "outbox"
        lay_backlog(folder, size)
        listings = Listings(folder)
        start = time.perf_counter()
        box = Outbox(folder, max_entries=size)
        assert box.flush(600)
        opened = time.perf_counter() - start
        at_open = listings.count
        assert box.thread.ident is not None
        clock = time.pthread_getcpuclockid(box.thread.ident)  # the thread doing the work
        cpu = time.clock_gettime(clock)
        walls = []
        coins = size // 20
        for n in range(puts):
            start = time.perf_counter()
            if n % 2:
                coins += 1
                box.book({"coins.1": coins})
            else:
                box.post(BEAT, {"screen": "attract"})
            assert box.flush(600)
            walls.append(time.perf_counter() - start)
        worker_cpu = time.clock_gettime(clock) - cpu
        box.close()
    per_put = (listings.count - at_open) / puts
    print(f"outbox: {size:,} entries (full), opened in {opened * 1000:.0f} ms "
          f"({at_open} folder listing(s)); {puts} entries more, each post() to durable: "
          f"median {statistics.median(walls) * 1000:.2f} ms, p99 {_p99(walls) * 1000:.2f} ms; "
          f"the outbox thread's CPU {worker_cpu / puts * 1000:.2f} ms an entry; "
          f"{per_put:.2f} folder listings an entry (in {where})")
