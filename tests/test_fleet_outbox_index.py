"""A full outbox makes room from what it keeps in memory: one more entry costs the same
whether the outbox holds 200 entries or 2,000 (it lists its folder once, when it opens), and
what the uplink sent meanwhile is found without listing the folder again. Real files; the
listings and opened files counted by Python's audit events in a child process."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from firmware.bench.outbox import lay_backlog
from firmware.uplink.decisions import LINK_DECISIONS
from firmware.uplink.message import BEAT, BOOK, NOTICE, RANK, RESULT
from firmware.uplink.outbox import Outbox, entries

CHILD = Path(__file__).with_name("outbox_child.py")
PUTS = 40


def cost(where: Path, size: int) -> dict[str, tuple[int, int]]:
    """{"open" | "puts": (folder listings, files opened)} of an outbox of ``size``."""
    out = subprocess.run([sys.executable, str(CHILD), "listings", str(where), str(size),
                          str(PUTS)], capture_output=True, text=True, timeout=600, check=True)
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines())
    return {part: (int(value.split()[0]), int(value.split()[1]))
            for part, value in lines.items()}


def test_one_more_entry_costs_the_same_in_a_full_outbox_of_any_size(tmp_path: Path) -> None:
    small = cost(tmp_path / "small", 200)
    large = cost(tmp_path / "large", 2_000)
    # The folder is listed when the outbox opens (stale temporary files, then the entries)...
    assert small["open"][0] == large["open"][0] <= 2
    # ...and never again: 40 entries into a full outbox, each dropping a heartbeat or
    # merging two book entries, list nothing and open as many files at either size.
    assert small["puts"][0] == large["puts"][0] == 0
    assert small["puts"][1] == large["puts"][1]
    assert large["puts"][1] <= PUTS * 6  # the entry, the totals' mark, a merge's two reads
    for size, where in ((200, tmp_path / "small"), (2_000, tmp_path / "large")):
        assert len(entries(where)) == size


def test_entries_the_uplink_sent_make_room_and_nothing_is_dropped(tmp_path: Path) -> None:
    lay_backlog(tmp_path, 50)
    box = Outbox(tmp_path, max_entries=50)
    assert box.flush()
    oldest = entries(tmp_path)
    # The uplink acknowledged and removed the ten oldest, and three more out of order
    # within its window: the outbox learns of it only by looking.
    for entry in oldest[:10] + oldest[12:18:2]:
        entry.path.unlink()
    for n in range(13):
        box.post(BEAT, {"n": n})
    assert box.close()
    assert box.dropped == {}
    assert len(entries(tmp_path)) == 50


def test_what_was_posted_is_kept_sent_or_counted_as_dropped(tmp_path: Path) -> None:
    """Random posts, an uplink removing entries among the oldest 32 (its window), restarts:
    the folder stays within its bounds, and every entry posted is in it, was sent, or is
    counted in ``dropped``."""
    rng = random.Random(35)
    window: int = LINK_DECISIONS["uplink_window"].value
    limit_entries, limit_bytes = 30, 9_000
    posted = sent = 0
    dropped: dict[str, int] = {}
    coins = 0
    box = Outbox(tmp_path, max_entries=limit_entries, max_bytes=limit_bytes)
    for step in range(600):
        roll = rng.random()
        if roll < 0.08:  # the uplink acknowledged some of the oldest
            assert box.flush()
            present = entries(tmp_path)[:window]
            for entry in rng.sample(present, min(len(present), rng.randint(1, 6))):
                entry.path.unlink()
                sent += 1
        elif roll < 0.1:  # the kiosk restarts
            assert box.close()
            for kind, n in box.dropped.items():
                dropped[kind] = dropped.get(kind, 0) + n
            box = Outbox(tmp_path, max_entries=limit_entries, max_bytes=limit_bytes)
        elif roll < 0.4:
            coins += rng.randint(0, 3)
            box.book({"coins.1": coins})
            posted += 1
        else:
            kind = rng.choice([BEAT, BEAT, NOTICE, RESULT])
            box.post(kind, {"text": "x" * rng.randint(0, 400), "step": step})
            posted += 1
        if step % 50 == 0:  # now and then a ranking entry, never dropped
            box.post(RANK, {"n": step})
            posted += 1
    assert box.close()
    for kind, n in box.dropped.items():
        dropped[kind] = dropped.get(kind, 0) + n
    found = entries(tmp_path)
    assert len(found) <= limit_entries
    assert sum(e.size for e in found) <= limit_bytes
    assert len(found) + sent + sum(dropped.values()) == posted
    assert sent > 0 and dropped.get(BEAT, 0) > 0 and dropped.get(BOOK, 0) > 0

