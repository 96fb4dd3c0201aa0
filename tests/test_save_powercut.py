"""Kill a committing child with SIGKILL at random moments; nothing acknowledged may be lost.

SIGKILL stops the process between two system calls, so this proves the write order (whole
record, truncate, fsync, directory fsync, only then acknowledge) and the A/B choice. The page
cache survives a process kill; a real power cut relies on the fsyncs.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from firmware.savedata import load
from firmware.savedata.banks import read_banks
from tests.conftest import LONG

CHILD = Path(__file__).with_name("save_child.py")
KILLS = 2000 if LONG else 200


def test_sigkill_at_random_moments_never_loses_an_acknowledged_commit(tmp_path: Path) -> None:
    rng = random.Random(1988)
    acked = 0
    ack_count = 0
    torn = 0
    zygote = subprocess.Popen(
        [sys.executable, str(CHILD), "zygote", str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        bufsize=1,
    )
    assert zygote.stdin is not None and zygote.stdout is not None
    pid = 0

    def ack(line: str) -> None:
        nonlocal acked, ack_count
        assert line.startswith("ack ") and line.endswith("\n"), line
        seq = int(line[4:])
        assert seq > acked
        acked = seq
        ack_count += 1

    try:
        for kill in range(KILLS):
            # The new child's own acknowledgements can come before the zygote's `pid` line
            # (a busy machine runs the child first): its start is checked against the ones
            # acknowledged before it was forked.
            before = acked
            zygote.stdin.write("fork\n")
            zygote.stdin.flush()
            pid, start = 0, ""
            while not (pid and start):  # the child's lines and the zygote's come in any order
                line = zygote.stdout.readline()
                assert line, f"kill {kill}: the zygote ended"
                if line.startswith("pid "):
                    pid = int(line[4:])
                elif start:
                    ack(line)
                else:
                    start = line
            match = re.fullmatch(r"start seq=(\d+) coins=(\d+)\n", start)
            assert match, f"kill {kill}: child said {start!r}"
            assert int(match[1]) >= before
            # Kill after 0-3 of its commits were acknowledged (waited for, so the kills land
            # among durable commits however slow the machine), at a random moment after.
            for _ in range(rng.randrange(4)):
                line = zygote.stdout.readline()
                assert line, f"kill {kill}: the zygote ended"
                ack(line)
            time.sleep(rng.uniform(0.0, 0.03))
            os.kill(pid, signal.SIGKILL)
            child, pid = pid, 0
            zygote.stdin.write(f"reap {child}\n")
            zygote.stdin.flush()
            while (line := zygote.stdout.readline()) != f"reaped {child}\n":
                assert line, f"kill {kill}: the zygote ended"
                ack(line)
            torn += any(r.record is None and r.problem != "missing" for r in read_banks(tmp_path))
            result = load(tmp_path, log=lambda _line: None)
            if acked:
                assert not result.cleared, f"kill {kill}: {result.notice}"
            assert result.sequence >= acked, f"kill {kill}: {result.sequence} < acked {acked}"
            # The child's invariant: the record holding sequence S counted S coins.
            assert result.data.bookkeeping.coins[0] == result.sequence
    finally:
        if pid:  # a failed check leaves a child committing: stop it
            os.kill(pid, signal.SIGKILL)
        zygote.stdin.close()
        zygote.wait(timeout=60)
    print(f"{KILLS} kills, {ack_count} acknowledged commits, {torn} times a torn bank")
    assert ack_count >= KILLS // 2  # the kills really did land among durable commits
