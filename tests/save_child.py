"""Child process for the save-data tests (killed, stopped and size-limited by the parent).

    python tests/save_child.py zygote DIR     on each `fork` line from stdin, fork a child that
                                              commits forever (`loop`) and print `pid PID`; on
                                              `reap PID`, wait for it and print `reaped PID`
    python tests/save_child.py coins DIR N    N coin commits; the writer prints the coin lines
    python tests/save_child.py efbig DIR      commits under RLIMIT_FSIZE, then with it lifted
    python tests/save_child.py full-kiosk DIR a headless kiosk started under RLIMIT_FSIZE 0

The `loop` child prints `start seq=S coins=C`, then `ack SEQ` once SEQ is durable.
Invariant of `loop`: every commit adds 1 to chute 1's coin count and 1 to the sequence number,
so a record written by this child always has coins[0] == sequence.
"""

from __future__ import annotations

import os
import resource
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from firmware.savedata import SaveWriter, load


def say(line: str) -> None:
    """One write per line: a line is whole in the pipe or absent, even when the writer is
    killed, and a line of the zygote's never lands inside one of its child's."""
    os.write(sys.stdout.fileno(), f"{line}\n".encode())


def quiet(line: str) -> None:
    print(f"log {line}", file=sys.stderr, flush=True)


def loop(directory: str) -> None:
    result = load(directory, log=quiet)
    data = result.data
    writer = SaveWriter(directory, log=quiet)
    say(f"start seq={result.sequence} coins={data.bookkeeping.coins[0]}")
    reported = result.sequence
    while True:
        data.bookkeeping.coins[0] += 1
        # Vary the record length so a kill between write() and ftruncate() leaves a torn bank.
        data.bookkeeping.cleared_at = "x" * (data.bookkeeping.coins[0] % 61)
        writer.submit(data)
        durable = writer.poll_durable()
        if durable > reported:
            say(f"ack {durable}")
            reported = durable
        time.sleep(0.001)


def zygote(directory: str) -> None:
    """Forks `loop` children from one warm interpreter: a new Python per kill costs a second
    or more under emulation (an arm64 Pi checked with qemu). The children share this stdout,
    so everything a child wrote is in the pipe before `reaped PID` is."""
    for line in sys.stdin:
        verb, *rest = line.split()
        if verb == "fork":
            pid = os.fork()
            if pid == 0:
                try:
                    loop(directory)
                finally:
                    os._exit(1)
            say(f"pid {pid}")
        elif verb == "reap":
            os.waitpid(int(rest[0]), 0)
            say(f"reaped {rest[0]}")


def coins(directory: str, count: int) -> None:
    data = load(directory, log=quiet).data
    writer = SaveWriter(directory)  # coin lines go to stdout
    for i in range(count):
        chute = 1 + i % 2
        data.bookkeeping.coins[chute - 1] += 1
        data.credits += 1
        writer.submit(data, coin_chute=chute)
        time.sleep(0.002)
    print(f"closed {writer.close(10.0)}", flush=True)


def efbig(directory: str) -> None:
    data = load(directory, log=quiet).data
    writer = SaveWriter(directory, retry_first=0.01, retry_max=0.04)
    data.credits = 1
    first = writer.submit(data)
    print(f"first durable={writer.wait_durable(first, 10.0)} seq={first}", flush=True)

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # get EFBIG instead of being killed
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (100, hard))  # smaller than one record
    frames = 0
    for _ in range(30):  # half a second of play: submits every frame, none may block
        data.credits = 2
        data.bookkeeping.games["bloxeed"].play_frames += 1
        writer.submit(data)
        frames += 1
        time.sleep(1 / 60)
    print(
        f"frames={frames} durable={writer.poll_durable()} attempts={writer.failed_attempts} "
        f"error={writer.last_error}",
        flush=True,
    )
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    last = writer.submit(data)
    print(f"recovered={writer.wait_durable(last, 10.0)} seq={last} error={writer.last_error}",
          flush=True)
    writer.close()


def full_kiosk(directory: str) -> None:
    """Boot a kiosk on a card where nothing can be written; report the attract screen."""
    from cabinet.video.palette import UI
    from cabinet.video.screen import NATIVE_W
    from cabinet.video.screens import ALARM_Y, CHAR
    from firmware.kiosk import Kiosk, KioskOptions

    first = SaveWriter(directory, log=quiet)  # a good bank, so the cabinet boots to the title
    first.wait_durable(first.submit(load(directory, log=quiet).data), 10.0)
    first.close()
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # get EFBIG instead of being killed
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, hard))
    kiosk = Kiosk(KioskOptions(mode="headless", inputs=[], save_dir=Path(directory),
                               audio=False))

    def red() -> bool:
        surface = kiosk.native
        return any(surface.get_at((x, y))[:3] == UI["alert"]
                   for y in range(ALARM_Y, ALARM_Y + CHAR) for x in range(NATIVE_W))

    try:
        kiosk.frame()
        print(f"screen={kiosk.machine.screen.value} alarms={kiosk.alarms()} "
              f"alarm_row_red={red()}", flush=True)
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        kiosk.writer.wait_durable(kiosk.writer.submit(kiosk.machine.data), 10.0)
        kiosk.frame()
        print(f"fixed alarms={kiosk.alarms()} alarm_row_red={red()}", flush=True)
    finally:
        kiosk.close()


if __name__ == "__main__":
    mode, where = sys.argv[1], sys.argv[2]
    if mode == "zygote":
        zygote(where)
    elif mode == "coins":
        coins(where, int(sys.argv[3]))
    elif mode == "efbig":
        efbig(where)
    elif mode == "full-kiosk":
        full_kiosk(where)
    else:
        raise SystemExit(f"unknown mode {mode}")
