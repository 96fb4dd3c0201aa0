"""A physical DIP bank wired to eight GPIO pins, read into the byte dipswitch/ decodes.

Wiring: each switch closes its pin to ground; the pin has the Pi's pull-up, so a switch ON
reads low. That is the same active-low convention as the byte (switch n = bit n-1, ON = 0),
so an ON switch clears its bit. [Source: Arcade Otaku wiki "JAMMA" (JAMMA inputs are
active low); MAME's DIP definitions ("ON" means the bit reads 0)]
"""

from __future__ import annotations

from collections.abc import Sequence

from gpiozero import DigitalInputDevice
from gpiozero.pins import Factory

from cabinet.gpio_inputs import pin_factory_error
from cabinet.wiring import WiringError

SWITCHES = 8


class GpioDipBank:
    """Eight pull-up inputs, switch 1 first. Read at boot and by the service menu."""

    def __init__(self, pins: Sequence[int | str], pin_factory: Factory | None = None) -> None:
        if len(pins) != SWITCHES or len(set(pins)) != SWITCHES:
            raise ValueError(
                f"a DIP bank needs {SWITCHES} different GPIO pins, switch 1 first; got {list(pins)}"
            )
        self.pins = tuple(pins)
        self._inputs: list[DigitalInputDevice] = []
        try:
            for pin in self.pins:
                self._inputs.append(
                    DigitalInputDevice(pin, pull_up=True, pin_factory=pin_factory)
                )
        except Exception as exc:  # any pin factory's error (lgpio.error is no OSError)
            self.close()
            raise WiringError(f"pin {pin}: {pin_factory_error(exc)}") from None

    def read(self) -> int:
        """The bank's byte: bit n-1 is 0 while switch n is ON (pin pulled low)."""
        byte = 0
        for n, switch in enumerate(self._inputs):
            if not switch.is_active:  # OFF: the pull-up holds the pin high
                byte |= 1 << n
        return byte

    def status(self) -> str:
        return f"DIP bank on GPIO {','.join(str(p) for p in self.pins)}: 0x{self.read():02X}"

    def close(self) -> None:
        for switch in self._inputs:
            switch.close()
        self._inputs.clear()
