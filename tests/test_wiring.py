"""cabinet.toml to real input sources and output sinks (gpiozero's mock pins, a missing
serial port), and a wiring problem that leaves the cabinet running."""

from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from firmware.config import parse_config
from firmware.wiring import build_wiring

CONFIG = """
[inputs]
sources = ["keyboard", "gpio", "jvs"]
[inputs.gpio]
pins = {{ "p1.up" = 17, "p1.b1" = 23, "coin1" = 22 }}
[inputs.jvs]
port = "{port}"
[outputs]
sink = "gpio"
[outputs.gpio]
pins = {{ coin_meter1 = 16, coin_lockout1 = 24 }}
[dipswitch]
gpio = [0, 1, 2, 3, 4, 5, 6, 7]
"""


@pytest.fixture(autouse=True)
def mock_pins() -> None:
    Device.pin_factory = MockFactory()
    yield
    Device.pin_factory.reset()
    Device.pin_factory = None


def test_every_part_is_built_from_the_config(tmp_path: Path) -> None:
    config, problems = parse_config(CONFIG.format(port=tmp_path / "ttyUSB0"))
    assert problems == []
    wiring = build_wiring(config)
    try:
        assert wiring.problems == []
        assert [s.name for s in wiring.sources] == ["gpio", "jvs"]
        assert [s.name for s in wiring.sinks] == ["gpio-out"]
        assert wiring.dip_bank is not None
        assert wiring.dip_bank.read() == 0xFF  # all eight switches OFF (pulled up)
        # No adapter plugged in yet: the JVS source reads nothing and says so.
        assert "ttyUSB0" in wiring.sources[1].status()
        assert wiring.sources[1].read().held == frozenset()
    finally:
        for part in [*wiring.sources, *wiring.sinks]:
            part.close()
        wiring.dip_bank.close()


def test_a_pin_that_cannot_be_used_is_a_problem_line_not_a_crash(tmp_path: Path) -> None:
    config, _ = parse_config(CONFIG.format(port=tmp_path / "ttyUSB0"))
    from gpiozero import OutputDevice

    held = OutputDevice(17)  # p1.up's pin, already taken by something else
    wiring = build_wiring(config)
    try:
        assert any(line.startswith("GPIO inputs:") for line in wiring.problems)
        assert [s.name for s in wiring.sources] == ["jvs"]
    finally:
        held.close()
        for part in [*wiring.sources, *wiring.sinks]:
            part.close()
        if wiring.dip_bank is not None:
            wiring.dip_bank.close()
