"""Holding 60 Hz without vsync: an accumulated deadline, resynchronised when late.

Each frame's deadline is the previous deadline plus 1/60 s (never "now + 1/60 s", so
small delays do not add up). A frame that ends more than one whole frame late counts the
frames it missed and moves the deadline to now (resync) instead of racing to catch up.
Sleeping stops short of the deadline and the rest is a busy wait: the OS's sleep is
too coarse for a 16.7 ms period.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field

FRAME_SECONDS = 1 / 60
SPIN_SECONDS = 0.0015  # the last 1.5 ms are waited in a busy loop


@dataclass
class DeadlinePacer:
    clock: Callable[[], float] = time.perf_counter
    sleep: Callable[[float], None] = time.sleep
    period: float = FRAME_SECONDS
    deadline: float | None = None
    missed_frames: int = 0
    deviations: list[float] = field(default_factory=list)  # seconds past each deadline
    keep_deviations: bool = False

    def start(self) -> None:
        self.deadline = self.clock() + self.period

    def wait(self) -> int:
        """Wait for the end of this frame. Returns the frames missed by this one (0 if on
        time)."""
        if self.deadline is None:
            self.start()
        assert self.deadline is not None
        now = self.clock()
        remaining = self.deadline - now
        if remaining > SPIN_SECONDS:
            self.sleep(remaining - SPIN_SECONDS)
        while self.clock() < self.deadline:
            pass
        now = self.clock()
        late = now - self.deadline
        if self.keep_deviations:
            self.deviations.append(late)
        missed = int(late // self.period)
        if missed:
            self.missed_frames += missed
            self.deadline = now + self.period
        else:
            self.deadline += self.period
        return missed


# Source: Raspberry Pi config.txt video docs; SDL2 KMSDRM notes (vsync: let presentation pace the
# loop when the display
# refreshes at the game's rate). A flip that takes a 57.5-62.5 Hz period means vsync holds.
VSYNC_PERIOD_RANGE = (1 / 62.5, 1 / 57.5)


@dataclass
class PresentPacer:
    """Presentation (vsync) paces the loop; this only counts the frames that were missed
    (an interval of more than one and a half refresh periods)."""

    clock: Callable[[], float] = time.perf_counter
    period: float = FRAME_SECONDS
    last: float | None = None
    missed_frames: int = 0
    deviations: list[float] = field(default_factory=list)
    keep_deviations: bool = False

    def start(self) -> None:
        self.last = self.clock()

    def wait(self) -> int:
        now = self.clock()
        if self.last is None:
            self.last = now
            return 0
        interval = now - self.last
        self.last = now
        if self.keep_deviations:
            self.deviations.append(max(0.0, interval - self.period))
        missed = round(interval / self.period) - 1 if interval > 1.5 * self.period else 0
        self.missed_frames += missed
        return missed


def vsync_holds(flip: Callable[[], None], clock: Callable[[], float] = time.perf_counter,
                flips: int = 30) -> bool:
    """Whether presenting a frame waits for a ~60 Hz refresh (measured, not assumed: a
    driver may accept a vsync request and not honour it)."""
    times = []
    for _ in range(flips + 1):
        flip()
        times.append(clock())
    intervals = sorted(b - a for a, b in itertools.pairwise(times))
    median = intervals[len(intervals) // 2]
    return VSYNC_PERIOD_RANGE[0] <= median <= VSYNC_PERIOD_RANGE[1]
