"""General-purpose outputs (0x32): cabinet output names -> output numbers, and the sink."""

from __future__ import annotations

import threading
from collections import deque

from cabinet.decisions import OUTPUT_DECISIONS
from cabinet.source import OUTPUTS

OUTPUT_NUMBERS: dict[str, int] = dict(OUTPUT_DECISIONS["jvs_output_numbers"].value)
assert set(OUTPUT_NUMBERS) == set(OUTPUTS)


def output_image(states: dict[str, bool], nbytes: int) -> bytes:
    """The 0x32 data bytes; output 1 is bit 7 of the first byte (JVS-TR §4.3.21)."""
    image = bytearray(max(nbytes, 1))
    for name, on in states.items():
        number = OUTPUT_NUMBERS[name]
        index, bit = divmod(number - 1, 8)
        if on and index < len(image):
            image[index] |= 0x80 >> bit
    return bytes(image)


class OutputQueue:
    """Output changes waiting for the poll thread, one image per poll.

    Every change is kept in order (consecutive equal images collapse), so a coin meter pulse
    shorter than a poll still reaches the board as an on and then an off.
    """

    def __init__(self) -> None:
        self.states: dict[str, bool] = dict.fromkeys(OUTPUTS, False)
        self.nbytes = 1
        self._queue: deque[bytes] = deque()
        self._lock = threading.Lock()

    def set(self, output: str, on: bool) -> None:
        if output not in OUTPUT_NUMBERS:
            raise ValueError(f"no such output {output!r}; known: {', '.join(OUTPUTS)}")
        with self._lock:
            if self.states[output] == on:
                return
            self.states[output] = on
            image = output_image(self.states, self.nbytes)
            if not self._queue or self._queue[-1] != image:
                self._queue.append(image)

    def resize(self, nbytes: int) -> None:
        """After (re)initialisation: the board reset cleared its outputs, so resend all."""
        with self._lock:
            self.nbytes = max(nbytes, 1)
            self._queue.clear()
            image = output_image(self.states, self.nbytes)
            if any(image):
                self._queue.append(image)

    def next(self) -> bytes | None:
        with self._lock:
            return self._queue[0] if self._queue else None

    def sent(self, image: bytes) -> None:
        with self._lock:
            if self._queue and self._queue[0] == image:
                self._queue.popleft()
