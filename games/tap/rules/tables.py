"""TAP's tables as data: gravity, delays, the Grade Recognition System, the M-roll limits
and the TGM+ garbage pattern.

Frame counts are the engine's internal convention (engine/arika/timing.py). tetris.wiki
prints observed frames; the conversion is ARE - 2, line ARE - 2, DAS - 2, lock and line
clear unchanged (it reproduces the shiromino clone's tables row for row).
"""

from __future__ import annotations

from engine.arika.timing import DelayRow, GravityRow

# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Normal mode, internal
# gravity (1/256 G, from the listed level on).
NORMAL_GRAVITY: tuple[GravityRow, ...] = tuple(GravityRow(lv, g) for lv, g in (
    (0, 4), (8, 5), (19, 6), (35, 8), (40, 10), (50, 12), (60, 16), (70, 32), (80, 48),
    (90, 64), (100, 4), (108, 5), (119, 6), (125, 8), (131, 12), (139, 32), (149, 48),
    (156, 80), (164, 112), (174, 128), (180, 144), (200, 16), (212, 48), (221, 80),
    (232, 112), (244, 144), (256, 176), (267, 192), (277, 208), (287, 224), (295, 240),
    (300, 5120),
))

# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Master mode, internal
# gravity (also used by TGM+).
MASTER_GRAVITY: tuple[GravityRow, ...] = tuple(GravityRow(lv, g) for lv, g in (
    (0, 4), (30, 6), (35, 8), (40, 10), (50, 12), (60, 16), (70, 32), (80, 48), (90, 64),
    (100, 80), (120, 96), (140, 112), (160, 128), (170, 144), (200, 4), (220, 32),
    (230, 64), (233, 96), (236, 128), (239, 160), (243, 192), (247, 224), (251, 256),
    (300, 512), (330, 768), (360, 1024), (400, 1280), (420, 1024), (450, 768), (500, 5120),
))

# T.A. Death: 20G at every level.
DEATH_GRAVITY: tuple[GravityRow, ...] = (GravityRow(0, 5120),)

# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Normal mode delays
# (observed ARE 27, DAS 16, lock 30, line clear 40 at levels 0-300; no separate line ARE).
# TGM+ uses the same delays at every level (same page, TGM+ section).
NORMAL_DELAYS: tuple[DelayRow, ...] = (DelayRow(0, 25, 25, 14, 30, 40),)

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

# ---- Grade Recognition System ---------------------------------------------------------
# Source: TetrisConcept wiki / tetris.wiki, "Tetris The Absolute The Grand Master 2",
# Grade Recognition System table (points by internal grade; decay in frames a point).
# Rows: internal grade 0..31; columns single, double, triple, tetris.
GRADE_POINTS: tuple[tuple[int, int, int, int], ...] = (
    (10, 20, 40, 50),
    (10, 20, 30, 40),
    (10, 20, 30, 40),
    (10, 15, 30, 40),
    (10, 15, 20, 40),
    (5, 15, 20, 30),
    (5, 10, 20, 30),
    (5, 10, 15, 30),
    (5, 10, 15, 30),
    (5, 10, 15, 30),
    *((2, 12, 13, 30),) * 22,
)
DECAY_FRAMES: tuple[int, ...] = (
    125, 80, 80, 50, 45, 45, 45, 40, 40, 40, 40, 40, 30, 30, 30,
    20, 20, 20, 20, 20, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 10, 10,
)
# Displayed grade of each internal grade.
GRADE_NAMES: tuple[str, ...] = (
    "9", "8", "7", "6", "5", "4", "4", "3", "3", "2", "2", "2", "1", "1", "1",
    "S1", "S1", "S1", "S2", "S3", "S4", "S4", "S4", "S5", "S5", "S6", "S6", "S7", "S7",
    "S8", "S8", "S9",
)
MAX_INTERNAL_GRADE = 31
POINTS_PER_GRADE = 100
# Combo multipliers in tenths, by combo size 1..10 (rows) and single..tetris (columns).
COMBO_TENTHS: tuple[tuple[int, int, int, int], ...] = (
    (10, 10, 10, 10),
    (12, 14, 15, 10),
    (12, 15, 18, 10),
    (14, 16, 20, 10),
    (14, 17, 22, 10),
    (14, 18, 23, 10),
    (14, 19, 24, 10),
    (15, 20, 25, 10),
    (15, 21, 26, 10),
    (20, 25, 30, 10),
)
LEVEL_MULTIPLIER_STEP = 250  # points x (1 + level // 250)

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
