"""The link's writes: a port that takes no bytes is a link down after WRITE_TIMEOUT, but a
process held up in the middle of a write that went out (a loaded machine) is not. pyserial's
own write timeout counted that time too: the arm64 suite, at load average 100, lost the link
in the middle of settling a decrement (tests/test_jvs_line_errors.py)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import tty
from pathlib import Path

import pytest

from cabinet.jvs.link import WRITE_TIMEOUT, LinkDown, SerialLink

ROOT = Path(__file__).resolve().parent.parent

# A process that writes requests to a pty as fast as it can (a thread reads the other end)
# until SIGUSR1, then says how many went out; a LinkDown ends it with status 1.
WRITER = """
import os, signal, sys, threading, tty
from cabinet.jvs.link import LinkDown, SerialLink
master, slave = os.openpty()
tty.setraw(slave)
def drain():
    while True:
        try:
            os.read(master, 65536)
        except OSError:
            return
threading.Thread(target=drain, daemon=True).start()
link = SerialLink(os.ttyname(slave))
done = []
signal.signal(signal.SIGUSR1, lambda *_: done.append(1))
print("READY", flush=True)
written = 0
try:
    while not done:
        link._write(bytes((0xE0, 0x01, 0x02, 0x2F, 0x32)))
        written += 1
except LinkDown as exc:
    print("DOWN", written, exc, flush=True)
    sys.exit(1)
print("WROTE", written, flush=True)
"""


def test_a_write_held_up_by_a_stopped_process_is_not_a_link_down() -> None:
    child = subprocess.Popen([sys.executable, "-c", WRITER], cwd=ROOT, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "READY"
        # Five stops longer than the write timeout, each landing (almost surely: the child
        # does nothing but write) in the middle of a write: pyserial's timeout raised on
        # one of the first two in every try.
        for _ in range(5):
            os.kill(child.pid, signal.SIGSTOP)
            time.sleep(WRITE_TIMEOUT + 0.2)  # the stall itself, not a wait for an event
            os.kill(child.pid, signal.SIGCONT)
            assert child.poll() is None, child.stdout.read()
        os.kill(child.pid, signal.SIGUSR1)
        out, _ = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 0, out
    assert out.startswith("WROTE "), out


def test_a_port_that_takes_no_bytes_is_a_link_down_after_the_write_timeout() -> None:
    master, slave = os.openpty()
    tty.setraw(slave)
    link = SerialLink(os.ttyname(slave))
    try:
        request = bytes(range(200))
        with pytest.raises(LinkDown, match="write timeout") as raised:
            for _ in range(100_000):  # nobody reads the other end: the pty fills up
                began = time.monotonic()
                link._write(request)
        assert time.monotonic() - began >= WRITE_TIMEOUT
        assert str(raised.value).startswith(os.ttyname(slave))
    finally:
        link.close()
        os.close(master)
        os.close(slave)
