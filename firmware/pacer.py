"""Holding 60 Hz without vsync: an accumulated deadline, resynchronised when late.

Each frame's deadline is the previous deadline plus 1/60 s (never "now + 1/60 s", so
small delays do not add up). A frame that ends more than one whole frame late counts the
frames it missed and moves the deadline to now (resync) instead of racing to catch up.
The pacer sleeps to an absolute time shortly before the deadline (clock_nanosleep with
TIMER_ABSTIME on the monotonic clock where the C library has it, so the time between
reading the clock and sleeping is not lost) and waits the rest in a busy loop. How short
is measured, not fixed: each sleep's overshoot (how much later than asked it woke) is
kept for the last two seconds, and the busy wait covers 98 in 100 of them with a margin,
but never more than a few hundred microseconds: a longer overshoot is the machine being
busy, which spinning on every frame would only make worse. A sleep that wakes early is
slept again, so the busy loop never runs longer than its cap.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import itertools
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from cabinet.decisions import VIDEO_DECISIONS

FRAME_SECONDS = 1 / 60
_BUSY_WAIT = VIDEO_DECISIONS["busy_wait"].value
# The busy wait's reach (VIDEO_DECISIONS busy_wait): a percentile of the last sleeps'
# overshoots, with a margin, within bounds.
SPIN_QUANTILE: float = _BUSY_WAIT["quantile"]
SPIN_MARGIN: float = _BUSY_WAIT["margin"]
SPIN_MIN: float = _BUSY_WAIT["min_s"]
SPIN_MAX: float = _BUSY_WAIT["max_s"]
OVERSHOOT_WINDOW: int = _BUSY_WAIT["sleeps"]


_CLOCK_MONOTONIC = 1  # <time.h> on Linux
_TIMER_ABSTIME = 1


class _Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


def absolute_sleep() -> Callable[[float], None] | None:
    """A sleep to an absolute time of ``time.perf_counter`` (clock_nanosleep on the
    monotonic clock with TIMER_ABSTIME), or None where the clock or the call differs.
    Source: clock_nanosleep(2), Linux man-pages; Python docs, time.get_clock_info."""
    if time.get_clock_info("perf_counter").implementation != "clock_gettime(CLOCK_MONOTONIC)":
        return None
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        call = ctypes.CDLL(name, use_errno=True).clock_nanosleep
    except (OSError, AttributeError):
        return None
    call.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.POINTER(_Timespec),
                     ctypes.POINTER(_Timespec)]
    call.restype = ctypes.c_int

    def sleep_until(at: float) -> None:
        seconds = int(at)
        when = _Timespec(seconds, int((at - seconds) * 1e9))
        call(_CLOCK_MONOTONIC, _TIMER_ABSTIME, ctypes.byref(when), None)  # EINTR: woken early

    return sleep_until


def _relative(clock: Callable[[], float], sleep: Callable[[float], None]
              ) -> Callable[[float], None]:
    def sleep_until(at: float) -> None:
        left = at - clock()
        if left > 0:
            sleep(left)

    return sleep_until


@dataclass
class DeadlinePacer:
    clock: Callable[[], float] = time.perf_counter
    sleep: Callable[[float], None] = time.sleep
    # Sleeping to an absolute clock time; None: ``sleep`` for the time left (a test's clock).
    sleep_until: Callable[[float], None] | None = None
    cpu_clock: Callable[[], float] = time.thread_time
    period: float = FRAME_SECONDS
    deadline: float | None = None
    missed_frames: int = 0
    deviations: list[float] = field(default_factory=list)  # seconds past each deadline
    intervals: list[float] = field(default_factory=list)  # seconds between frame ends
    keep_deviations: bool = False
    spin: float = SPIN_MAX  # the busy wait now (adapted to the measured overshoot)
    spun: float = 0.0  # seconds spent busy-waiting in all (by the clock)
    spun_cpu: float = 0.0  # the thread's CPU seconds in the busy wait
    overshoots: deque[float] = field(default_factory=lambda: deque(maxlen=OVERSHOOT_WINDOW))
    last: float | None = None

    def start(self) -> None:
        self.deadline = self.clock() + self.period
        if self.sleep_until is None:
            real = self.clock is time.perf_counter and self.sleep is time.sleep
            found = absolute_sleep() if real else None
            self.sleep_until = found or _relative(self.clock, self.sleep)

    def slack(self) -> float | None:
        """Seconds left before this frame's deadline (negative: late; None: not started):
        the time work between frames may take without making the next frame late."""
        return None if self.deadline is None else self.deadline - self.clock()

    def wait(self) -> int:
        """Wait for the end of this frame. Returns the frames missed by this one (0 if on
        time)."""
        if self.deadline is None:
            self.start()
        assert self.deadline is not None and self.sleep_until is not None
        now = self.clock()
        while self.deadline - now > self.spin:  # again if a sleep woke early
            target = self.deadline - self.spin
            self.sleep_until(target)
            now = self.clock()
            self.overshoots.append(max(0.0, now - target))
            kept = sorted(self.overshoots)
            typical = kept[int(len(kept) * SPIN_QUANTILE)]
            self.spin = min(SPIN_MAX, max(SPIN_MIN, typical * SPIN_MARGIN))
        spin_from = now
        cpu_from = self.cpu_clock()
        while now < self.deadline:
            now = self.clock()
        self.spun += now - spin_from
        self.spun_cpu += self.cpu_clock() - cpu_from
        late = now - self.deadline
        if self.keep_deviations:
            self.deviations.append(late)
            if self.last is not None:
                self.intervals.append(now - self.last)
        self.last = now
        missed = int(late // self.period)
        if missed:
            self.missed_frames += missed
            self.deadline = now + self.period
        else:
            self.deadline += self.period
        return missed


# Source: pygame-ce documentation, display.set_mode (vsync=1 makes flip wait for the
# display's refresh). A flip that takes a 57.5-62.5 Hz period means vsync holds.
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
    intervals: list[float] = field(default_factory=list)
    keep_deviations: bool = False

    def start(self) -> None:
        self.last = self.clock()

    def slack(self) -> float | None:
        """Seconds until the next refresh after the one this frame was presented on (the
        last frame ended about one period before that refresh), for work between frames;
        None before the first frame."""
        return None if self.last is None else self.last + 2 * self.period - self.clock()

    def wait(self) -> int:
        now = self.clock()
        if self.last is None:
            self.last = now
            return 0
        interval = now - self.last
        self.last = now
        if self.keep_deviations:
            self.deviations.append(max(0.0, interval - self.period))
            self.intervals.append(interval)
        missed = round(interval / self.period) - 1 if interval > 1.5 * self.period else 0
        self.missed_frames += missed
        return missed


MEASURE_FLIPS: int = VIDEO_DECISIONS["refresh_flips"].value


def refresh_rate(flip: Callable[[], None], clock: Callable[[], float] = time.perf_counter,
                 flips: int = MEASURE_FLIPS) -> float | None:
    """The display's refresh rate in Hz if presenting a frame waits for a 57.5-62.5 Hz
    refresh, else None (measured, not assumed: a driver may accept a vsync request and
    not honour it)."""
    times = []
    for _ in range(flips + 1):
        flip()
        times.append(clock())
    intervals = sorted(b - a for a, b in itertools.pairwise(times))
    median = intervals[len(intervals) // 2]
    if VSYNC_PERIOD_RANGE[0] <= median <= VSYNC_PERIOD_RANGE[1]:
        return 1 / median
    return None


def vsync_holds(flip: Callable[[], None], clock: Callable[[], float] = time.perf_counter,
                flips: int = 30) -> bool:
    """Whether presenting a frame waits for a ~60 Hz refresh."""
    return refresh_rate(flip, clock, flips) is not None


# How near a measured refresh must be to the game's rate to pace the loop.
RATE_MATCH: float = VIDEO_DECISIONS["rate_match"].value
OUR_CLOCK, MODE_REFRESH, MEASURED_REFRESH = "our clock", "mode refresh", "measured refresh"


def choose_rate(game_hz: float, display_hz: float | None,
                mode_hz: float | None = None) -> tuple[float, str]:
    """The frame loop's rate and what paces it. ``mode_hz``: the display mode's refresh
    when the driver states it (KMSDRM): vsync paces at it. ``display_hz``: the refresh
    measured over many flips: vsync paces only when it is within RATE_MATCH of the game's
    rate (SDL may emulate vsync with a timer: no refresh of any display). Otherwise our
    clock (the deadline pacer) holds the cartridge's rate."""
    if mode_hz is not None:
        return mode_hz, MODE_REFRESH
    if display_hz is not None and abs(display_hz - game_hz) <= game_hz * RATE_MATCH:
        return display_hz, MEASURED_REFRESH
    return game_hz, OUR_CLOCK
