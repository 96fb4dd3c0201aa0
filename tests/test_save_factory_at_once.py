"""After BACKUP DATA CLEARED (bad banks, or a fresh board) the kiosk writes the factory save at
once: a cabinet switched off at the wall before any coin, game or clean stop must not show the
notice again at the next start. Two real kiosk processes, the first killed (SIGKILL, no clean
stop), with systemd's notify socket saying which screen each one shows."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from firmware.savedata import load
from firmware.savedata.banks import BANK_FILES

WAIT_S = 60


def _start(save: Path, notify: Path) -> tuple[subprocess.Popen[bytes], socket.socket]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(notify))
    sock.settimeout(1.0)
    env = dict(os.environ, NOTIFY_SOCKET=str(notify), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    env.pop("WATCHDOG_USEC", None)
    proc = subprocess.Popen([sys.executable, "-m", "firmware.cli", "run", "--headless",
                             "--realtime", "--save-dir", str(save), "--no-sound"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return proc, sock


def _first_screen(sock: socket.socket) -> str:
    """The first STATUS= the kiosk sends: the screen of its first frame."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        try:
            message = sock.recv(4096).decode()
        except TimeoutError:
            continue
        if message.startswith("STATUS="):
            return message.removeprefix("STATUS=")
    pytest.fail("the kiosk sent no STATUS=")


def _until_saved(save: Path, sock: socket.socket) -> None:
    """Until the banks hold a usable save; each wait is a receive on the socket."""
    deadline = time.monotonic() + WAIT_S
    while load(save, log=lambda _: None).cleared:
        assert time.monotonic() < deadline, "no save written while the notice showed"
        with contextlib.suppress(TimeoutError):
            sock.recv(4096)


def _kill(proc: subprocess.Popen[bytes], sock: socket.socket) -> None:
    proc.send_signal(signal.SIGKILL)  # the plug pulled: no clean stop, no last commit
    proc.wait(WAIT_S)
    sock.close()


@pytest.mark.parametrize("banks", ["absent", "damaged"])
def test_a_power_cut_after_the_notice_does_not_show_it_again(tmp_path: Path, banks: str
                                                             ) -> None:
    save = tmp_path / "save"
    save.mkdir()
    if banks == "damaged":
        for name in BANK_FILES.values():
            (save / name).write_bytes(b"\xff" * 64)
    proc, sock = _start(save, tmp_path / "notify-1")
    try:
        assert _first_screen(sock) == "notice"
        _until_saved(save, sock)
    finally:
        _kill(proc, sock)
    proc, sock = _start(save, tmp_path / "notify-2")
    try:
        assert _first_screen(sock) != "notice"
    finally:
        _kill(proc, sock)
