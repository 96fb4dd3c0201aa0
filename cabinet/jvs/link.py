"""The serial link to the bus: one request out, its reply back, with retransmit once.

pyserial opens the port at 115200 8N1 (JVS-TR §2). Reads never wait longer than the reply
timeout; any pyserial or OS error becomes `LinkDown`, so callers have one thing to handle.
"""

from __future__ import annotations

import contextlib
import os
import select
import termios
import time
from collections.abc import Sequence

import serial  # type: ignore[import-untyped]

from cabinet.jvs.codes import BROADCAST, MASTER
from cabinet.jvs.commands import NO_REPLY, Command, Reply, request_payload, retransmit, split_reply
from cabinet.jvs.frame import encode
from cabinet.jvs.parser import BadChecksum, Event, Frame, FrameParser

# What pyserial and termios raise when a port goes away or cannot be used.
_PORT_ERRORS = (serial.SerialException, OSError, ValueError, termios.error)

# Source: JVS-TR §2: 115200 baud, 8 data bits, no parity, 1 stop bit.
BAUD = 115200
# How long the port may refuse a request's bytes before the link counts as down. Counted
# only while bytes are left to write: a process held up by a loaded machine in the middle
# of a write that went out is not a stuck port (pyserial's write_timeout counts that too).
WRITE_TIMEOUT = 0.5


class LinkDown(Exception):
    """The port failed (unplugged adapter, closed pty, permission...)."""


class SerialLink:
    def __init__(self, path: str) -> None:
        self.path = path
        self.timeouts = 0
        self.checksum_errors = 0
        self.retransmits = 0
        self._parser = FrameParser()
        self._pending: list[Event] = []
        self.last_request = b""  # as written, escaped (for the wire-time figure)
        self.last_reply = b""  # raw bytes read for the last request
        try:
            self._port = serial.Serial(
                path,
                BAUD,
                bytesize=serial.EIGHTBITS,
                parity=serial.PARITY_NONE,
                stopbits=serial.STOPBITS_ONE,
                timeout=0,
            )
        except _PORT_ERRORS as exc:
            raise LinkDown(f"cannot open {path}: {_reason(exc)}") from exc

    @property
    def carrier_detect(self) -> bool:
        """The adapter's CD modem line (where some adapters wire the JVS SENSE line).
        A port without modem lines (a pty, some adapters) is LinkDown with the reason."""
        try:
            return bool(self._port.cd)
        except _PORT_ERRORS as exc:
            raise LinkDown(f"{self.path}: cannot read the CD (sense) line: {_reason(exc)}") from exc

    @property
    def noise(self) -> int:
        """Bytes skipped while hunting for SYNC plus cut-off frames, since opening."""
        return self._parser.noise + self._parser.aborted

    def close(self) -> None:
        with contextlib.suppress(*_PORT_ERRORS):
            self._port.close()

    def send(self, dest: int, commands: Sequence[Command]) -> None:
        """Send a request that gets no reply (broadcast reset)."""
        self._write(encode(dest, request_payload(commands)))

    def transact(self, dest: int, commands: Sequence[Command], timeout: float) -> Reply | None:
        """Send `commands` to `dest` and return the split reply, or None (timeout/bad SUM).

        A reply with a bad checksum is asked for again once with 0x2F (JVS-TR Tables 6-7, our
        practice).
        """
        self._discard_input()
        self._write(encode(dest, request_payload(commands)))
        if commands and commands[0].reply == NO_REPLY:
            return None
        event = self._await(timeout)
        if isinstance(event, BadChecksum):
            self.checksum_errors += 1
            if dest == BROADCAST:
                return None
            return self.resend(dest, commands, timeout)
        if isinstance(event, Frame):
            return split_reply(event.payload, commands)
        if event is None:
            self.timeouts += 1
        return None

    def resend(self, dest: int, commands: Sequence[Command], timeout: float) -> Reply | None:
        """Ask `dest` for its last reply again (0x2F) and split it as the reply to `commands`,
        or None (timeout/bad SUM). The caller makes sure a reply to an earlier request cannot
        pass for one to `commands`."""
        payload = self.last_reply_again(dest, timeout)
        return None if payload is None else split_reply(payload, commands)

    def last_reply_again(self, dest: int, timeout: float) -> bytes | None:
        """The payload `dest` sends for 0x2F (its last reply), or None (timeout/bad SUM)."""
        self.retransmits += 1
        self._discard_input()
        self._write(encode(dest, retransmit().wire))
        event = self._await(timeout)
        if isinstance(event, BadChecksum):
            self.checksum_errors += 1
        if isinstance(event, Frame):
            return event.payload
        if event is None:
            self.timeouts += 1
        return None

    def drain(self, quiet: float, limit: float) -> int:
        """Read and drop what arrives until the line has been quiet for `quiet` seconds (at
        most `limit` in all): late replies to earlier requests. Returns the bytes dropped."""
        dropped = 0
        deadline = time.monotonic() + limit
        try:
            while True:
                wait = min(quiet, deadline - time.monotonic())
                if wait <= 0:
                    break
                ready, _, _ = select.select([self._port.fileno()], [], [], wait)
                if not ready:
                    break
                dropped += len(self._port.read(max(1, self._port.in_waiting)))
        except _PORT_ERRORS as exc:
            raise LinkDown(f"{self.path}: {_reason(exc)}") from exc
        self._discard_input()
        return dropped

    def _discard_input(self) -> None:
        """Drop late replies to earlier requests so they are not taken for this one."""
        try:
            self._port.reset_input_buffer()
        except _PORT_ERRORS as exc:
            raise LinkDown(f"{self.path}: {_reason(exc)}") from exc
        self._parser.reset()
        self._pending.clear()

    def _write(self, data: bytes) -> None:
        self.last_request = data
        self.last_reply = b""
        deadline: float | None = None
        try:
            fd = self._port.fileno()  # pyserial opens it non-blocking
            while data:
                with contextlib.suppress(BlockingIOError):
                    data = data[os.write(fd, data):]
                if not data:
                    return
                now = time.monotonic()
                deadline = deadline if deadline is not None else now + WRITE_TIMEOUT
                if now >= deadline:
                    raise LinkDown(f"{self.path}: write timeout (the port took no bytes for "
                                   f"{WRITE_TIMEOUT} s)")
                select.select([], [fd], [], deadline - now)
        except _PORT_ERRORS as exc:
            raise LinkDown(f"{self.path}: {_reason(exc)}") from exc

    def _await(self, timeout: float) -> Event | None:
        """The next frame (or bad frame) addressed to the master, skipping anything else.

        Frames to other nodes are skipped: some half-duplex adapters echo the request
        (JVS-TR §2).
        """
        deadline = time.monotonic() + timeout
        while True:
            while self._pending:
                event = self._pending.pop(0)
                if event.dest == MASTER:
                    return event
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            try:
                ready, _, _ = select.select([self._port.fileno()], [], [], remaining)
                if not ready:
                    return None
                data = self._port.read(max(1, self._port.in_waiting))
            except _PORT_ERRORS as exc:
                raise LinkDown(f"{self.path}: {_reason(exc)}") from exc
            self.last_reply += data
            self._pending.extend(self._parser.feed(data))


def _reason(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0]
