"""Debouncer properties (hypothesis) and the GPIO edge queue under a real second thread."""

from __future__ import annotations

import itertools
import threading

from gpiozero.pins.mock import MockFactory
from hypothesis import given
from hypothesis import strategies as st

from cabinet.debounce import GLITCH_S, Debouncer
from cabinet.gpio_inputs import GpioSource

DEBOUNCE_S = 0.015  # a release: the line open this long
PULSE_S = 0.005  # a press: the line closed this long

gaps = st.lists(st.floats(min_value=0.0, max_value=0.05), min_size=1, max_size=60)


def run_edges(gap_list: list[float], pulse_s: float = PULSE_S,
              ) -> tuple[Debouncer, list[bool], list[float]]:
    """Alternate press/release edges separated by ``gap_list``; returns taken levels."""
    switch = Debouncer(False, DEBOUNCE_S, pulse_s)
    taken: list[bool] = []
    t = 0.0
    times = []
    for i, gap in enumerate(gap_list):
        t += gap
        times.append(t)
        taken += switch.edge(i % 2 == 0, t)
    return switch, taken, times


@given(gaps)
def test_settles_to_the_raw_level_once_the_contact_is_quiet(gap_list: list[float]) -> None:
    switch, taken, times = run_edges(gap_list)
    taken += switch.settle(times[-1] + GLITCH_S)
    taken += switch.settle(times[-1] + GLITCH_S + max(DEBOUNCE_S, PULSE_S))
    assert switch.level == switch.raw == switch.pin == (len(gap_list) % 2 == 1)
    # Taken levels alternate: never two presses without a release between them.
    assert all(a != b for a, b in itertools.pairwise(taken))
    assert sum(taken) <= (len(gap_list) + 1) // 2  # never more presses than the contact made


@given(st.lists(st.tuples(st.floats(min_value=PULSE_S * 1.01, max_value=0.2),
                          st.floats(min_value=DEBOUNCE_S * 1.01, max_value=0.2)),
                min_size=1, max_size=30))
def test_clean_presses_and_releases_are_all_taken(pulses: list[tuple[float, float]]) -> None:
    gap_list = [1.0]
    for closed, opened in pulses:
        gap_list += [closed, opened]
    switch, taken, times = run_edges(gap_list[:-1])
    taken += switch.settle(times[-1] + DEBOUNCE_S)
    assert taken == [True, False] * len(pulses)


@given(st.lists(st.floats(min_value=0.0, max_value=PULSE_S * 0.99), min_size=1, max_size=60),
       st.lists(st.floats(min_value=GLITCH_S * 1.1, max_value=0.05), min_size=60, max_size=60))
def test_spikes_shorter_than_the_pulse_width_are_never_a_press(
    widths: list[float], idle: list[float],
) -> None:
    gap_list = []
    for width, rest in zip(widths, idle, strict=False):
        gap_list += [rest, width]  # open for `rest` (past a glitch), closed for `width`
    switch, taken, times = run_edges(gap_list)
    taken += switch.settle(times[-1] + 1.0)
    assert taken == [] and not switch.level


bounce = st.lists(st.floats(min_value=1e-6, max_value=0.003), min_size=0, max_size=12).filter(
    lambda train: sum(train) < DEBOUNCE_S)


@given(st.lists(st.tuples(bounce, bounce), min_size=1, max_size=20))
def test_any_bounce_shorter_than_the_debounce_time_is_one_press(
    trains: list[tuple[list[float], list[float]]],
) -> None:
    """Each press: a bounce train (< 15 ms of chatter) closing, 30 ms closed, a bounce train
    opening, 40 ms open. However it chatters, each is exactly one press and one release."""
    switch = Debouncer(False, DEBOUNCE_S, PULSE_S)
    taken: list[bool] = []
    t = 1.0
    for closing, opening in trains:
        level = True
        taken += switch.edge(level, t)
        for dt in closing:  # chatter, then closed for good
            t += dt
            level = not level
            taken += switch.edge(level, t)
        if not level:
            taken += switch.edge(True, t)
        t += 0.030
        level = False
        taken += switch.edge(level, t)
        for dt in opening:  # chatter, then open for good
            t += dt
            level = not level
            taken += switch.edge(level, t)
        if level:
            taken += switch.edge(False, t)
        t += 0.040
    taken += switch.settle(t)
    assert taken == [True, False] * len(trains)


def test_coins_dropped_on_another_thread_are_all_counted() -> None:
    # Real pin factories call back on their own thread (gpiozero docs (MockFactory)); here a worker
    # thread drives the mock pin while the frame thread keeps reading.
    factory = MockFactory()
    source = GpioSource({"coin2": 8}, pin_factory=factory, debounce_ms=0, pulse_ms={"coin": 0})
    pin = factory.pin(8)
    coins = 2000

    def drop() -> None:
        for _ in range(coins):
            pin.drive_low()
            pin.drive_high()

    worker = threading.Thread(target=drop)
    worker.start()
    counted = 0
    while worker.is_alive():
        counted += source.read().coins[1]
    worker.join()
    counted += source.read().coins[1]
    factory.reset()
    assert counted == coins


@given(st.lists(st.floats(min_value=1e-6, max_value=GLITCH_S * 0.9), min_size=2, max_size=200))
def test_a_flood_through_a_closed_contact_neither_breaks_nor_delays_the_press(
    spikes: list[float],
) -> None:
    """Closed at t=1; open spikes shorter than the glitch width all through it: the press is
    taken exactly when the contact has been closed for the pulse width, as without them."""
    switch = Debouncer(False, DEBOUNCE_S, PULSE_S)
    taken = switch.edge(True, 1.0)
    t = 1.0
    for width in spikes:
        t += GLITCH_S  # closed a while, then an open spike
        taken += switch.edge(False, t)
        t += width
        taken += switch.edge(True, t)
    assert taken == ([True] if t >= 1.0 + PULSE_S else [])
    taken += switch.settle(max(t, 1.0 + PULSE_S))
    assert taken == [True]
