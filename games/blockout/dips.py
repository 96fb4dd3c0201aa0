"""The BLOCKOUT cartridge's DIP bank, rules id ``blockout``.

Source: MAME technos/blockout.cpp DSW2: SW2:1,2 Difficulty (Easy 0x02, Normal 0x03, Hard
0x01, Very Hard 0x00; factory Normal), SW2:3 Rotate Buttons (2 = 0x00, 3 = 0x04). DSW1
holds the coinage, SW1:5 "1 Coin to Continue" (Off 0x10: same price as the coinage; On
0x00: always one coin) and SW1:6 Demo Sounds (Off 0x00, On 0x20; factory On).
decision: bloxcab's SW1 is the board-wide coinage bank, so this cartridge carries the two
game switches of the original SW1 on its own bank at the original's unused SW2:5 and
SW2:6, with the original bit senses. Rotate Buttons factory "2": the Japanese board's
layout (button 1 drops, 2 and 3 turn), which fits a three-button panel; MAME's export
default is "3".
"""

from __future__ import annotations

from dipswitch.bank import DipBank, DipSwitch

DIFFICULTY = DipSwitch(
    "Difficulty", (1, 2),
    (("Easy", 0x02), ("Normal", 0x03), ("Hard", 0x01), ("Very Hard", 0x00)), "Normal")
ROTATE_BUTTONS = DipSwitch("Rotate Buttons", (3,), (("2", 0x00), ("3", 0x04)), "2")
ONE_COIN_CONTINUE = DipSwitch("1 Coin to Continue", (5,), (("Off", 0x10), ("On", 0x00)), "Off")
DEMO_SOUNDS = DipSwitch("Demo Sounds", (6,), (("Off", 0x00), ("On", 0x20)), "On")

SW2 = DipBank("SW2", (DIFFICULTY, ROTATE_BUTTONS, ONE_COIN_CONTINUE, DEMO_SOUNDS))

DIFFICULTY_SETTING = {"Easy": "easy", "Normal": "normal", "Hard": "hard",
                      "Very Hard": "very_hard"}
