"""Tables shared by the Sega games (Tetris 1988, Bloxeed)."""

from __future__ import annotations

# Source: tetris.wiki "Tetris (Sega)", scoring; koryan "DataBase TETRIS(AC)" (score table):
# (first level of the band, 1/2/3/4-line points, drop points per row). Bloxeed uses the
# same table (tetrisconcept.net "Bloxeed information").
SCORE_TABLE: tuple[tuple[int, tuple[int, int, int, int], int], ...] = (
    (0, (100, 400, 900, 2000), 1),
    (2, (200, 800, 1800, 4000), 2),
    (4, (300, 1200, 2700, 6000), 3),
    (6, (400, 1600, 3600, 8000), 4),
    (8, (500, 2000, 4500, 10000), 5),
)

# Source: tetris.wiki "Tetris (Sega)"; koryan "DataBase TETRIS(AC)" (an all clear multiplies
# the line-clear score by 10).
ALL_CLEAR_MULTIPLIER = 10

# Source: abomination.jp OGA "Introduction of Bloxeed", basic rules; tetris.wiki "Maxout"
# (caps: score 999,999, level 99, lines 999).
SCORE_CAP = 999_999
LEVEL_CAP = 99
LINES_CAP = 999

# Source: tetris.wiki "Tetris (Sega)", level timer: (first level of the band, frames).
LEVEL_TIMER: tuple[tuple[int, int], ...] = ((0, 3480), (1, 2320), (9, 3480), (11, 1740), (15, 3480))

# Source: tetris.wiki "Tetris (Sega)", speed levels (gravity, frames per row, columns
# Easy/Normal/Hard/Hardest);
# the level-15 row holds for levels 15-99.
TETRIS_GRAVITY: tuple[tuple[int, int, int, int], ...] = (
    (48, 48, 40, 30),
    (32, 24, 20, 15),
    (24, 18, 16, 12),
    (18, 15, 12, 10),
    (14, 12, 10, 8),
    (12, 10, 8, 6),
    (10, 8, 6, 4),
    (8, 6, 4, 2),
    (6, 4, 2, 1),
    (4, 2, 1, 1),
    (12, 10, 10, 8),
    (10, 8, 8, 6),
    (8, 6, 6, 4),
    (6, 4, 4, 2),
    (4, 2, 2, 1),
    (2, 1, 1, 1),
)


# Source: tetris.wiki "Tetris (Sega)" (the TAS note: lock delay with step reset): the lock
# delay restarts only when the piece moves down a row.
LOCK_RESET = "step"


def _score_row(level: int) -> tuple[int, tuple[int, int, int, int], int]:
    chosen = SCORE_TABLE[0]
    for row in SCORE_TABLE:
        if row[0] <= level:
            chosen = row
    return chosen


def line_points(level: int, lines: int) -> int:
    if not 1 <= lines <= 4:
        return 0
    return _score_row(level)[1][lines - 1]


def drop_points(level: int) -> int:
    return _score_row(level)[2]


def level_timer_frames(level: int) -> int:
    frames = LEVEL_TIMER[0][1]
    for first, required in LEVEL_TIMER:
        if first <= level:
            frames = required
    return frames


def tetris_gravity(level: int, column: int) -> int:
    return TETRIS_GRAVITY[min(level, len(TETRIS_GRAVITY) - 1)][column]


def scoring_tables() -> dict[str, object]:
    """The common Sega tables as plain data (for ``bloxcab rules``)."""
    return {
        "score_table": [
            {"from_level": lv, "lines": list(points), "drop_points_per_row": drop}
            for lv, points, drop in SCORE_TABLE
        ],
        "all_clear_multiplier": ALL_CLEAR_MULTIPLIER,
        "level_timer": [{"from_level": lv, "frames": f} for lv, f in LEVEL_TIMER],
        "caps": {"score": SCORE_CAP, "level": LEVEL_CAP, "lines": LINES_CAP},
        "lock_reset": LOCK_RESET,
    }
