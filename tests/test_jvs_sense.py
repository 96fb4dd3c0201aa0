"""The SENSE line read through the adapter's CD pin decides when address assignment ends."""

from dataclasses import dataclass

from cabinet.jvs.sense import CarrierDetectSense


@dataclass
class AdapterLines:
    """The adapter's modem lines (hardware double: a pty has no CD line)."""

    carrier_detect: bool


@dataclass
class Owner:
    link: AdapterLines


def test_cd_asserted_means_sense_high_until_the_last_board_is_addressed() -> None:
    lines = AdapterLines(carrier_detect=True)
    sense = CarrierDetectSense(Owner(lines))
    assert not sense.is_low()
    lines.carrier_detect = False  # the last board pulled SENSE low
    assert sense.is_low()


def test_an_adapter_wired_the_other_way_round() -> None:
    lines = AdapterLines(carrier_detect=True)
    sense = CarrierDetectSense(Owner(lines), inverted=True)
    assert sense.is_low()
    lines.carrier_detect = False
    assert not sense.is_low()
