"""systemd/bloxcab.service started by a real systemd (tests/nspawn_kit.py): the kiosk reaches
READY, runs with the real-time policy the unit gives it (SCHED_FIFO, priority 10: a frame is
not kept waiting by ordinary processes), and the watchdog still restarts it when it freezes.

The container has no display, sound card or tty1, so this test's drop-in gives SDL's dummy
drivers and no terminal; every other setting is the shipped unit's."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from tests.nspawn_kit import BOOT_S, Container, need_nspawn
from tests.unit_kit import SYSTEMD_DIR, unit_settings

UNIT = "bloxcab.service"
HEADLESS = """Environment=SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
StandardInput=null
TTYPath=
TTYReset=no
TTYVHangup=no
TTYVTDisallocate=no
"""
SCHED_FIFO = 1  # /proc/PID/stat's policy field (sched.h)


def _policy(box: Container, pid: str) -> tuple[int, int]:
    """(policy, real-time priority) of a process of the container, from its /proc stat."""
    done = box.run("cat", f"/proc/{pid}/stat")
    assert done.returncode == 0, done.stderr
    fields = done.stdout.rsplit(")", 1)[1].split()
    return int(fields[38]), int(fields[37])  # fields 41 and 40 of proc(5), from field 3 on


def _main_pid_changes(box: Container, old: str) -> dict[str, str]:
    """Until systemd has started the kiosk again after a watchdog timeout."""
    deadline = time.monotonic() + BOOT_S
    state: dict[str, str] = {}
    while time.monotonic() < deadline:
        state = box.show("MainPID", "NRestarts", "ActiveState")
        if state["MainPID"] not in ("0", old) and state["ActiveState"] == "active":
            return state
        time.sleep(0.2)
    return state


def test_systemd_runs_the_kiosk_ready_real_time_and_watched(tmp_path: Path) -> None:
    need_nspawn()
    settings = unit_settings(SYSTEMD_DIR / UNIT)
    assert settings["Service.CPUSchedulingPolicy"] == ["fifo"]
    priority = int(settings["Service.CPUSchedulingPriority"][0])
    box = Container(tmp_path / "box", UNIT, target="basic.target", dropin=HEADLESS)
    box.start()
    try:
        assert box.booted(), "the container's systemd did not finish booting"
        started = box.run("systemctl", "start", UNIT)  # Type=notify: returns at READY
        assert started.returncode == 0, (started.stderr, box.run(
            "journalctl", "-u", UNIT, "--no-pager").stdout[-3000:])
        first = box.show("MainPID", "NRestarts", "ActiveState", "WatchdogUSec")
        assert first["ActiveState"] == "active"
        assert first["WatchdogUSec"] == "5s"
        assert _policy(box, first["MainPID"]) == (SCHED_FIFO, priority)
        # A frozen kiosk: it stops petting the watchdog, systemd kills and restarts it.
        frozen = box.run("kill", f"-{int(signal.SIGSTOP)}", first["MainPID"])
        assert frozen.returncode == 0, frozen.stderr
        again = _main_pid_changes(box, first["MainPID"])
        assert again["ActiveState"] == "active", again
        assert int(again["NRestarts"]) == int(first["NRestarts"]) + 1
        journal = box.run("journalctl", "-u", UNIT, "--no-pager").stdout
        assert "Watchdog timeout" in journal, journal[-3000:]
        assert _policy(box, again["MainPID"]) == (SCHED_FIFO, priority)
    finally:
        box.stop()
    assert os.geteuid() == 0
