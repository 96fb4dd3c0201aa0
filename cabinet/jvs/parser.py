"""Streaming JVS frame parser: bytes in arbitrary chunks in, frames and errors out.

It never raises. Source: JVS-TR §3.1: a raw SYNC anywhere restarts the packet (so the parser
resynchronises after noise or a cut-off frame), MARK adds one to the next byte, N counts
the bytes after it including SUM.
"""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.jvs.codes import MARK, SYNC
from cabinet.jvs.frame import checksum


@dataclass(frozen=True)
class Frame:
    """A frame whose checksum matched."""

    dest: int
    payload: bytes


@dataclass(frozen=True)
class BadChecksum:
    """A complete frame whose SUM did not match."""

    dest: int
    payload: bytes
    expected: int
    received: int


Event = Frame | BadChecksum

_HUNT, _DEST, _LENGTH, _BODY = range(4)


class FrameParser:
    """Feed bytes with `feed`; it returns the frames completed by those bytes.

    ``noise`` counts bytes thrown away while hunting for SYNC, ``aborted`` counts frames cut
    off by a new SYNC (or with an impossible length of 0).
    """

    def __init__(self) -> None:
        self.noise = 0
        self.aborted = 0
        self._state = _HUNT
        self._marked = False
        self._dest = 0
        self._length = 0
        self._body = bytearray()

    def reset(self) -> None:
        """Forget a half-received frame (e.g. before a new request)."""
        if self._state != _HUNT:
            self.aborted += 1
        self._state = _HUNT
        self._marked = False
        self._body.clear()

    def feed(self, data: bytes) -> list[Event]:
        events: list[Event] = []
        for raw in data:
            if raw == SYNC:
                if self._state != _HUNT:
                    self.aborted += 1
                self._state = _DEST
                self._marked = False
                self._body.clear()
                continue
            if self._state == _HUNT:
                self.noise += 1
                continue
            if raw == MARK and not self._marked:
                self._marked = True
                continue
            byte = (raw + 1) & 0xFF if self._marked else raw
            self._marked = False
            event = self._take(byte)
            if event is not None:
                events.append(event)
        return events

    def _take(self, byte: int) -> Event | None:
        if self._state == _DEST:
            self._dest = byte
            self._state = _LENGTH
            return None
        if self._state == _LENGTH:
            if byte == 0:
                self.aborted += 1
                self._state = _HUNT
                return None
            self._length = byte
            self._state = _BODY
            return None
        self._body.append(byte)
        if len(self._body) < self._length:
            return None
        payload = bytes(self._body[:-1])
        received = self._body[-1]
        self._state = _HUNT
        self._body.clear()
        expected = checksum(bytes((self._dest, self._length)) + payload)
        if expected != received:
            return BadChecksum(self._dest, payload, expected, received)
        return Frame(self._dest, payload)
