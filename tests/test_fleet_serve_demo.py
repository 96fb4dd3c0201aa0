"""Issue 35 item 9: `fleet serve --demo` writes its demo operator and cabinets into its own
database only (a --db, --broker or --keys is refused in one line), and SIGTERM, as systemd
or `kill` sends it, stops it as Ctrl-C does: the simulated cabinets, the embedded broker and
PostgreSQL stop and the temporary folder goes. A real `bloxcab` process, waited on."""

from __future__ import annotations

import os
import queue
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

import pytest

from firmware.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("extra", [["--db", "postgresql://fleet@db.example.org/fleet"],
                                   ["--broker", "broker.example.org:8883"],
                                   ["--keys", "/etc/bloxcab-fleet"]])
def test_demo_takes_no_database_broker_or_keys_of_anyone_elses(
        capsys: pytest.CaptureFixture[str], extra: list[str]) -> None:
    assert main(["fleet", "serve", "--demo", *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert extra[0] in err and "--demo" in err


def test_a_dashboard_address_in_use_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("fleet.serve")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        assert main(["fleet", "serve", "--db", "postgresql://nowhere/fleet", "--broker",
                     "127.0.0.1:1", "--keys", "/nonexistent", "--http",
                     f"127.0.0.1:{port}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"--http 127.0.0.1:{port}" in err


def lines_of(stream: object) -> queue.Queue[str]:
    """A child's output, line by line, as it comes (an empty string at its end)."""
    got: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:  # type: ignore[attr-defined]
            got.put(line)
        got.put("")

    threading.Thread(target=read, daemon=True).start()
    return got


def alive(pid: int) -> bool:
    """Not gone and not a zombie (a daemon's orphan waits on init to be reaped)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def postgres_of(folder: Path) -> list[int]:
    """The live processes (PostgreSQL's) whose command line names ``folder``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:  # not a process, or gone meanwhile
            continue
        if entry.name.isdigit() and str(folder).encode() in cmdline and alive(int(entry.name)):
            found.append(int(entry.name))
    return found


class Demo:
    """`bloxcab fleet serve --demo` in a child process, its TMPDIR a folder of our own in
    /tmp: pgserver runs PostgreSQL as its own user when we are root, which must traverse the
    folders above its data (pytest's are 0700)."""

    def __init__(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="bloxcab-demo-test-"))
        os.chmod(self.tmp, 0o755)
        self.made = self.tmp / "tmp"
        self.made.mkdir(mode=0o755)
        (self.tmp / "run").mkdir(mode=0o700)  # XDG's rule for a runtime folder
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "firmware.cli", "fleet", "serve", "--demo", "--http",
             f"127.0.0.1:{self.port}"], cwd=ROOT, text=True,
            # platformdirs' runtime folder (pgserver's) elsewhere: in TMPDIR only the demo's
            env={**os.environ, "TMPDIR": str(self.made), "XDG_RUNTIME_DIR": str(self.tmp / "run")},
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.out, self.err = lines_of(self.proc.stdout), lines_of(self.proc.stderr)

    def terminated(self, sig: int = signal.SIGTERM) -> str:
        """SIGTERM (or ``sig``); its exit waited for; its stderr."""
        self.proc.send_signal(sig)
        assert self.proc.wait(timeout=120) == 0
        rest = []
        while (chunk := self.err.get(timeout=30)) != "":
            rest.append(chunk)
        return "".join(rest)

    def close(self) -> None:
        if self.proc.poll() is None:  # a failure: try the clean way first
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        shutil.rmtree(self.tmp, ignore_errors=True)


def test_sigterm_while_the_demo_starts_leaves_nothing_behind() -> None:
    """SIGTERM as soon as PostgreSQL has written its pid file (pg_ctl still waiting for it
    to accept connections, the broker and cabinets to come): PostgreSQL stopped, the
    folder removed all the same."""
    pytest.importorskip("pgserver")
    demo = Demo()
    try:
        while not (works := list(demo.made.glob("bloxcab-fleet-*/pgdata/postmaster.pid"))):
            assert demo.proc.poll() is None
        work = works[0].parent.parent
        assert "Traceback" not in demo.terminated()
        assert list(demo.made.iterdir()) == []
        assert postgres_of(work) == []
    finally:
        demo.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_sigterm_stops_the_demo_and_removes_its_folder(sig: int) -> None:
    pytest.importorskip("pgserver")
    demo = Demo()
    tmp, port, out = demo.tmp, demo.port, demo.out
    try:
        line = out.get(timeout=300)
        assert line.startswith(f"demo: log in at http://127.0.0.1:{port}/"), line
        # Listening already: the request waits in the backlog until the server takes it.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=120) as r:
            assert r.status == 200
        made = sorted((tmp / "tmp").iterdir())
        assert [w.name[:14] for w in made] == ["bloxcab-fleet-"], made
        work = made[0]
        postgres = int((work / "pgdata" / "postmaster.pid").read_text().split()[0])
        assert alive(postgres)
        assert (work / "cabinets").is_dir() and (work / "broker").is_dir()
        said = demo.terminated(sig)
        assert "Traceback" not in said, said
        assert list((tmp / "tmp").iterdir()) == []  # its folder, PostgreSQL's data and all
        assert not alive(postgres) and postgres_of(work) == []
        with socket.socket() as s:  # nothing listens on the dashboard's port (a closed
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # connection may linger)
            s.bind(("127.0.0.1", port))
    finally:
        demo.close()
