"""DIP-bank choices no public source settles: the project's decisions, in one table.

Each entry is a ``Decision(value, why, source)`` (engine/decision.py); the tables they affect
(coinage.py COINAGE and the games' SW2 banks) point back here by name.
"""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

_MAME_COIN = "MAME segaipt.h / sys16_common SW1 coinage"

# Every entry below is the project's own choice, not a documented fact.
DIP_DECISIONS: dict[str, Decision[Any]] = {
    "coin_step": Decision(
        "credits when the row's coin count is complete",
        "'2 coins 3 credits' (0x6) gives 3 credits at the 2nd coin and none at the 1st; "
        "otherwise it would equal 0x1 ('1C/1C 2/3')",
        _MAME_COIN,
    ),
    "coin_bonus_steps": Decision(
        "1 credit per base rate until a bonus step",
        "0x5 gives credits at coins 2, 4, 5, 6; 0x4 at 2 and 4 (+2); 0x1/0x2/0x3 at each "
        "coin and +2 at the last, as the rows' names read",
        _MAME_COIN,
    ),
    "coin_cycle": Decision(
        "kept across games and power cuts",
        "a chute's coin count restarts after the row's last step only, so no paid coin is "
        "ever lost to a start or a power cut",
    ),
    "unused_switches": Decision(
        "OFF (bit 1)",
        "switches a game does not use are written OFF and ignored when decoding, as a "
        "factory board leaves them",
        "MAME segas16b.cpp / segas18.cpp (unused switches default Off)",
    ),
    "bad_byte": Decision(
        "the whole bank's factory byte, with a notice",
        "a bank value outside 0-255, or one selecting a code the table lacks, falls back "
        "to factory settings and says so, so a bad file never stops the cabinet",
    ),
}
