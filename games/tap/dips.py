"""SW2 of the TAP cartridge: the board's settings for the service menu's DIP page.

The arcade board kept its settings in the service menu, not on switches; here they sit in
the cartridge's SW2 byte like the other games' (the service menu shows them as they are).
"""

from __future__ import annotations

from dipswitch.bank import DipBank, DipSwitch
from dipswitch.gamedips import DEMO_SOUNDS
from games.cartridge import CartDips

# decision: the two timing readings the sources disagree on are operator settings.
DELAY_BOUNDARIES = DipSwitch(
    "Delay Steps", (3,), (("Wiki x01", 0x04), ("Clones x00", 0x00)), "Wiki x01")
DAS_STEP = DipSwitch("DAS 6 From", (4,), (("Level 901", 0x08), ("Level 900", 0x00)),
                     "Level 901")
SW2 = DipBank("SW2", (DEMO_SOUNDS, DELAY_BOUNDARIES, DAS_STEP))


def decode_dips(byte: int) -> tuple[CartDips, str | None]:
    reading = SW2.decode(byte)
    labels = reading.labels
    settings = {
        "boundaries": "wiki" if labels["Delay Steps"] == "Wiki x01" else "x00",
        "das_step": 901 if labels["DAS 6 From"] == "Level 901" else 900,
    }
    return CartDips(settings, demo_sounds=labels["Demo Sounds"] == "On"), reading.notice
