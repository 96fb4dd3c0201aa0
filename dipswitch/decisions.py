"""DIP-bank choices no source settles (rules/sega.md marks such values [decision]).

Kept in one table so they can be corrected in one place when better evidence arrives; the
tables they affect (coinage.py COINAGE, the cartridges' SW2 banks) point back here.
"""

from __future__ import annotations

# decision: every entry below is the project's own choice, not a documented fact.
DIP_DECISIONS: dict[str, str] = {
    "coin_step": "a plain rate gives its credits when its coin count is complete: "
    "'2 coins 3 credits' (0x6) gives 3 credits at the 2nd coin and none at the 1st "
    "(otherwise it would equal 0x1, '1C/1C 2/3')",  # decision
    "coin_bonus_steps": "a bonus row gives 1 credit per base rate until a bonus step: "
    "0x5 gives credits at coins 2, 4, 5, 6; 0x4 at 2 and 4 (+2); 0x1/0x2/0x3 at each "
    "coin and +2 at the last",  # decision
    "coin_cycle": "a chute's coin count restarts after the row's last step and is kept "
    "across games (never reset by a start or a power cut)",  # decision
    "lines_2_code": "Bloxeed Lines Per Level '2' is written as 0x04 (MAME's first code); "
    "0x00 also reads as 2",  # decision
    "high_speed_factory": "Bloxeed High Speed Mode factory On (SW2:8 OFF, 0x80) per BLX "
    "notes 2/5 and rules/sega.md 3.1, against MAME's default Off (0x00 = SW2:8 ON); the "
    "operator's guide lists SW2:8 as not used, i.e. left OFF = On",  # decision
    "unused_switches": "switches a game does not use are written OFF (bit 1); decoding "
    "ignores them",  # decision
    "bad_byte": "a bank value that is not 0-255 or selects a code the table lacks falls "
    "back to the whole bank's factory byte with a notice",  # decision
}
