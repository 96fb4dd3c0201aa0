"""SW2 of Flash Point (System 16B, 1989), rules id ``flashpoint``."""

from __future__ import annotations

from dipswitch.bank import DipBank, DipSwitch
from dipswitch.gamedips import DEMO_SOUNDS, DIFFICULTY, DIFFICULTY_LABELS
from games.cartridge import CartDips

# Source: MAME segas16b.cpp `fpoint` DSW2: SW2:7 Clear Round Allowed 1 0x00 / 2 0x40
# (default 2); SW2:8 2 Cell Move No 0x00 / Yes 0x80 (default Yes). SW2:1, 3 and 4 unused.
CLEAR_ROUND = DipSwitch("Clear Round Allowed", (7,), (("1", 0x00), ("2", 0x40)), "2")
TWO_CELL = DipSwitch("2 Cell Move", (8,), (("No", 0x00), ("Yes", 0x80)), "Yes")

SW2 = DipBank("SW2", (DEMO_SOUNDS, DIFFICULTY, CLEAR_ROUND, TWO_CELL))


def decode_dips(byte: int) -> tuple[CartDips, str | None]:
    """The session settings SW2 sets; a byte that cannot be read gives the factory
    settings and the bank's notice."""
    reading = SW2.decode(byte)
    labels = reading.labels
    settings = {
        "difficulty": DIFFICULTY_LABELS[labels["Difficulty"]].label,
        "clear_round_allowed": int(labels["Clear Round Allowed"]),
        "two_cell_move": labels["2 Cell Move"] == "Yes",
    }
    return CartDips(settings, demo_sounds=labels["Demo Sounds"] == "On"), reading.notice
