"""SW2 of the TAP cartridge: the board's settings for the service menu's DIP page.

The arcade board kept its settings in the service menu, not on switches; here they sit in
the cartridge's SW2 byte like the other games' (the service menu shows them as they are).
"""

from __future__ import annotations

from dipswitch.bank import DipBank, DipSwitch
from dipswitch.gamedips import DEMO_SOUNDS
from games.cartridge import CartDips

# The two timing readings the sources disagree on are operator settings (TAP_DECISIONS
# delay_boundaries and das_step_900 give the factory readings).
DELAY_BOUNDARIES = DipSwitch(
    "Delay Steps", (3,), (("Wiki x01", 0x04), ("Clones x00", 0x00)), "Wiki x01")
DAS_STEP = DipSwitch("DAS 6 From", (4,), (("Level 901", 0x08), ("Level 900", 0x00)),
                     "Level 901")
# The versus match's length and target, set in the board's service menu, sit on switches
# 5-8 (games/tap/rules/decisions.py, VERSUS_DECISIONS["versus_settings"]).
VERSUS_WINS = DipSwitch("Versus Wins", (5, 6), (("2 Games", 0x30), ("1 Game", 0x20),
                                                 ("3 Games", 0x10), ("4 Games", 0x00)),
                        "2 Games")
VERSUS_TARGET = DipSwitch("Versus Target", (7, 8), (("Level 200", 0xC0), ("Level 100", 0x80),
                                                     ("Level 300", 0x40), ("Level 400", 0x00)),
                          "Level 200")
SW2 = DipBank("SW2", (DEMO_SOUNDS, DELAY_BOUNDARIES, DAS_STEP, VERSUS_WINS, VERSUS_TARGET))


def decode_dips(byte: int) -> tuple[CartDips, str | None]:
    reading = SW2.decode(byte)
    labels = reading.labels
    settings = {
        "boundaries": "wiki" if labels["Delay Steps"] == "Wiki x01" else "x00",
        "das_step": 901 if labels["DAS 6 From"] == "Level 901" else 900,
        "versus_wins": int(labels["Versus Wins"].split()[0]),
        "versus_target": int(labels["Versus Target"].split()[1]),
    }
    return CartDips(settings, demo_sounds=labels["Demo Sounds"] == "On"), reading.notice
