"""The physical DIP bank on GPIO, with gpiozero's MockFactory."""

from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from cabinet.dipbank_gpio import GpioDipBank
from dipswitch import override
from tests.dipkit import game_bank

PINS = (5, 6, 13, 19, 26, 16, 20, 21)


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()


def test_all_switches_off_read_ff(factory):
    bank = GpioDipBank(PINS, pin_factory=factory)
    assert bank.read() == 0xFF
    bank.close()


def test_switch_on_pulls_its_bit_low(factory):
    bank = GpioDipBank(PINS, pin_factory=factory)
    factory.pin(PINS[1]).drive_low()  # SW2:2 ON: Demo Sounds On
    assert bank.read() == 0xFD
    dips, _ = game_bank("bloxeed").decode(override(0x00, bank.read()))
    assert dips.demo_sounds and dips.allow_vs and dips.settings.high_speed
    factory.pin(PINS[7]).drive_low()  # SW2:8 ON: High Speed Mode Off
    assert bank.read() == 0x7D
    dips, _ = game_bank("bloxeed").decode(bank.read())
    assert not dips.settings.high_speed
    factory.pin(PINS[1]).drive_high()
    assert bank.read() == 0x7F
    assert "0x7F" in bank.status()
    bank.close()


def test_bank_needs_eight_distinct_pins(factory):
    with pytest.raises(ValueError, match="8 different GPIO pins"):
        GpioDipBank(PINS[:7], pin_factory=factory)
    with pytest.raises(ValueError, match="8 different GPIO pins"):
        GpioDipBank((*PINS[:7], PINS[0]), pin_factory=factory)
