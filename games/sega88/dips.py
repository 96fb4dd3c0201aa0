"""SW2 of Sega Tetris (1988), rules id ``sega88``."""

from __future__ import annotations

from dipswitch.bank import DipBank
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

# Source: MAME segas16b.cpp / segas16a.cpp `tetris` DSW2 (MAME segas16b.cpp / segas18.cpp): SW2:1,
# 3, 4,
# 7, 8 unused per the manual (3-4 are read by the code but have no effect); no VS mode,
# lines-per-level or high-speed switch on this board.
# Unused switches are left out of the table: encoding keeps them OFF and the service menu
# lists them as unused.
SW2 = DipBank("SW2", (DEMO_SOUNDS, DIFFICULTY))


def _to_typed(labels: dict[str, str]) -> GameDips:
    return GameDips(
        settings=GameSettings(difficulty=DIFFICULTY_LABELS[labels["Difficulty"]]),
        demo_sounds=labels["Demo Sounds"] == "On",
        allow_vs=False,
    )


def _to_labels(dips: GameDips) -> dict[str, str]:
    return {
        "Demo Sounds": on_off(dips.demo_sounds),
        "Difficulty": difficulty_label(dips.settings.difficulty),
    }


BANK = GameBank("sega88", SW2, _to_typed, _to_labels)
