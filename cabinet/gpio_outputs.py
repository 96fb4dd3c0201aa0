"""GPIO output sink: coin meters, lockouts and lamps on the Pi's header via gpiozero.

A meter or lockout coil is a 12 V inductive load: the pin drives a transistor, a ULN2803
or an opto relay board, never the coil (gpiozero docs and coin-meter datasheets). ``active_high``
matches that driver
stage: True for a ULN2803 / NPN (pin high = coil on), False for the common active-low relay
boards.
"""

from __future__ import annotations

from collections.abc import Mapping

from gpiozero import Factory, OutputDevice

from cabinet.gpio_inputs import check_pin, pin_factory_error
from cabinet.source import OUTPUTS
from cabinet.wiring import WiringError, check_names, check_unique


class GpioSink:
    """An OutputSink with one gpiozero OutputDevice per wired output name.

    ``pins``: the config's ``{output: BCM pin}`` (outputs not wired are ignored on set()).
    ``active_high``: one value for all outputs or ``{output: bool}`` (missing ones: True).
    """

    def __init__(
        self,
        pins: Mapping[str, object],
        *,
        active_high: bool | Mapping[str, bool] = True,
        pin_factory: Factory | None = None,
        name: str = "gpio-out",
    ) -> None:
        self.name = name
        what = f"{name} pins"
        check_names(pins, OUTPUTS, what, "output")
        wiring = {output: check_pin(what, output, pin) for output, pin in pins.items()}
        check_unique(wiring, what)
        if isinstance(active_high, Mapping):
            check_names(active_high, OUTPUTS, f"{name} active_high", "output")
        self._devices: dict[str, OutputDevice] = {}
        try:
            for output, pin in wiring.items():
                high = (
                    active_high.get(output, True)
                    if isinstance(active_high, Mapping)
                    else active_high
                )
                try:
                    self._devices[output] = OutputDevice(
                        pin, active_high=bool(high), initial_value=False, pin_factory=pin_factory
                    )
                except Exception as exc:  # any pin factory's error (lgpio.error is no OSError)
                    raise WiringError(
                        f"{what}: {output} on pin {pin}: {pin_factory_error(exc)}"
                    ) from None
        except WiringError:
            self.close()
            raise

    def set(self, output: str, on: bool) -> None:
        if output not in OUTPUTS:
            raise ValueError(f"unknown output {output!r}")
        device = self._devices.get(output)
        if device is not None:
            device.value = on

    def close(self) -> None:
        for device in self._devices.values():
            device.off()
            device.close()
        self._devices.clear()
