"""The kiosk's outbox: durable, ordered, bounded, never blocking the frame, never losing a
coin (real files; a child killed with SIGKILL at random moments)."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from firmware.uplink.message import BEAT, BOOK, NOTICE, RANK, RESULT
from firmware.uplink.outbox import Outbox, entries, iter_messages
from tests.conftest import LONG

CHILD = Path(__file__).with_name("outbox_child.py")
KILLS = 400 if LONG else 40


def books(directory: Path) -> list[dict]:
    return [m for _, m in iter_messages(directory) if m["kind"] == BOOK]


def delta_sum(directory: Path, key: str) -> int:
    return sum(m["body"]["delta"].get(key, 0) for m in books(directory))


def test_entries_are_durable_files_in_order_with_unique_ids(tmp_path: Path) -> None:
    box = Outbox(tmp_path)
    box.post(NOTICE, {"text": "COIN 1 JAMMED"})
    box.book({"coins.1": 2})
    box.post(RESULT, {"game": "g", "player": 0, "summary": {"score": 10}})
    assert box.close()
    found = entries(tmp_path)
    assert [e.kind for e in found] == [NOTICE, BOOK, RESULT]
    assert [e.seq for e in found] == [1, 2, 3]
    first = [m["id"] for _, m in iter_messages(tmp_path)]
    # Reopened (a restart): numbering goes on after the newest entry, the epoch is new.
    again = Outbox(tmp_path)
    again.post(BEAT, {})
    assert again.close()
    ids = [m["id"] for _, m in iter_messages(tmp_path)]
    assert ids[:3] == first and len(set(ids)) == 4
    assert entries(tmp_path)[-1].seq == 4
    assert not list(tmp_path.glob("*.tmp"))


def test_book_deltas_carry_on_across_restarts_even_when_everything_was_sent(
        tmp_path: Path) -> None:
    box = Outbox(tmp_path)
    box.book({"coins.1": 3, "coins.2": 1})
    box.book({"coins.1": 5, "coins.2": 1})
    assert box.close()
    assert [m["body"]["delta"] for m in books(tmp_path)] == [{"coins.1": 3, "coins.2": 1},
                                                             {"coins.1": 2}]
    for entry in entries(tmp_path):  # the uplink sent and removed them all
        entry.path.unlink()
    box = Outbox(tmp_path)
    box.book({"coins.1": 6, "coins.2": 1})
    box.book({"coins.1": 1, "coins.2": 0})  # the operator cleared the counters
    assert box.close()
    assert [m["body"]["delta"] for m in books(tmp_path)] == [{"coins.1": 1}, {"coins.1": 1}]
    assert [m["body"]["reset"] for m in books(tmp_path)] == [False, True]


def test_posting_never_waits_for_the_disk(tmp_path: Path) -> None:
    """The outbox's thread is held inside an entry; the frame thread posts on regardless."""
    held = threading.Event()
    release = threading.Event()

    def slow() -> str:
        held.set()
        release.wait(30)
        return "replay text"

    box = Outbox(tmp_path)
    box.post(RANK, {"game": "g"}, attach=slow)
    assert held.wait(10)
    for n in range(500):
        box.book({"coins.1": n + 1})
    assert entries(tmp_path) == []  # nothing written yet: every post returned without it
    release.set()
    assert box.close(600)  # 501 entries, each fsynced: a bound for a stuck thread, not a speed
    assert len(entries(tmp_path)) == 501
    rank = next(m for _, m in iter_messages(tmp_path) if m["kind"] == RANK)
    assert rank["body"]["attached"] == "replay text"
    assert delta_sum(tmp_path, "coins.1") == 500


def test_a_full_outbox_drops_heartbeats_first_and_never_a_coin(tmp_path: Path) -> None:
    box = Outbox(tmp_path, max_entries=10)
    box.post(RESULT, {"game": "g", "player": 0, "summary": {}})
    for n in range(1, 41):
        box.post(BEAT, {"n": n})
        if n % 4 == 0:
            box.book({"coins.1": n // 4, "coins.2": n})
    assert box.close()
    found = entries(tmp_path)
    assert len(found) == 10
    # The 10 book entries fill it exactly: every heartbeat went, then the result, no book.
    assert [e.kind for e in found] == [BOOK] * 10
    assert box.dropped == {BEAT: 40, RESULT: 1}
    assert delta_sum(tmp_path, "coins.1") == 10
    assert delta_sum(tmp_path, "coins.2") == 40
    assert books(tmp_path)[-1]["body"]["totals"] == {"coins.1": 10, "coins.2": 40}


def test_only_books_left_they_merge_and_the_sum_holds(tmp_path: Path) -> None:
    box = Outbox(tmp_path, max_entries=5)
    for n in range(1, 101):
        box.book({"coins.1": n})
    assert box.close()
    assert len(entries(tmp_path)) == 5
    assert delta_sum(tmp_path, "coins.1") == 100
    assert box.dropped[BOOK] == 95


def test_ranking_entries_are_never_dropped_and_a_refused_one_is_reported(
        tmp_path: Path) -> None:
    box = Outbox(tmp_path, max_entries=3)
    for n in range(4):
        box.post(RANK, {"n": n})
    assert box.close()
    assert [m["body"]["n"] for _, m in iter_messages(tmp_path)] == [0, 1, 2]
    assert box.last_error is not None and "full of ranking entries" in box.last_error


@pytest.mark.timeout(1800)  # much work, not a hang: 300 s ran out in an emulated arm64 root
def test_sigkill_at_random_moments_loses_no_acknowledged_coin(tmp_path: Path) -> None:
    rng = random.Random(1989)
    acked = 0
    for kill in range(KILLS):
        child = subprocess.Popen([sys.executable, str(CHILD), "coins", str(tmp_path)],
                                 stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        assert child.stdout is not None
        start = child.stdout.readline().decode()
        match = re.fullmatch(r"start coins=(\d+)\n", start)
        assert match, f"kill {kill}: child said {start!r}"
        assert int(match[1]) >= acked
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(child.pid, signal.SIGKILL)
        for line in child.stdout.read().decode().splitlines():
            if line.startswith("ack "):
                acked = max(acked, int(line[4:]))
        child.wait()
        # Every file left is a whole entry; the deltas add up to the newest totals.
        for path in tmp_path.glob("*.json"):
            json.loads(path.read_bytes())
    box = Outbox(tmp_path, max_entries=40)  # a restart tidies what a cut merge left
    assert box.close()
    newest = books(tmp_path)[-1]["body"]["totals"]["coins.1"]
    assert newest >= acked > 0
    assert delta_sum(tmp_path, "coins.1") == newest
    assert len(entries(tmp_path)) <= 40
