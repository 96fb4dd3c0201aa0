"""Child process for the outbox tests (killed by the parent at random moments).

    python tests/outbox_child.py coins DIR    one more coin each loop; print `ack TOTAL`
                                              once the book entry holding TOTAL is durable
    python tests/outbox_child.py listings DIR N PUTS
                                              N entries laid in DIR, an outbox of N opened
                                              on them, PUTS more entries (full: each makes
                                              room); prints `open L O` and `puts L O`, the
                                              folder listings and files opened in each part

The listings are counted by an audit hook (it stays for the process: hence a child).

Each loop adds one coin to chute 1 and posts the totals, with a heartbeat in between.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from firmware.bench.outbox import Listings, lay_backlog
from firmware.uplink.message import BEAT
from firmware.uplink.outbox import Outbox, iter_messages


def coins(directory: str) -> None:
    where = Path(directory)
    total = 0
    for _, message in iter_messages(where):
        if message["kind"] == "book":
            total = max(total, message["body"]["totals"]["coins.1"])
    print(f"start coins={total}", flush=True)
    written = threading.Event()
    box = Outbox(where, max_entries=40, on_written=lambda mid, seq: written.set())
    while True:
        total += 1
        box.post(BEAT, {"n": total})
        box.book({"coins.1": total, "coins.2": 0})
        box.flush()
        print(f"ack {total}", flush=True)
        time.sleep(0.001)


def listings(directory: str, size: int, puts: int) -> None:
    where = Path(directory)
    lay_backlog(where, size)
    listed = Listings(where)
    opened = [0]

    # Files in the folder, not the folder itself: the outbox's thread fsyncs the folder once
    # per batch, and whether a flush lands in the same batch as its entry is up to the
    # scheduler (an arm64 emulation under load opened it once more in one of the runs).
    inside = directory.rstrip("/") + "/"

    def hook(event: str, args: tuple[object, ...]) -> None:
        if event == "open" and args and str(args[0]).startswith(inside):
            opened[0] += 1

    sys.addaudithook(hook)
    box = Outbox(where, max_entries=size)
    assert box.flush()
    print(f"open {listed.count} {opened[0]}", flush=True)
    listed.count = opened[0] = 0
    for n in range(puts):
        if n % 2:
            box.book({"coins.1": size + n})
        else:
            box.post(BEAT, {"n": n})
        assert box.flush()
    print(f"puts {listed.count} {opened[0]}", flush=True)
    box.close()


if __name__ == "__main__":
    if sys.argv[1] == "coins":
        coins(sys.argv[2])
    elif sys.argv[1] == "listings":
        listings(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        raise SystemExit(f"unknown mode {sys.argv[1]}")
