"""Debouncer properties (hypothesis) and the GPIO edge queue under a real second thread."""

from __future__ import annotations

import itertools
import threading

from gpiozero.pins.mock import MockFactory
from hypothesis import given
from hypothesis import strategies as st

from cabinet.debounce import Debouncer
from cabinet.gpio_inputs import GpioSource

DEBOUNCE_S = 0.005

gaps = st.lists(st.floats(min_value=0.0, max_value=0.05), min_size=1, max_size=60)


def run_edges(gap_list: list[float]) -> tuple[Debouncer, list[bool], list[float]]:
    """Alternate press/release edges separated by ``gap_list``; returns taken levels."""
    switch = Debouncer(False, DEBOUNCE_S)
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
    taken += switch.settle(times[-1] + DEBOUNCE_S)
    assert switch.level == switch.raw == (len(gap_list) % 2 == 1)
    # Taken levels alternate: never two presses without a release between them.
    assert all(a != b for a, b in itertools.pairwise(taken))
    assert sum(taken) <= (len(gap_list) + 1) // 2  # never more presses than the contact made


@given(st.lists(st.floats(min_value=DEBOUNCE_S * 1.01, max_value=0.2), min_size=1, max_size=60))
def test_edges_further_apart_than_the_debounce_time_are_all_taken_at_once(
    gap_list: list[float],
) -> None:
    _, taken, _ = run_edges(gap_list)
    assert taken == [i % 2 == 0 for i in range(len(gap_list))]


@given(st.lists(st.floats(min_value=0.0, max_value=DEBOUNCE_S / 20), min_size=1, max_size=19))
def test_a_burst_inside_the_debounce_time_is_one_press(gap_list: list[float]) -> None:
    _, taken, _ = run_edges([1.0, *gap_list])
    assert taken == [True]


def test_coins_dropped_on_another_thread_are_all_counted() -> None:
    # Real pin factories call back on their own thread (gpiozero docs (MockFactory)); here a worker
    # thread drives the mock pin while the frame thread keeps reading.
    factory = MockFactory()
    source = GpioSource({"coin2": 8}, pin_factory=factory, debounce_ms=0)
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
