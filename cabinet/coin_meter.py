"""Coin meter pulses: one pulse per coin, queued, never overlapping, timed in frames.

The frame loop runs at a fixed rate, so pulse lengths are whole frames: a length in ms is
rounded UP to frames (a mechanical counter misses pulses that are too short, gpiozero docs and
coin-meter datasheets),
at least one frame. 50 ms at 60 Hz is exactly 3 frames.
"""

from __future__ import annotations

import math

from cabinet.decisions import OUTPUT_DECISIONS

# Source: the project's frame loop (60 Hz) (60 Hz)
FRAME_HZ = 60.0

METER_PULSE_MS: dict[str, float] = dict(OUTPUT_DECISIONS["meter_pulse_ms"].value)


def frames_for(ms: float, hz: float = FRAME_HZ) -> int:
    """Whole frames covering ``ms`` at ``hz`` (rounded up, at least 1)."""
    if not ms > 0 or not hz > 0:
        raise ValueError(f"pulse time and frame rate must be positive, got {ms} ms at {hz} Hz")
    # The epsilon keeps 50 ms * 60 Hz = 3.0000000000000004 from becoming 4 frames.
    return max(1, math.ceil(ms * hz / 1000 - 1e-9))


class CoinMeter:
    """The pulse train of one coin meter. Call ``advance()`` once per frame."""

    def __init__(
        self,
        on_ms: float = METER_PULSE_MS["on"],
        off_ms: float = METER_PULSE_MS["off"],
        hz: float = FRAME_HZ,
    ) -> None:
        self.on_frames = frames_for(on_ms, hz)
        self.off_frames = frames_for(off_ms, hz)
        self.pending = 0  # pulses not yet started
        self._on = False
        self._left = 0  # frames left in the current on or off phase

    def add(self, coins: int = 1) -> None:
        if coins < 0:
            raise ValueError(f"coin count must not be negative, got {coins}")
        self.pending += coins

    @property
    def busy(self) -> bool:
        """True while a pulse or its off time is running or pulses wait."""
        return bool(self.pending or self._left)

    @property
    def resting(self) -> bool:
        """Off with nothing to do: every advance() reads off until the next coin."""
        return not (self.pending or self._left or self._on)

    def advance(self) -> bool:
        """Move on one frame; returns whether the meter coil is driven during this frame."""
        if self._left == 0:
            if self._on:
                # Every pulse is followed by its off time before the next one may start.
                self._on, self._left = False, self.off_frames
            elif self.pending:
                self.pending -= 1
                self._on, self._left = True, self.on_frames
        if self._left:
            self._left -= 1
        return self._on
