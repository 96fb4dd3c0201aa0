"""SW2 of the TGM3 cartridge: the board's settings for the service menu's DIP page.

The arcade kept its settings in the service menu, not on switches; here they sit in the
cartridge's SW2 byte like the other games' (the service menu shows them as they are).
"""

from __future__ import annotations

from dipswitch.bank import DipBank, DipSwitch
from dipswitch.gamedips import DEMO_SOUNDS
from games.cartridge import CartDips

# The readings the sources disagree on are operator settings (their factory readings are
# the decision table's "cool_rule" and "exam_rule").
COOL_RULE = DipSwitch("COOL Rule", (3,), (("Wiki", 0x04), ("Baseline", 0x00)), "Wiki")
EXAM_RULE = DipSwitch("Exam Rule", (4,), (("Wiki", 0x08), ("NullpoMino", 0x00)), "Wiki")
# decision grade_in_play: hidden as on the board; "Shown" puts grade and score on screen.
GRADE_IN_PLAY = DipSwitch("Grade In Play", (5,), (("Hidden", 0x00), ("Shown", 0x10)), "Hidden")
# Sakura's all-seven EX offer: the 20 stages within 5:00 (tetris.wiki) or 5:20 (Heboris).
SAKURA_EX = DipSwitch("Sakura EX", (6,), (("5:00", 0x00), ("5:20", 0x20)), "5:00")
SW2 = DipBank("SW2", (DEMO_SOUNDS, COOL_RULE, EXAM_RULE, GRADE_IN_PLAY, SAKURA_EX))


def decode_dips(byte: int) -> tuple[CartDips, str | None]:
    reading = SW2.decode(byte)
    labels = reading.labels
    settings = {
        "cool_rule": "wiki" if labels["COOL Rule"] == "Wiki" else "baseline",
        "exam_rule": "wiki" if labels["Exam Rule"] == "Wiki" else "nullpomino",
        "grade_in_play": labels["Grade In Play"].lower(),
        "sakura_ex": "wiki" if labels["Sakura EX"] == "5:00" else "heboris",
    }
    return CartDips(settings, demo_sounds=labels["Demo Sounds"] == "On"), reading.notice
