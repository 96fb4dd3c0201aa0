"""GPIO input source: JAMMA switches wired straight to the Pi's header, read with gpiozero.

JAMMA inputs are active-low: a closed switch shorts the line to ground, so every pin gets a
pull-up and reads pressed when low. Source: Arcade Otaku wiki "JAMMA" (ARCOTAKU JAMMA pinout)

gpiozero calls the edge callbacks on its own thread with real pin factories (lgpio's alert
thread) and on the caller's thread with MockFactory (gpiozero docs (MockFactory)), so a callback
only
stamps the edge with the clock and puts it on a queue; ``read()`` on the frame thread drains
the queue without blocking and debounces. Debounce is ours, not gpiozero's ``bounce_time``:
MockFactory ignores ``bounce_time``, and ours knows the input classes:
a press counts after the class's minimum pulse width, a release after the debounce time
(cabinet/debounce.py), so spikes and bounce never become coins or presses.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Mapping
from functools import partial

from gpiozero import Button, Factory

from cabinet.debounce import (
    DEFAULT_DEBOUNCE_MS,
    DEFAULT_PULSE_MS,
    INPUT_CLASSES,
    Debouncer,
    input_class,
)
from cabinet.source import SourceReading
from cabinet.wiring import COIN_CHUTES, INPUT_NAMES, WiringError, check_names, check_unique

Clock = Callable[[], float]
Edge = tuple[str, bool, float]  # control or coin chute, pressed, time


def pin_factory_error(exc: BaseException) -> str:
    """One line for an error a pin factory raised, whatever its type."""
    text = str(exc).strip().strip("'\"")
    return text or type(exc).__name__


def check_pin(what: str, name: str, pin: object) -> int | str:
    """A pin from the config: a BCM number, or a gpiozero pin name such as ``"GPIO17"``."""
    if isinstance(pin, bool) or not isinstance(pin, int | str):
        raise WiringError(f"{what}: {name}: pin must be a BCM number, got {pin!r}")
    if isinstance(pin, int) and pin < 0:
        raise WiringError(f"{what}: {name}: pin must be a BCM number, got {pin}")
    return pin


class GpioSource:
    """An InputSource reading switches and coin chutes on GPIO pins.

    ``pins``: the config's ``{control or "coin1"/"coin2": BCM pin}``. ``pin_factory``: a
    gpiozero factory (None = gpiozero's default, lgpio on a Pi 5). ``debounce_ms``: how long
    a line must stay open before a release counts; ``pulse_ms``: per input class (coin,
    button, system), how long it must stay closed before a press counts (classes left out
    keep their default). ``clock``: a monotonic clock in seconds, injectable so tests decide
    the time of every edge.
    """

    def __init__(
        self,
        pins: Mapping[str, object],
        *,
        pin_factory: Factory | None = None,
        debounce_ms: float = DEFAULT_DEBOUNCE_MS,
        pulse_ms: Mapping[str, float] | None = None,
        clock: Clock = time.monotonic,
        name: str = "gpio",
    ) -> None:
        self.name = name
        what = f"{name} inputs"
        check_names(pins, INPUT_NAMES, what)
        wiring = {control: check_pin(what, control, pin) for control, pin in pins.items()}
        check_unique(wiring, what)
        if not debounce_ms >= 0:
            raise WiringError(f"{what}: debounce must be 0 ms or more, got {debounce_ms}")
        pulses = {**DEFAULT_PULSE_MS, **(pulse_ms or {})}
        for kind, width in pulses.items():
            if kind not in INPUT_CLASSES:
                raise WiringError(f"{what}: unknown input class {kind!r} "
                                  f"(known: {', '.join(INPUT_CLASSES)})")
            if not width >= 0:
                raise WiringError(f"{what}: {kind} pulse must be 0 ms or more, got {width}")
        self.debounce_ms = debounce_ms
        self.pulse_ms = pulses
        self._clock = clock
        self._edges: queue.SimpleQueue[Edge] = queue.SimpleQueue()
        self._buttons: dict[str, Button] = {}
        self._switches: dict[str, Debouncer] = {}
        try:
            for control, pin in wiring.items():
                self._buttons[control] = self._wire(what, control, pin, pin_factory)
        except WiringError:
            self.close()
            raise
        self._pressed: set[str] = set()
        self._coins = [0, 0]
        self._edge_count = 0
        # Switches whose line, glitch-free line and level differ (settled every read); the
        # others rest. The last read's clock, and its reading while everything rests.
        self._unsettled: set[str] = set()
        self._then = float("-inf")
        self._reading: SourceReading | None = None
        # The factory gpiozero actually chose (lgpio, rpigpio...) once a pin is wired.
        used = next((b.pin_factory for b in self._buttons.values()), pin_factory)
        self._factory_name = type(used).__name__ if used else "no pins"

    def _wire(self, what: str, control: str, pin: int | str, factory: Factory | None) -> Button:
        button: Button | None = None
        try:
            button = Button(pin, pull_up=True, bounce_time=None, pin_factory=factory)
            level = bool(button.is_pressed)
        except Exception as exc:
            # Any pin factory's error, not only gpiozero's own: lgpio raises lgpio.error (no
            # OSError) when it cannot open the GPIO chip or the line is claimed.
            if button is not None:
                button.close()
            problem = pin_factory_error(exc)
            raise WiringError(f"{what}: {control} on pin {pin}: {problem}") from None
        self._switches[control] = Debouncer(level, self.debounce_ms / 1000,
                                            self.pulse_ms[input_class(control)] / 1000)
        button.when_pressed = partial(self._on_edge, control, True)
        button.when_released = partial(self._on_edge, control, False)
        return button

    def _on_edge(self, control: str, pressed: bool) -> None:
        # On gpiozero's thread: stamp and hand over, nothing else.
        self._edges.put((control, pressed, self._clock()))

    def read(self) -> SourceReading:
        now = self._clock()
        edges = False
        while True:
            try:
                control, level, t = self._edges.get_nowait()
            except queue.Empty:
                break
            edges = True
            self._edge_count += 1
            switch = self._switches[control]
            if control not in self._unsettled:
                # A resting switch was not settled on the frames since it came to rest;
                # settling it now at the last frame's time does what those calls would have.
                switch.settle(self._then)
                self._unsettled.add(control)
            self._take(control, switch.edge(level, t))
        self._then = now
        if not edges and not self._unsettled and self._reading is not None:
            return self._reading  # every switch at rest, as at the last reading
        for control in list(self._unsettled):
            switch = self._switches[control]
            self._take(control, switch.settle(now))
            if switch.pin == switch.raw == switch.level:
                self._unsettled.discard(control)  # at rest: settle() would only note the time

        held = frozenset(c for c, s in self._switches.items() if s.level and c not in COIN_CHUTES)
        reading = SourceReading(
            held=held, pressed=frozenset(self._pressed), coins=(self._coins[0], self._coins[1])
        )
        if self._pressed or self._coins != [0, 0]:
            self._pressed.clear()
            self._coins = [0, 0]
            self._reading = None
        else:
            self._reading = reading
        return reading

    def _take(self, control: str, levels: list[bool]) -> None:
        for level in levels:
            if not level:
                continue
            if control in COIN_CHUTES:
                self._coins[COIN_CHUTES.index(control)] += 1  # one coin edge = one coin
            else:
                self._pressed.add(control)

    def status(self) -> str:
        if not self._buttons:
            return f"{self.name}: no pins wired"
        return (
            f"{self.name}: {len(self._buttons)} pins on {self._factory_name}, "
            f"debounce {self.debounce_ms:g} ms, pulse "
            f"{'/'.join(f'{k} {self.pulse_ms[k]:g}' for k in INPUT_CLASSES)} ms, "
            f"{self._edge_count} edges"
        )

    def close(self) -> None:
        for button in self._buttons.values():
            button.close()
        self._buttons.clear()
