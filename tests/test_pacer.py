"""The deadline pacer, driven by a fake clock (behaviour, not speed)."""

from firmware.pacer import FRAME_SECONDS, DeadlinePacer


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
