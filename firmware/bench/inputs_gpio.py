"""`bloxcab bench --inputs-gpio`: frames from a GPIO edge to the InputFrame that shows it.

A simulated 60 Hz frame loop on a virtual clock: switches on gpiozero MockFactory pins are
pressed (with contact bounce) and coins dropped at random moments between frames; each poll
of the ControlPanel is checked for the first frame showing each press and coin. A press counts
once it has held for its class's minimum pulse width (cabinet/debounce.py: 5 ms for buttons,
10 ms for coins) after its contact settles, so latency is counted from that moment: 1 means
the next frame, the target.
The real CPU time of ControlPanel.poll() is measured too.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from gpiozero.pins.mock import MockFactory

from cabinet.debounce import BUTTON, COIN, DEFAULT_DEBOUNCE_MS, DEFAULT_PULSE_MS
from cabinet.gpio_inputs import GpioSource
from cabinet.panel import ControlPanel
from engine import InputFrame

NAME = "inputs-gpio"
ORDER = 21
HELP = "GPIO edge to InputFrame latency"

FRAME_S = 1 / 60
SWITCH_PINS = {
    "p1.up": 5, "p1.down": 6, "p1.left": 12, "p1.right": 13,
    "p1.b1": 16, "p1.b2": 19, "p1.b3": 20, "p1.start": 21,
}  # fmt: skip
COIN_PIN = 26
SEED = 1988

Edge = tuple[float, int, bool]  # time, BCM pin, driven low (pressed)


class VirtualClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def _is_down(frame: InputFrame, control: str) -> bool:
    player, switch = control.split(".")
    return bool(getattr(frame.player(int(player[1]) - 1), switch))


def _schedule(rng: random.Random, pin: int, end: float) -> tuple[list[Edge], list[float]]:
    """Presses on one pin until ``end``: edges (time, pin, low) with bounce, and press times.

    A press lasts 20-150 ms (buttons are held for frames, coin pulses last 20-100 ms; some
    are shorter than a frame) and the next comes 40-300 ms after the release, past the
    debounce time, so a frame always falls between a release and the next press.
    """
    edges: list[Edge] = []
    presses: list[float] = []
    t = rng.uniform(0, 0.2)
    while t < end:
        edges.append((t, pin, True))
        settled = t
        for _ in range(rng.randint(0, 3)):  # contact bounce, inside the debounce time
            settled += rng.uniform(0.0002, 0.001)
            edges += [(settled, pin, False), (settled + 0.0001, pin, True)]
            settled += 0.0001
        presses.append(settled)  # closed for good from here
        t += rng.uniform(0.020, 0.150)
        edges.append((t, pin, False))
        t += rng.uniform(0.040, 0.300)
    return edges, presses


def run(args: argparse.Namespace) -> None:
    frames = 600 if args.quick else 36_000
    end = frames * FRAME_S
    rng = random.Random(SEED)
    factory = MockFactory()
    clock = VirtualClock()
    gpio = GpioSource({**SWITCH_PINS, "coin1": COIN_PIN}, pin_factory=factory, clock=clock)
    panel = ControlPanel([gpio])

    edges: list[Edge] = []
    presses: dict[str, list[float]] = {}
    for control, pin in SWITCH_PINS.items():
        pin_edges, presses[control] = _schedule(rng, pin, end - 0.5)
        edges += pin_edges
    coin_edges, coin_times = _schedule(rng, COIN_PIN, end - 0.5)
    edges += coin_edges
    edges.sort()

    button_s, coin_s = DEFAULT_PULSE_MS[BUTTON] / 1000, DEFAULT_PULSE_MS[COIN] / 1000
    latency: Counter[int] = Counter()
    waiting = {control: list(reversed(times)) for control, times in presses.items()}
    coins_waiting = list(reversed(coin_times))
    coin_latency: Counter[int] = Counter()
    poll_ns: list[int] = []
    extra_coins = 0
    e = 0
    for k in range(1, frames + 1):
        frame_t = k * FRAME_S
        while e < len(edges) and edges[e][0] < frame_t:
            clock.t, pin, low = edges[e]
            factory.pin(pin).drive_low() if low else factory.pin(pin).drive_high()
            e += 1
        clock.t = frame_t
        t0 = time.perf_counter_ns()
        frame = panel.poll()
        poll_ns.append(time.perf_counter_ns() - t0)
        for control, queue in waiting.items():
            if queue and queue[-1] < frame_t and _is_down(frame, control):
                latency[k - int((queue.pop() + button_s) / FRAME_S)] += 1
        for _ in range(frame.coin1):
            if coins_waiting and coins_waiting[-1] < frame_t:
                coin_latency[k - int((coins_waiting.pop() + coin_s) / FRAME_S)] += 1
            else:
                extra_coins += 1
    factory.reset()

    pressed = sum(len(times) for times in presses.values())
    shown = sum(latency.values())
    print(
        f"inputs-gpio: {frames} frames at 60 Hz (virtual clock), {len(SWITCH_PINS)} switches "
        f"+ coin chute on MockFactory, debounce {DEFAULT_DEBOUNCE_MS:g} ms, pulse buttons "
        f"{DEFAULT_PULSE_MS[BUTTON]:g} ms / coins {DEFAULT_PULSE_MS[COIN]:g} ms (latency "
        "counted from the settled contact), bounce 0-3 edges"
    )
    _report("presses", latency, shown, pressed)
    _report("coins", coin_latency, sum(coin_latency.values()), len(coin_times))
    print(f"  coins counted twice or from nowhere: {extra_coins}")
    poll_ns.sort()
    print(
        f"  ControlPanel.poll() CPU time: median {poll_ns[len(poll_ns) // 2] / 1000:.1f} us, "
        f"p99 {poll_ns[len(poll_ns) * 99 // 100] / 1000:.1f} us, max {poll_ns[-1] / 1000:.1f} us"
    )


def _report(what: str, latency: Counter[int], shown: int, total: int) -> None:
    spread = ", ".join(
        f"{n} frame(s): {c} ({100 * c / max(shown, 1):.2f}%)" for n, c in sorted(latency.items())
    )
    worst = max(latency) if latency else 0
    print(
        f"  {what}: {shown} of {total} shown; latency {spread}; max {worst} "
        f"({'next frame every time' if worst == 1 and shown == total else 'TARGET MISSED'})"
    )
