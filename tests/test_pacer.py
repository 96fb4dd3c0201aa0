"""The deadline pacer, driven by a fake clock (behaviour, not speed)."""

import time

import pytest

from firmware.pacer import FRAME_SECONDS, SPIN_MARGIN, SPIN_MAX, DeadlinePacer, absolute_sleep


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        self.now += 0.00001  # every look at the clock costs a little time
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_deadlines_accumulate_instead_of_drifting() -> None:
    clock = FakeClock()
    pacer = DeadlinePacer(clock=clock, sleep=clock.sleep)
    pacer.start()
    start = pacer.deadline
    assert start is not None
    for _ in range(600):
        clock.now += 0.004  # 4 ms of work per frame
        assert pacer.wait() == 0
    assert pacer.missed_frames == 0
    # After 600 frames the deadline is exactly 600 periods on: no accumulated drift.
    assert abs(pacer.deadline - (start + 600 * FRAME_SECONDS)) < 1e-9
    assert abs(clock.now - (start + 599 * FRAME_SECONDS)) < 0.001


def test_a_late_frame_counts_missed_frames_and_resyncs() -> None:
    clock = FakeClock()
    pacer = DeadlinePacer(clock=clock, sleep=clock.sleep)
    pacer.start()
    clock.now += 3.5 * FRAME_SECONDS  # a stall of 3.5 frames
    assert pacer.wait() == 2  # the deadline passed 2.5 periods ago: 2 whole frames missed
    assert pacer.missed_frames == 2
    assert pacer.deadline is not None
    assert pacer.deadline - clock.now <= FRAME_SECONDS + 1e-6  # resynced, no catch-up burst
    clock.now += 0.002
    assert pacer.wait() == 0


def test_present_pacer_counts_only_frames_the_refresh_skipped() -> None:
    from firmware.pacer import PresentPacer

    clock = FakeClock()
    pacer = PresentPacer(clock=clock)
    pacer.start()
    for _ in range(10):
        clock.now += FRAME_SECONDS  # each flip returned at the next refresh
        assert pacer.wait() == 0
    clock.now += 3 * FRAME_SECONDS  # two refreshes went by without a frame
    assert pacer.wait() == 2
    assert pacer.missed_frames == 2


def test_vsync_is_measured_not_assumed() -> None:
    from firmware.pacer import vsync_holds

    clock = FakeClock()
    assert vsync_holds(lambda: clock.sleep(FRAME_SECONDS), clock)  # flips wait ~16.7 ms
    assert not vsync_holds(lambda: clock.sleep(0.001), clock)  # a driver ignoring vsync
    assert not vsync_holds(lambda: clock.sleep(1 / 50), clock)  # a 50 Hz display


class OvershootClock(FakeClock):
    """A sleep that wakes ``overshoot`` seconds later than asked."""

    def __init__(self, overshoot: float) -> None:
        super().__init__()
        self.overshoot = overshoot

    def sleep(self, seconds: float) -> None:
        self.now += seconds + self.overshoot


def _run(clock: OvershootClock, pacer: DeadlinePacer, frames: int) -> tuple[float, float]:
    """(busy-wait seconds, worst lateness) over ``frames`` frames of 4 ms work."""
    spun = pacer.spun
    worst = 0.0
    for _ in range(frames):
        clock.now += 0.004
        assert pacer.deadline is not None
        deadline = pacer.deadline
        assert pacer.wait() == 0
        worst = max(worst, clock.now - deadline)
    return pacer.spun - spun, worst


def test_the_busy_wait_shrinks_to_the_measured_overshoot() -> None:
    clock = OvershootClock(0.0002)  # a quiet machine: sleeps wake 0.2 ms late
    pacer = DeadlinePacer(clock=clock, sleep=clock.sleep)
    pacer.start()
    _run(clock, pacer, 10)
    spun, worst = _run(clock, pacer, 600)
    assert pacer.spin == pytest.approx(0.0002 * SPIN_MARGIN, abs=2e-5)  # + a clock read
    assert spun / 600 <= 0.0003  # per frame, far under the fixed 1.5 ms
    assert worst < 0.0001  # and still on time


def test_the_busy_wait_grows_with_later_wakes_but_never_past_its_cap() -> None:
    clock = OvershootClock(0.0001)
    pacer = DeadlinePacer(clock=clock, sleep=clock.sleep)
    pacer.start()
    _run(clock, pacer, 60)
    clock.overshoot = 0.00022  # a busier machine: still within the cap
    _run(clock, pacer, 120)
    assert pacer.spin == pytest.approx(0.00022 * SPIN_MARGIN, abs=2e-5)
    clock.overshoot = 0.002  # a loaded machine: 2 ms late
    spun, worst = _run(clock, pacer, 240)
    assert pacer.spin == SPIN_MAX  # it does not spin 2.5 ms a frame for it
    assert spun / 240 <= SPIN_MAX + 0.00002
    assert worst < 0.002  # the frame ends less late than the sleep woke


class EarlyClock(FakeClock):
    """A sleep that wakes early (a signal) every other time."""

    def __init__(self) -> None:
        super().__init__()
        self.sleeps = 0

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.now += seconds / 10 if self.sleeps % 2 else seconds


def test_a_sleep_that_wakes_early_is_slept_again_not_spun() -> None:
    clock = EarlyClock()
    pacer = DeadlinePacer(clock=clock, sleep=clock.sleep)
    pacer.start()
    for _ in range(100):
        clock.now += 0.002
        spun = pacer.spun
        assert pacer.wait() == 0
        assert pacer.spun - spun <= SPIN_MAX + 0.00002
    assert clock.sleeps > 100


def test_the_real_pacer_sleeps_to_an_absolute_deadline() -> None:
    sleep_until = absolute_sleep()
    assert sleep_until is not None  # Linux: clock_nanosleep on the monotonic clock
    sleep_until(time.perf_counter() - 1)  # a time past returns at once
    pacer = DeadlinePacer()
    pacer.start()
    assert pacer.sleep_until is not None
    pacer.wait()
    assert pacer.spun_cpu <= pacer.spun + 0.001  # the spin's CPU is within its time


def test_the_frame_rate_is_the_displays_only_when_its_refresh_is_known() -> None:
    """Issue #32 item 5: SDL's emulated vsync (Xvfb: 61.49-62.45 Hz) is no display
    refresh; our clock paces unless the mode's refresh is known (KMSDRM) or the measured
    one is within 0.5 % of the cartridge's rate."""
    from firmware.pacer import MEASURED_REFRESH, MODE_REFRESH, OUR_CLOCK, choose_rate

    # No vsync: the deadline pacer holds the cartridge's own rate.
    assert choose_rate(57.44, None) == (57.44, OUR_CLOCK)
    # Measured over many flips and near the game's rate: vsync paces at it.
    assert choose_rate(59.94, 59.94) == (59.94, MEASURED_REFRESH)
    assert choose_rate(60.0, 60.05) == (60.05, MEASURED_REFRESH)  # 0.08% off
    # Measured elsewhere: a guess; our clock holds the game's rate.
    assert choose_rate(60.0, 61.49) == (60.0, OUR_CLOCK)
    assert choose_rate(60.0, 62.45) == (60.0, OUR_CLOCK)
    assert choose_rate(57.44, 60.0) == (57.44, OUR_CLOCK)
    # The mode's own refresh (KMSDRM) is known: the display's rate, whatever it is.
    assert choose_rate(57.44, None, mode_hz=60.0) == (60.0, MODE_REFRESH)


def test_the_deadline_pacer_holds_a_cartridge_period() -> None:
    clock = FakeClock()
    pacer = DeadlinePacer(clock=clock, sleep=clock.sleep, period=1 / 57.44)
    pacer.start()
    start = clock.now
    for _ in range(574):
        clock.now += 0.004
        assert pacer.wait() == 0
    assert abs(clock.now - start - 574 / 57.44) < 0.001
