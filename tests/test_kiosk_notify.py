"""The kiosk under systemd: READY=1 after the first frame, WATCHDOG=1 from the frame loop at
half the interval, STATUS= with the screen, STOPPING=1; a stalled loop stops the pings."""

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from firmware.kiosk import Kiosk, KioskOptions, SystemdNotifier


def listen(path: Path) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(0.05)
    return sock


def drain(sock: socket.socket) -> list[tuple[float, str]]:
    got = []
    while True:
        try:
            got.append((time.monotonic(), sock.recv(4096).decode()))
        except TimeoutError:
            return got


def test_kiosk_process_notifies_systemd(tmp_path: Path) -> None:
    sock = listen(tmp_path / "notify")
    env = dict(os.environ, NOTIFY_SOCKET=str(tmp_path / "notify"), WATCHDOG_USEC="200000",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("WATCHDOG_PID", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "run", "--headless", "--realtime",
         "--frames", "90", "--save-dir", str(tmp_path / "save"), "--no-sound"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    received: list[tuple[float, str]] = []
    while proc.poll() is None:  # read while it runs, as systemd does
        received += drain(sock)
    received += drain(sock)
    sock.close()
    messages = [m for _, m in received]
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
    assert messages[0] == "READY=1"
    assert messages[-1] == "STOPPING=1"
    assert "STATUS=notice" in messages
    pings = [t for t, m in received if m == "WATCHDOG=1"]
    # 90 frames at 60 Hz last at least 1.5 s; a ping is due every 0.1 s (half of
    # WATCHDOG_USEC = 0.2 s) and never sooner. A loaded machine only stretches the gaps, so
    # the count has slack; the exact rate is tested on a clock in test_sdnotify.py.
    assert len(pings) >= 5, messages
    # Never more often than every 0.1 s over the run (receive times batch, so count).
    assert len(pings) <= (received[-1][0] - received[0][0]) / 0.1 + 2


def test_a_receiver_that_does_not_read_never_blocks_the_loop(tmp_path: Path) -> None:
    from firmware import sdnotify

    sock = listen(tmp_path / "notify")
    env = {"NOTIFY_SOCKET": str(tmp_path / "notify")}
    start = time.monotonic()
    sent = sum(sdnotify.watchdog(env) for _ in range(500))  # the queue holds far fewer
    assert time.monotonic() - start < 2.0
    assert 0 < sent < 500
    sock.close()


def test_a_stalled_frame_loop_sends_no_pings(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    sock = listen(tmp_path / "notify")
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "notify"))
    monkeypatch.setenv("WATCHDOG_USEC", "100000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    kiosk = Kiosk(KioskOptions(mode="headless", save_dir=tmp_path / "save", audio=False),
                  notifier=SystemdNotifier())
    try:
        for _ in range(12):  # 0.2 s of frames: pings flow
            kiosk.frame()
            kiosk.notifier.frame(time.monotonic(), kiosk.machine.screen.value)
            time.sleep(1 / 60)
        before = [m for _, m in drain(sock)].count("WATCHDOG=1")
        assert before >= 2
        time.sleep(0.4)  # the loop is stuck: nothing else sends pings
        assert [m for _, m in drain(sock)].count("WATCHDOG=1") == 0
        kiosk.frame()
        kiosk.notifier.frame(time.monotonic(), kiosk.machine.screen.value)
        assert [m for _, m in drain(sock)].count("WATCHDOG=1") == 1  # back with the loop
    finally:
        kiosk.close()
        sock.close()
