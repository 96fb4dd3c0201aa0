"""Tell systemd how the kiosk is doing: sd_notify without libsystemd.

The protocol (sd_notify(3)): one AF_UNIX SOCK_DGRAM datagram of newline-separated
``KEY=VALUE`` lines, sent to the socket named by ``$NOTIFY_SOCKET``; a leading ``@`` names a
Linux abstract-namespace socket (the ``@`` stands for a NUL byte). The kernel attaches the
sender's credentials itself, so nothing else is needed. Outside systemd (no NOTIFY_SOCKET)
every call is a silent no-op, so the same frame loop runs on a desktop.

The watchdog (systemd.exec(5)): with ``WatchdogSec=`` systemd sets ``WATCHDOG_USEC`` and
``WATCHDOG_PID``; the service must send ``WATCHDOG=1`` more often than that, conventionally
every half interval, and ignore the variables when ``WATCHDOG_PID`` is another process. The
ping is sent from the frame loop itself (``Watchdog.tick`` once per frame), never from a
helper thread, so a frozen loop stops the pings and systemd restarts the cabinet.

In the kiosk::

    dog, line = Watchdog(), StatusLine()
    ready()                                   # after the first frame is on screen
    while running:                            # one pass per 60 Hz frame
        ...
        line.show(screen_name)                # STATUS= only when the screen changes
        dog.tick(time.monotonic())
    stopping()
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping


def _address(raw: str) -> bytes:
    """The socket address as bytes. The environment is decoded with surrogate escapes, so
    ``os.fsencode`` gives back the exact bytes systemd set, valid UTF-8 or not."""
    name = os.fsencode(raw)
    return b"\0" + name[1:] if raw.startswith("@") else name


def notify(message: str, environ: Mapping[str, str] | None = None) -> bool:
    """Send one notification; True if it was sent, False outside systemd or on failure.

    Never raises and never blocks: a missing or vanished socket must not take the cabinet
    down, and a receiver that is not reading (a full datagram queue) must not stall the
    frame loop; the message is dropped instead.
    """
    env = os.environ if environ is None else environ
    raw = env.get("NOTIFY_SOCKET", "")
    if not raw or raw[0] not in "/@":
        return False
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.setblocking(False)
            sock.connect(_address(raw))
            sock.send(message.encode())
    except (OSError, ValueError):  # ValueError: e.g. a NUL byte in the name
        return False
    return True


def ready(environ: Mapping[str, str] | None = None) -> bool:
    """Start-up done: with Type=notify systemd counts the unit as started from here."""
    return notify("READY=1", environ)


def watchdog(environ: Mapping[str, str] | None = None) -> bool:
    return notify("WATCHDOG=1", environ)


def status(text: str, environ: Mapping[str, str] | None = None) -> bool:
    """One line shown by `systemctl status` (newlines would start a new KEY=VALUE line)."""
    return notify("STATUS=" + " ".join(text.splitlines()), environ)


def stopping(environ: Mapping[str, str] | None = None) -> bool:
    return notify("STOPPING=1", environ)


def watchdog_interval(environ: Mapping[str, str] | None = None) -> float | None:
    """The watchdog timeout in seconds, or None when this process has no watchdog."""
    env = os.environ if environ is None else environ
    pid = env.get("WATCHDOG_PID")
    if pid is not None and pid.strip() != str(os.getpid()):
        return None
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    return usec / 1_000_000 if usec > 0 else None


class Watchdog:
    """Pings the systemd watchdog from the frame loop at half the configured interval.

    Call ``tick(time.monotonic())`` once per frame. The first tick pings at once; after that
    a ping goes out when half the interval has passed since the previous one. No ticks (a
    stalled loop) means no pings.
    """

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self._environ = dict(os.environ if environ is None else environ)
        interval = watchdog_interval(self._environ)
        self.period: float | None = None if interval is None else interval / 2
        self._last: float | None = None
        self.pings = 0

    @property
    def enabled(self) -> bool:
        return self.period is not None

    def tick(self, now: float) -> bool:
        """True when this call sent WATCHDOG=1."""
        if self.period is None:
            return False
        if self._last is not None and now - self._last < self.period:
            return False
        self._last = now
        if watchdog(self._environ):
            self.pings += 1
            return True
        return False


class StatusLine:
    """Sends STATUS= only when the text changes (the frame loop may call it every frame)."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        self._environ = dict(os.environ if environ is None else environ)
        self.text: str | None = None

    def show(self, text: str) -> bool:
        """True when this call sent a new STATUS=."""
        if text == self.text:
            return False
        self.text = text
        return status(text, self._environ)
