"""Named `fleet serve --name` processes for the several-instances tests (fleet/members.py):
each a real `bloxcab fleet serve` whose log lines are kept and waited on, and cabinets
sending heartbeats through the broker."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tests.fleet_kit import ROOT, Pki, client, free_port, publish_acked

CABINETS = ("cab-n1", "cab-n2", "cab-n3", "cab-n4")
START_S = 120  # a `fleet serve` starting (imports, TLS, migrations) on a loaded machine
STORE_S = 180


class Instance:
    """One `bloxcab fleet serve --name NAME` process; its log lines are kept and waited on."""

    def __init__(self, name: str, keys: Path, db_url: str, port: int) -> None:
        self.name = name
        self.http = free_port()
        self.lines: list[str] = []
        self.cond = threading.Condition()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "firmware.cli", "fleet", "serve", "--name", name,
             "--db", db_url, "--broker", f"127.0.0.1:{port}", "--keys", str(keys),
             "--http", f"127.0.0.1:{self.http}"],
            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            with self.cond:
                self.lines.append(line.rstrip())
                self.cond.notify_all()
        with self.cond:
            self.lines.append("<exit>")
            self.cond.notify_all()

    def said(self, pattern: str, timeout: float, after: int = 0) -> int:
        """Until a log line (from line ``after`` on) matches; its index."""
        found: list[int] = []

        def seen() -> bool:
            for i in range(after, len(self.lines)):
                if re.search(pattern, self.lines[i]):
                    found.append(i)
                    return True
            return "<exit>" in self.lines

        with self.cond:
            assert self.cond.wait_for(seen, timeout) and found, (
                f"{self.name} never said {pattern!r}:\n" + "\n".join(self.lines[-30:]))
        return found[0]

    def kill(self, sig: int) -> None:
        os.kill(self.proc.pid, sig)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)


def beat(n: int) -> bytes:
    return json.dumps({"id": f"0a1b2c3d-{n}", "seq": n, "kind": "beat", "at": time.time(),
                       "body": {"screen": "attract"}}).encode()


def send(pki: Pki, port: int, first: int, count: int) -> None:
    """Each cabinet sends ``count`` heartbeats numbered from ``first``, QoS 1, all
    acknowledged by the broker."""
    for cabinet in CABINETS:
        key, crt = pki.dir / cabinet / "cabinet.key", pki.dir / cabinet / "cabinet.crt"
        if not crt.exists():
            key, crt = pki.cabinet(cabinet)
        publish_acked(client(pki, cabinet, key, crt), port,
                      [(f"bloxcab/{cabinet}/beat", beat(n)) for n in range(first, first + count)])


def until(check: Callable[[], bool], timeout: float) -> bool:
    """Until ``check()`` holds, looked at again every tenth of a second."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            return False
        threading.Event().wait(0.1)
    return True
