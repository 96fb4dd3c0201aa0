"""Reading the JVS SENSE line through a USB-RS485 adapter's CD (carrier detect) pin.

Source: JVS-TR (TheOnlyJoey/openjvs master reads the sense line through
the adapter's CD pin) and 1.4 (address boards until the master's sense input goes low).
"""

from __future__ import annotations

from typing import Protocol

# decision: CD asserted means the SENSE line is still high (a board without an address);
# an adapter wired the other way round sets ``inverted``.
CD_ASSERTED_MEANS_HIGH = True


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
