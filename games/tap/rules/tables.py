"""TAP's own tables as data: gravity and delays, the M-roll limits and the TGM+ garbage
pattern. The tables TGM3 shares with TAP are in the Arika kit: Master and Normal gravity and
Normal delays (games/arika/speeds.py), the Grade Recognition System
(games/arika/grading.py).

Frame counts are the engine's internal convention (games/arika/timing.py). tetris.wiki
prints observed frames; the conversion is ARE - 2, line ARE - 2, DAS - 2, lock and line
clear unchanged (it reproduces the shiromino clone's tables row for row).
"""

from __future__ import annotations

from games.arika.timing import DelayRow, GravityRow

# T.A. Death: 20G at every level.
DEATH_GRAVITY: tuple[GravityRow, ...] = (GravityRow(0, 5120),)

# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Master mode delays, with
# the page's level ranges: ARE, line ARE, lock and line clear change at 601, 701, 801 and
# 901; DAS at 500 and 901. (The clones switch at x00; shiromino switches DAS at 900.)
MASTER_DELAYS: tuple[DelayRow, ...] = (
    DelayRow(0, 25, 25, 14, 30, 40),
    DelayRow(500, 25, 25, 8, 30, 25),
    DelayRow(601, 25, 16, 8, 30, 16),
    DelayRow(701, 16, 12, 8, 30, 12),
    DelayRow(801, 12, 6, 8, 30, 6),
    DelayRow(901, 12, 6, 6, 17, 6),
)

# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", T.A. Death delays, with
# the page's level ranges (ARE, line ARE, lock, line clear change at 101/201/301/401; DAS
# at 200/300/400; everything at 500).
DEATH_DELAYS: tuple[DelayRow, ...] = (
    DelayRow(0, 16, 12, 10, 30, 12),
    DelayRow(101, 12, 6, 10, 26, 6),
    DelayRow(200, 12, 6, 9, 26, 6),
    DelayRow(201, 12, 6, 9, 22, 6),
    DelayRow(300, 12, 6, 8, 22, 6),
    DelayRow(301, 6, 6, 8, 18, 6),
    DelayRow(400, 6, 6, 6, 18, 6),
    DelayRow(401, 5, 5, 6, 15, 5),
    DelayRow(500, 4, 4, 6, 15, 4),
)

# ---- M-roll (invisible roll) conditions -----------------------------------------------
# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2" (credit roll, M-roll
# conditions): sections 0-4 within 1:05.00 each, section 5 no slower than the average of
# sections 0-4 plus 2 s, sections 6-9 no slower than the section before plus 2 s, Tetris
# counts per section, S9 and 8:45.00 at level 999. Game time counts 60 frames a second.
MROLL_EARLY_SECTION_LIMIT = 3900  # frames (1:05.00), sections 0-4
MROLL_MARGIN = 120  # frames (2 s)
MROLL_TETRISES: tuple[int, ...] = (2, 2, 2, 2, 2, 1, 1, 1, 1, 0)
MROLL_TOTAL_LIMIT = 31500  # frames (8:45.00)
MROLL_GRADE = 31  # internal grade (S9)
MROLL_GM_ORANGE_LINES = 32  # lines in the M-roll for the orange line under GM

# ---- Rolls ----------------------------------------------------------------------------
# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2" (a one-minute roll at the
# board's 61.68 Hz: 3701 frames; the cambridge and shiromino clones agree; NullpoMino has
# 3694). Fading roll: blocks fade about 4 s after they lock.
ROLL_FRAMES = 3701
# Source: NullpoMino's GarbageMania mode (TGM+ roll length); the roll need not be survived.
PLUS_ROLL_FRAMES = 2024

# ---- T.A. Death -----------------------------------------------------------------------
# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", T.A. Death ranking: M at
# level 500 within 3:25.00, else the game stops at 500; GM at 999.
DEATH_TORIKAN_LEVEL = 500
DEATH_TORIKAN_FRAMES = 12300  # 3:25.00

# ---- Normal ---------------------------------------------------------------------------
# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Normal mode and scoring:
# the goal is 300, items at 100 (Free Fall) and 200 (Del Even), line-clear score x6, time
# bonus 1253 a second (rounded up) under 5:00.
NORMAL_GOAL = 300
NORMAL_SCORE_FACTOR = 6
NORMAL_TIME_BONUS = 1253
NORMAL_TIME_LIMIT = 18000  # frames (5:00.00)
ITEM_FREE_FALL = 1
ITEM_DEL_EVEN = 2
NORMAL_ITEMS: tuple[tuple[int, int], ...] = ((100, ITEM_FREE_FALL), (200, ITEM_DEL_EVEN))

# ---- TGM+ rising garbage --------------------------------------------------------------
# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", TGM+ (a row rises once
# 13 - level // 100 pieces in a row have cleared nothing; a fixed 24-row pattern, looped).
# "#" garbage, "." hole; rows in the order they rise.
PLUS_PATTERN: tuple[str, ...] = (
    ".#########", ".#########", ".#########", ".#########",
    "#########.", "#########.", "#########.", "#########.",
    "..########", ".#########", ".#########", "########..",
    "#########.", "#########.", "##.#######", "#..#######",
    "#.########", "#######.##", "#######..#", "########.#",
    "####..####", "####..####", "####.#####", "###...####",
)
PLUS_RISE_BASE = 13
