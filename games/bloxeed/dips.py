"""SW2 of Bloxeed (System 18, 1989), rules id ``bloxeed``."""

from __future__ import annotations

from dipswitch.bank import DipBank, DipSwitch
from dipswitch.gamedips import (
    DEMO_SOUNDS,
    DIFFICULTY,
    DIFFICULTY_LABELS,
    GameBank,
    GameDips,
    difficulty_label,
    on_off,
)
from engine import GameSettings
from engine.decision import Decision

# Source: MAME segas18.cpp `bloxeed` DSW (MAME segas16b.cpp / segas18.cpp): SW2:1 Allow VS Mode Yes
# 0x01
# / No 0x00 (default Yes).
ALLOW_VS = DipSwitch("Allow VS Mode", (1,), (("Yes", 0x01), ("No", 0x00)), "Yes")

# Source: MAME segas18.cpp `bloxeed`: SW2:3,4 Lines Per Level 2 (0x04), 2 (0x00), 3 (0x0C,
# default), 4 (0x08). BLX note 4: 3 is the Japanese board's setting, adjustable 2 to 4.
# "2" is written as 0x04, the first code listed (BLOXEED_DIP_DECISIONS lines_2_code); both
# codes read as 2.
LINES_PER_LEVEL = DipSwitch(
    "Lines Per Level",
    (3, 4),
    (("2", 0x04), ("2", 0x00), ("3", 0x0C), ("4", 0x08)),
    "3",
)

# Source: MAME segas18.cpp `bloxeed`: SW2:7 Unknown, Off 0x40 (default) / On 0x00.
UNKNOWN_7 = DipSwitch("Unknown", (7,), (("Off", 0x40), ("On", 0x00)), "Off")

# Source: MAME segas18.cpp `bloxeed`: SW2:8 High Speed Mode, Off 0x00 / On 0x80.
# Factory On: OGA "Introduction of Bloxeed"; tetris.wiki "Bloxeed" and BLX notes 2 and 5 (the
# factory setting, required for
# official scores, has high speed enabled; the operator's guide calls the switch NOT USED).
# MAME's default is Off (0x00 = switch ON), which contradicts the guide: a switch marked
# "not used" is left OFF at the factory, and OFF reads 0x80 = On. We follow BLX and the guide.
# The factory On is BLOXEED_DIP_DECISIONS high_speed_factory.
HIGH_SPEED = DipSwitch("High Speed Mode", (8,), (("Off", 0x00), ("On", 0x80)), "On")

SW2 = DipBank("SW2", (
    ALLOW_VS,
    DEMO_SOUNDS,
    LINES_PER_LEVEL,
    DIFFICULTY,
    UNKNOWN_7,
    HIGH_SPEED,
))


def _to_typed(labels: dict[str, str]) -> GameDips:
    return GameDips(
        settings=GameSettings(
            difficulty=DIFFICULTY_LABELS[labels["Difficulty"]],
            lines_per_level=int(labels["Lines Per Level"]),
            high_speed=labels["High Speed Mode"] == "On",
        ),
        demo_sounds=labels["Demo Sounds"] == "On",
        allow_vs=labels["Allow VS Mode"] == "Yes",
    )


def _to_labels(dips: GameDips) -> dict[str, str]:
    lines = dips.settings.lines_per_level
    return {
        "Allow VS Mode": "Yes" if dips.allow_vs else "No",
        "Demo Sounds": on_off(dips.demo_sounds),
        # None means "the rules' own default": the board's default, 3.
        "Lines Per Level": LINES_PER_LEVEL.default if lines is None else str(lines),
        "Difficulty": difficulty_label(dips.settings.difficulty),
        "High Speed Mode": on_off(dips.settings.high_speed),
    }


BANK = GameBank("bloxeed", SW2, _to_typed, _to_labels)

# Bloxeed's SW2 choices no source settles (printed by `bloxcab rules bloxeed --json`).
BLOXEED_DIP_DECISIONS: dict[str, Decision[object]] = {
    "lines_2_code": Decision(
        0x04,
        "Lines Per Level '2' is written as 0x04, MAME's first code for it; 0x00 also reads "
        "as 2",
        "MAME segas18.cpp, SW2:3,4 (two codes for '2')",
    ),
    "high_speed_factory": Decision(
        "On (SW2:8 OFF, 0x80)",
        "the sources disagree: kept On, as the player-side text and the operator's guide "
        "(a 'not used' switch is left OFF, which reads On) say",
        "abomination.jp OGA \"Introduction of Bloxeed\", notes 2 and 5 (factory On); against "
        "MAME segas18.cpp SW2:8 (default Off)",
    ),
}
