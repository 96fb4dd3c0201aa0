"""Child process for the outbox tests (killed by the parent at random moments).

    python tests/outbox_child.py coins DIR    one more coin each loop; print `ack TOTAL`
                                              once the book entry holding TOTAL is durable

Each loop adds one coin to chute 1 and posts the totals, with a heartbeat in between.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


if __name__ == "__main__":
    if sys.argv[1] == "coins":
        coins(sys.argv[2])
    else:
        raise SystemExit(f"unknown mode {sys.argv[1]}")
