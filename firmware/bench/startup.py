"""`bloxcab bench --startup`: from process start to the first frame on screen.

The kiosk is started as systemd starts it (with sound, a save directory, NOTIFY_SOCKET set);
its READY=1 is sent once the first frame has been presented. Wall time is counted from just
before the process is started; CPU time is the process's own (user + system) when READY
arrives, read from /proc (Linux).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NAME = "startup"
ORDER = 60
GROUP = True  # run only when asked for
HELP = "process start to first frame on screen (wall and CPU, median of 5 cold starts)"
TARGET_CPU = 0.3  # seconds (issue 18's target on the development machine)


def _cpu_seconds(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime


def one_start(folder: Path) -> tuple[float, float | None]:
    path = folder / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(30)
    env = dict(os.environ, NOTIFY_SOCKET=str(path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # An installed cabinet has its bytecode compiled (pip does it at install), so the
    # warm-up start may write it here too.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "firmware.cli", "run", "--headless", "--realtime",
         "--frames", "30", "--save-dir", str(folder / "save")],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while sock.recv(4096) != b"READY=1":
            pass
        wall = time.perf_counter() - start
        cpu = _cpu_seconds(proc.pid)
    finally:
        proc.wait(timeout=60)
        sock.close()
        path.unlink()
    return wall, cpu


def run(args: argparse.Namespace) -> None:
    runs = 3 if args.quick else 5
    walls: list[float] = []
    cpus: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        one_start(Path(folder))  # warm-up, not counted: bytecode and disk caches
        for _ in range(runs):
            wall, cpu = one_start(Path(folder))
            walls.append(wall)
            if cpu is not None:
                cpus.append(cpu)
    cpu_text = f"CPU median {statistics.median(cpus):.3f} s" if cpus else "CPU unknown"
    print(f"startup: process start to first frame on screen, {runs} starts after a warm-up "
          "start: wall median "
          f"{statistics.median(walls):.3f} s, {cpu_text} (target CPU <= {TARGET_CPU} s)")
