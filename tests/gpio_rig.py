"""Test rig for GPIO tests: a hand-set clock, and a MockFactory whose pins cannot open."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory, MockPin


class HandClock:
    """A monotonic clock the test moves by hand, in seconds."""

    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance_ms(self, ms: float) -> None:
        self.t += ms / 1000


class ChipError(Exception):
    """Shaped like ``lgpio.error``: a plain Exception subclass, neither an OSError nor a
    gpiozero error."""


class ChiplessFactory(MockFactory):
    """gpiozero's MockFactory with no pin that can be opened: what the lgpio pin factory does
    when there is no /dev/gpiochip* or the line is claimed by another program."""

    def pin(self, name: object, pin_class: object = None, **kwargs: object) -> MockPin:
        raise ChipError("'can not open gpiochip'")
