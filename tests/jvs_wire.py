"""Test helper: raw frames to and from a simulator over its pty with pyserial."""

from __future__ import annotations

import select
import time

import serial  # type: ignore[import-untyped]

from cabinet.jvs.commands import Command, request_payload
from cabinet.jvs.frame import encode
from cabinet.jvs.parser import Event, FrameParser

QUIET = 0.05  # seconds of silence that count as "no reply" in these tests


class Wire:
    def __init__(self, port: str) -> None:
        self.port = serial.Serial(port, 115200, timeout=0)
        self.parser = FrameParser()
        self.raw = bytearray()

    def close(self) -> None:
        self.port.close()

    def send(self, data: bytes) -> None:
        self.raw.clear()
        self.port.write(data)

    def ask(self, dest: int, commands: list[Command], timeout: float = 1.0) -> list[Event]:
        self.send(encode(dest, request_payload(commands)))
        return self.events(timeout)

    def events(self, timeout: float = 1.0, want: int = 1) -> list[Event]:
        """Frames read until `want` of them arrived or `timeout` passed."""
        found: list[Event] = []
        deadline = time.monotonic() + timeout
        while len(found) < want:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([self.port.fileno()], [], [], remaining)[0]:
                break
            data = self.port.read(max(1, self.port.in_waiting))
            self.raw += data
            found += self.parser.feed(data)
        return found

    def silent(self) -> bool:
        """Nothing arrives for QUIET seconds."""
        return not self.events(timeout=QUIET)
