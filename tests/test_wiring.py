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


def test_a_pin_factory_that_cannot_open_the_chip_leaves_the_cabinet_running(
    tmp_path: Path,
) -> None:
    """lgpio with no /dev/gpiochip* raises lgpio.error, a type of its own: every GPIO part
    becomes a notice line, the rest is wired, and the kiosk runs with the lines on its
    notices page."""
    from firmware.kiosk import Kiosk, KioskOptions
    from tests.gpio_rig import ChiplessFactory

    Device.pin_factory = ChiplessFactory()
    config, _ = parse_config(CONFIG.format(port=tmp_path / "ttyUSB0"))
    wiring = build_wiring(config)
    try:
        assert [line.split(":")[0] for line in wiring.problems] == [
            "GPIO inputs", "GPIO outputs", "DIP bank"]
        assert all(line.endswith("can not open gpiochip") for line in wiring.problems)
        assert [s.name for s in wiring.sources] == ["jvs"]
        assert wiring.sinks == [] and wiring.dip_bank is None
        kiosk = Kiosk(KioskOptions(mode="headless", save_dir=tmp_path / "save", audio=False),
                      wiring.sources, wiring.sinks, problems=wiring.problems)
        try:
            for _ in range(30):
                kiosk.frame()
            assert kiosk.machine.frame == 30
            assert all(line in kiosk.machine.notices for line in wiring.problems)
        finally:
            kiosk.close()
    finally:
        for part in wiring.sources:
            part.close()
