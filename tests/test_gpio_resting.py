"""A GPIO source settles only the switches that are not at rest, and hands its last reading
on while every switch rests. Checked against debouncers settled on every frame, as the
source did before: the same presses, coins and held switches on the same frames, for edges
of every kind (glitches, bounce, late stamps, long quiet stretches)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from cabinet.debounce import DEFAULT_DEBOUNCE_MS, DEFAULT_PULSE_MS, Debouncer, input_class
from cabinet.gpio_inputs import GpioSource
from cabinet.wiring import COIN_CHUTES
from tests.gpio_rig import HandClock

PINS = {"coin1": 4, "coin2": 5, "p1.b1": 17, "p1.left": 27, "p2.start": 6, "test": 22}
FRAME_S = 1 / 60


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    f = MockFactory()
    yield f
    f.reset()


class EveryFrame:
    """The reference: one debouncer a switch, every one settled at every read."""

    def __init__(self) -> None:
        self.switches = {c: Debouncer(False, DEFAULT_DEBOUNCE_MS / 1000,
                                      DEFAULT_PULSE_MS[input_class(c)] / 1000) for c in PINS}
        self.pressed: set[str] = set()
        self.coins = [0, 0]

    def take(self, control: str, levels: list[bool]) -> None:
        for level in levels:
            if level and control in COIN_CHUTES:
                self.coins[COIN_CHUTES.index(control)] += 1
            elif level:
                self.pressed.add(control)

    def read(self, edges: list[tuple[str, bool, float]], now: float
             ) -> tuple[frozenset[str], frozenset[str], tuple[int, int]]:
        for control, level, t in edges:
            self.take(control, self.switches[control].edge(level, t))
        for control, switch in self.switches.items():
            self.take(control, switch.settle(now))
        held = frozenset(c for c, s in self.switches.items()
                         if s.level and c not in COIN_CHUTES)
        out = (held, frozenset(self.pressed), (self.coins[0], self.coins[1]))
        self.pressed.clear()
        self.coins = [0, 0]
        return out


@pytest.mark.parametrize("seed", range(10))
def test_resting_switches_skipped_read_as_if_settled_every_frame(
        factory: MockFactory, seed: int) -> None:
    rng = random.Random(seed)
    clock = HandClock(0.0)
    source = GpioSource(PINS, pin_factory=factory, clock=clock)
    reference = EveryFrame()
    low = dict.fromkeys(PINS, False)  # the line as driven (closed switch = low)
    now = 0.0
    for frame in range(1, 1200):
        edges: list[tuple[str, bool, float]] = []
        if rng.random() < 0.3:  # else a quiet frame
            begin = max(0.0, now - 0.003)  # some edges are stamped before the last read
            times = sorted(rng.uniform(begin, now + FRAME_S) for _ in range(rng.randint(1, 6)))
            control = rng.choice(list(PINS))
            for t in times:
                if rng.random() < 0.3:
                    control = rng.choice(list(PINS))
                low[control] = not low[control]
                clock.t = t  # the edge callback stamps it with the clock
                pin = factory.pin(PINS[control])
                pin.drive_low() if low[control] else pin.drive_high()
                edges.append((control, low[control], t))
        now = frame * FRAME_S
        clock.t = now
        reading = source.read()
        assert (reading.held, reading.pressed, reading.coins) == reference.read(edges, now), \
            f"frame {frame}"


def test_a_press_after_a_long_rest_counts_after_its_pulse_width(factory: MockFactory) -> None:
    clock = HandClock(0.0)
    source = GpioSource(PINS, pin_factory=factory, clock=clock)
    first = source.read()
    for frame in range(1, 300):  # 5 s of nothing: the same reading each frame
        clock.t = frame * FRAME_S
        assert source.read() is first
    clock.t += 0.002
    factory.pin(17).drive_low()  # P1 button 1, 2 ms after the last read
    clock.t = 300 * FRAME_S
    reading = source.read()
    assert reading.pressed == {"p1.b1"} and reading.held == {"p1.b1"}  # held 14.7 ms > 5 ms
    clock.t += FRAME_S
    assert source.read().held == {"p1.b1"} and not source.read().pressed


def test_a_late_stamped_edge_after_a_rest_is_dated_from_the_last_read(
        factory: MockFactory) -> None:
    """An edge stamped before the last read (another thread stamped it late) counts from
    the last read's time, as when every switch was settled each frame: a press of 4 ms by
    its stamp but 1 ms since the read is not yet 5 ms long."""
    clock = HandClock(0.0)
    source = GpioSource(PINS, pin_factory=factory, clock=clock)
    for frame in range(1, 60):
        clock.t = frame * FRAME_S
        source.read()
    last = clock.t
    clock.t = last - 0.003
    factory.pin(27).drive_low()  # P1 left, stamped 3 ms before the last read
    clock.t = last + 0.001
    assert source.read().held == frozenset()
    clock.t = last + 0.005
    assert source.read().held == {"p1.left"}
