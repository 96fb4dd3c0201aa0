"""Test rig for GPIO tests: a MockFactory and a hand-set clock."""

from __future__ import annotations


class HandClock:
    """A monotonic clock the test moves by hand, in seconds."""

    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance_ms(self, ms: float) -> None:
        self.t += ms / 1000
