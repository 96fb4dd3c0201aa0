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


def test_sigterm_stops_the_demo_and_removes_its_folder() -> None:
    pytest.importorskip("pgserver")
    # A folder of our own in /tmp: pgserver runs PostgreSQL as its own user when we are
    # root, which must traverse the folders above its data (pytest's are 0700).
    tmp = Path(tempfile.mkdtemp(prefix="bloxcab-demo-test-"))
    os.chmod(tmp, 0o755)
    (tmp / "tmp").mkdir(mode=0o755)
    (tmp / "run").mkdir(mode=0o700)  # XDG's rule for a runtime folder
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "firmware.cli", "fleet", "serve", "--demo",
                             "--http", f"127.0.0.1:{port}"], cwd=ROOT, text=True,
                            # platformdirs' runtime folder (pgserver's) elsewhere: in TMPDIR
                            # only what the demo makes
                            env={**os.environ, "TMPDIR": str(tmp / "tmp"),
                                 "XDG_RUNTIME_DIR": str(tmp / "run")},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout is not None and proc.stderr is not None
        out, err = lines_of(proc.stdout), lines_of(proc.stderr)
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
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=120) == 0
        rest = []
        while (chunk := err.get(timeout=30)) != "":
            rest.append(chunk)
        assert "Traceback" not in "".join(rest), rest
        assert list((tmp / "tmp").iterdir()) == []  # its folder, PostgreSQL's data and all
        assert not alive(postgres)
        with socket.socket() as s:  # the dashboard's port is free again
            s.bind(("127.0.0.1", port))
    finally:
        if proc.poll() is None:  # a failure above: try the clean way first
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(30)
        shutil.rmtree(tmp, ignore_errors=True)
