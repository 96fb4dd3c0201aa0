"""Reading the JVS SENSE line through a USB-RS485 adapter's CD (carrier detect) pin.

Source: JVS-TR (TheOnlyJoey/openjvs master reads the sense line through
the adapter's CD pin) and 1.4 (address boards until the master's sense input goes low).
"""

from __future__ import annotations

from typing import Protocol

from cabinet.decisions import JVS_DECISIONS

CD_ASSERTED_MEANS_HIGH: bool = JVS_DECISIONS["cd_asserted_means_high"].value


class CarrierDetect(Protocol):
    @property
    def carrier_detect(self) -> bool: ...


class LinkOwner(Protocol):
    @property
    def link(self) -> CarrierDetect: ...


class CarrierDetectSense:
    """A SenseInput for JvsMaster: ``is_low()`` reads the master's own open port."""

    def __init__(self, owner: LinkOwner, inverted: bool = False) -> None:
        self.owner = owner
        self.inverted = inverted

    def is_low(self) -> bool:
        high = self.owner.link.carrier_detect == CD_ASSERTED_MEANS_HIGH
        return high if self.inverted else not high
