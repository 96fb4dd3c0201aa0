"""systemd stops the kiosk with SIGTERM: SDL turns it into a QUIT event, the frame loop ends
and the kiosk closes as at the end of ``--frames`` (Kiosk.close: rows waiting for their
replay go in, the last commit, STOPPING=1), instead of dying mid-frame (issue 34 item 3)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

WAIT_S = 60.0


def test_sigterm_closes_the_kiosk(tmp_path: Path) -> None:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(tmp_path / "notify"))
    sock.settimeout(WAIT_S)
    env = dict(os.environ, NOTIFY_SOCKET=str(tmp_path / "notify"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    env.pop("WATCHDOG_USEC", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "run", "--headless", "--realtime",
         "--save-dir", str(tmp_path / "save"), "--no-sound"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        messages = [sock.recv(4096).decode()]
        assert messages == ["READY=1"]
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=WAIT_S)
        while "STOPPING=1" not in messages:
            messages.append(sock.recv(4096).decode())
    finally:
        proc.kill()
        proc.wait()
        sock.close()
    assert proc.returncode == 0, err
    assert (tmp_path / "save" / "bank-a.bin").is_file()  # the last commit was made
