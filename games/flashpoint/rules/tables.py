"""Flash Point's numbers, each with its public source.

Frames are 1/60 s. Sources named here: tetris.wiki "Flash Point" (oldid 25616: speed
levels, scoring, the Down footnote, 2 Cell Move); tetris.wiki "Sega Randomizer"; MAME
segas16b.cpp (``fpoint`` DIP definitions); segaretro.org "Flash Point".
"""

from __future__ import annotations

# Source: tetris.wiki "Flash Point", Speed Levels (frames per row, columns Easy, Normal,
# Hard, Hardest; the level-15 row holds for levels 15-99).
FLASHPOINT_GRAVITY: tuple[tuple[int, int, int, int], ...] = (
    (24, 16, 12, 12),
    (20, 14, 10, 10),
    (18, 12, 8, 8),
    (16, 10, 6, 6),
    (14, 8, 5, 5),
    (12, 6, 4, 4),
    (10, 4, 3, 3),
    (8, 3, 2, 2),
    (6, 2, 1, 1),
    (4, 1, 1, 1),
    (12, 10, 8, 8),
    (10, 8, 6, 6),
    (8, 6, 4, 4),
    (6, 4, 2, 2),
    (4, 2, 1, 1),
    (1, 1, 1, 1),
)

# Source: tetris.wiki "Flash Point" (footnote: a tap of Down moves exactly one row; held
# longer than 12 frames it soft-drops, "the DAS also applies to holding down"). The lever's
# DAS is the same 12 frames.
DAS_FRAMES = 12

# Source: tetris.wiki "Sega Randomizer" (Flash Point's default constant) and tetris.wiki
# "Tetris (Sega)" (the 1000-entry table, index = (value AND 0x3F) mod 7).
DEFAULT_CONSTANT = 0x2A6D365B
TABLE_SIZE = 1000
INDEX_MASK = 0x3F

# Source: tetris.wiki "Flash Point", Scoring (1000 for stages 1-4, +1000 every 4 stages).
BONUS_STEP = 1000
BONUS_STAGES_PER_STEP = 4

# Source: tetris.wiki "Flash Point" (after 12 minutes on a credit a stage clear no longer
# lowers the level; 2 Cell Move: two rows per frame after 25 minutes). 60 frames a second.
FRAMES_PER_MINUTE = 3600
LEVEL_DROP_MINUTES = 12
TWO_CELL_MINUTES = 25
LEVEL_DROP_UNTIL = LEVEL_DROP_MINUTES * FRAMES_PER_MINUTE
TWO_CELL_FROM = TWO_CELL_MINUTES * FRAMES_PER_MINUTE

# Source: tetris.wiki "Flash Point" (a clear lowers the level by 1; from 7 or more it drops
# straight to 6).
LEVEL_DROP_CEILING = 6

# Source: tetris.wiki "Flash Point" (100 stages; segaretro.org says 90 to choose from: the
# first stage is chosen among 1-90).
STAGE_COUNT = 100
FIRST_CHOICE_LAST = 90

# Source: tetris.wiki "Flash Point" (after a clear the next stage is chosen among the next
# one and +2, +4, +6 further).
NEXT_CHOICE_STEPS = (0, 2, 4, 6)

# Source: MAME segas16b.cpp, fpoint: SW2:7 "Clear Round Allowed" 1 / 2 (factory 2), SW2:8
# "2 Cell Move" No / Yes (factory Yes), SW2:5-6 Difficulty (factory Normal).
CLEAR_ROUND_CHOICES = (1, 2)
CLEAR_ROUND_FACTORY = 2
TWO_CELL_FACTORY = True


def gravity_frames(level: int, column: int) -> int:
    """Frames per row at ``level`` for difficulty column ``column`` (0 Easy .. 3 Hardest)."""
    return FLASHPOINT_GRAVITY[min(level, len(FLASHPOINT_GRAVITY) - 1)][column]


def stage_bonus(stage: int) -> int:
    """The bonus a stage starts with: 1000 x (floor((stage - 1) / 4) + 1)."""
    return BONUS_STEP * ((stage - 1) // BONUS_STAGES_PER_STEP + 1)


def level_after_clear(level: int) -> int:
    """The level after a stage clear while clears still lower it."""
    if level > LEVEL_DROP_CEILING:
        return LEVEL_DROP_CEILING
    return max(level - 1, 0)


def tables_json() -> dict[str, object]:
    """Flash Point's tables as plain data (for ``bloxcab rules``)."""
    names = ("easy", "normal", "hard", "hardest")
    return {
        "gravity_frames_per_row": {
            name: [{"level": lv, "frames": row[col]} for lv, row in enumerate(FLASHPOINT_GRAVITY)]
            for col, name in enumerate(names)
        },
        "gravity_note": "the level-15 row holds for levels 15-99; with 2 Cell Move on, 2 rows "
        f"every frame from {TWO_CELL_MINUTES} minutes of play on the credit",
        "das": DAS_FRAMES,
        "down": f"a tap moves one row; held, a row every frame from frame {DAS_FRAMES}",
        "line_points": 0,
        "stage_bonus": {
            "formula": "1000 x (floor((stage - 1) / 4) + 1)",
            "first": stage_bonus(1),
            "last": stage_bonus(STAGE_COUNT),
        },
        "level_after_clear": f"level - 1; from {LEVEL_DROP_CEILING + 1} or above straight to "
        f"{LEVEL_DROP_CEILING}; no change after {LEVEL_DROP_MINUTES} minutes on the credit",
        "randomizer": {
            "default_constant": DEFAULT_CONSTANT,
            "table_size": TABLE_SIZE,
            "index_mask": INDEX_MASK,
        },
        "stages": STAGE_COUNT,
        "first_stage_choice": [1, FIRST_CHOICE_LAST],
        "next_stage_steps": list(NEXT_CHOICE_STEPS),
    }
