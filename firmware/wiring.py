"""Building the cabinet's input sources and output sinks from cabinet.toml.

A wiring problem (a pin gpiozero refuses, a missing serial port) never stops the cabinet:
that source is left out and the problem is returned as one line for the log and the
service menu.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from cabinet.source import InputSource, OutputSink
from cabinet.wiring import WiringError
from firmware.config_schema import CabinetConfig

log = logging.getLogger("bloxcab.wiring")


@dataclass
class Wiring:
    sources: list[InputSource] = field(default_factory=list)
    sinks: list[OutputSink] = field(default_factory=list)
    dip_bank: Any = None  # cabinet.dipbank_gpio.GpioDipBank when one is wired
    problems: list[str] = field(default_factory=list)


def _attempt(wiring: Wiring, what: str, build: Any) -> Any:
    """``build()``, or None and a problem line. Any exception counts: a pin factory or a
    serial library may raise its own types (lgpio raises ``lgpio.error``, neither an OSError
    nor a gpiozero error, when it cannot open a GPIO chip), and under systemd's
    Restart=always an escaped one would be a restart loop instead of a notice."""
    try:
        return build()
    except Exception as exc:
        expected = isinstance(exc, WiringError | OSError | ValueError | ImportError)
        detail = str(exc).strip() or type(exc).__name__
        line = f"{what}: {detail}"
        wiring.problems.append(line)
        # A foreign error type keeps its traceback in the journal for whoever debugs it.
        log.warning("%s", line, exc_info=not expected)
        return None


def build_wiring(config: CabinetConfig) -> Wiring:
    """Sources other than the keyboard (the kiosk owns that one) and the output sinks."""
    wiring = Wiring()
    inputs = config.inputs
    if "gpio" in inputs.sources:
        def gpio_source() -> InputSource:
            from cabinet.gpio_inputs import GpioSource

            return GpioSource(inputs.gpio.pins, debounce_ms=inputs.gpio.debounce_ms,
                              pulse_ms=inputs.gpio.pulse_ms)

        source = _attempt(wiring, "GPIO inputs", gpio_source)
        if source is not None:
            wiring.sources.append(source)
    jvs = None
    if "jvs" in inputs.sources:
        def jvs_source() -> Any:
            from cabinet.jvs.source import open_jvs

            # The master opens the port in the background and keeps retrying, so a board
            # that is switched on later (or replugged) is found without a restart.
            return open_jvs(inputs.jvs.port, sense_on_cd=inputs.jvs.sense_line,
                            boards=inputs.jvs.boards)

        jvs = _attempt(wiring, "JVS", jvs_source)
        if jvs is not None:
            wiring.sources.append(jvs[0])
    outputs = config.outputs
    if outputs.sink == "gpio":
        def gpio_sink() -> OutputSink:
            from cabinet.gpio_outputs import GpioSink

            return GpioSink(outputs.gpio.pins)

        sink = _attempt(wiring, "GPIO outputs", gpio_sink)
        if sink is not None:
            wiring.sinks.append(sink)
    elif outputs.sink == "jvs" and jvs is not None:
        wiring.sinks.append(jvs[1])
    elif outputs.sink == "jvs":
        wiring.problems.append("outputs: sink = \"jvs\" needs \"jvs\" among inputs.sources")
    if config.dipswitch.gpio:
        def dip_bank() -> Any:
            from cabinet.dipbank_gpio import GpioDipBank

            return GpioDipBank(config.dipswitch.gpio)

        wiring.dip_bank = _attempt(wiring, "DIP bank", dip_bank)
    return wiring
