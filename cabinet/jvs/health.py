"""The JVS link as the operator sees it: one journal line per change, rate-limited, the
attract screen's alarm while the board is down, and the line errors for the notices page.

Log lines (logger ``bloxcab.jvs``, so they reach the journal under systemd):
``JVS up on PORT: node 1 ID``, ``JVS down on PORT: REASON``, ``JVS re-enumerating on PORT
(N board(s), ...)`` and ``JVS line error on PORT: WHAT (N so far)``. A retry that fails
the same way as the one before logs nothing.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from cabinet.decisions import JVS_DECISIONS

log = logging.getLogger("bloxcab.jvs")

# What the attract screen shows while the configured board is down, as boards show I/O errors.
ALARM = "JVS ERROR"

LOG_BURST: int = JVS_DECISIONS["log_burst"].value
LOG_EVERY_SECONDS = 60.0


class RateLimit:
    """A token bucket for log lines: `take()` says whether a line may go out now and how
    many were held back since the last one that did."""

    def __init__(
        self,
        burst: int = LOG_BURST,
        every: float = LOG_EVERY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.every = every
        self.clock = clock
        self._tokens = float(burst)
        self._at = clock()
        self.held_back = 0

    def take(self) -> tuple[bool, int]:
        now = self.clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) / self.every)
        self._at = now
        if self._tokens < 1:
            self.held_back += 1
            return False, 0
        self._tokens -= 1
        held, self.held_back = self.held_back, 0
        return True, held


class LinkHealth:
    """Thread-safe: the master's thread reports, the frame thread reads."""

    def __init__(
        self,
        path: str,
        *,
        clock: Callable[[], float] = time.monotonic,
        logger: logging.Logger = log,
    ) -> None:
        self.path = path
        self.logger = logger
        self.line_errors = 0
        self.last_line_error: str | None = None
        self._state = f"connecting to {path}"
        self._up = False
        self._failed = False  # a failure since the link was last up (or since start)
        self._dropped = False  # the link was up and went down: the next try re-enumerates
        self._last_down: str | None = None
        self._lock = threading.Lock()
        self._changes = RateLimit(clock=clock)
        self._errors = RateLimit(clock=clock)

    # --- what the master reports --------------------------------------------------------------
    def connecting(self, plan: str) -> None:
        """An enumeration starts; `plan` says how (board count or sense line)."""
        with self._lock:
            if not self._failed:
                self._state = f"connecting to {self.path}"
            if self._dropped:
                self._dropped = False
                self._write(self._changes, logging.WARNING,
                            f"JVS re-enumerating on {self.path}: {plan}")

    def up(self, node: int, board_id: str) -> None:
        with self._lock:
            self._state = f"up, node {node} {board_id}"
            self._up = True
            self._failed = False
            self._last_down = None
            self._write(self._changes, logging.INFO,
                        f"JVS up on {self.path}: node {node} {board_id}")

    def down(self, reason: str, retry: float) -> None:
        with self._lock:
            self._state = f"down ({reason}); retrying every {retry:g} s"
            if self._up:
                self._dropped = True
            self._up = False
            self._failed = True
            if reason != self._last_down:
                self._last_down = reason
                self._write(self._changes, logging.WARNING,
                            f"JVS down on {self.path}: {reason}")

    def line_error(self, what: str) -> None:
        with self._lock:
            self.line_errors += 1
            self.last_line_error = what
            self._write(self._errors, logging.WARNING,
                        f"JVS line error on {self.path}: {what} ({self.line_errors} so far)")

    # --- what the cabinet reads ---------------------------------------------------------------
    def status(self) -> str:
        with self._lock:
            return f"JVS {self.path}: {self._state}"

    @property
    def alarm(self) -> str | None:
        """``JVS ERROR`` from the first failure until the board is up again."""
        with self._lock:
            return ALARM if self._failed and not self._up else None

    @property
    def notice(self) -> str | None:
        """For the service menu's notices: the line errors seen since start, if any."""
        with self._lock:
            if not self.line_errors:
                return None
            return f"JVS line errors: {self.line_errors} (last: {self.last_line_error})"

    def _write(self, limit: RateLimit, level: int, line: str) -> None:
        allowed, held = limit.take()
        if allowed:
            suffix = f" ({held} similar line(s) left out)" if held else ""
            self.logger.log(level, "%s%s", line, suffix)
