"""Never blind: with no display the kiosk prints one line naming the drivers tried and how
to run headless, exits 2, and tells systemd nothing (no READY, so the unit restarts)."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest


def _run(tmp_path: Path, *args: str, **env_extra: str) -> tuple[subprocess.CompletedProcess[str],
                                                                  list[str]]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp_path / "notify"))
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    env.update(NOTIFY_SOCKET=str(tmp_path / "notify"), SDL_AUDIODRIVER="dummy", **env_extra)
    done = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "run", *args, "--frames", "5",
         "--save-dir", str(tmp_path / "save"), "--no-sound"],
        env=env, capture_output=True, text=True, timeout=60)
    sock.setblocking(False)
    messages = []
    while True:
        try:
            messages.append(sock.recv(4096).decode())
        except BlockingIOError:
            break
    sock.close()
    return done, messages


@pytest.mark.parametrize("mode", ["--window", "--fullscreen"])
def test_no_display_is_one_line_and_exit_2_without_ready(tmp_path: Path, mode: str) -> None:
    done, messages = _run(tmp_path, mode)
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.startswith("bloxcab run:")]
    assert len(lines) == 1, done.stderr
    assert "video drivers tried" in lines[0] and "--headless" in lines[0]
    assert "Traceback" not in done.stderr
    assert "READY=1" not in messages


def test_a_driver_asked_for_by_name_that_fails_is_the_same_error(tmp_path: Path) -> None:
    done, messages = _run(tmp_path, "--window", SDL_VIDEODRIVER="no-such-driver")
    assert done.returncode == 2
    assert "video drivers tried: no-such-driver" in done.stderr
    assert "READY=1" not in messages
