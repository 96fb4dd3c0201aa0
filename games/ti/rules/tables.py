"""The tables TGM3 Master keeps from TAP, as TGM3's own data (each cartridge's rules stand
alone): gravity by speed level, the Grade Recognition System's points, decay and combo
multipliers, and the internal grade's worth in grade steps.

Sources: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct" (gravity by speed level
is TAP Master's; the internal grade works as in TAP; the internal-grade boost table, +17
at internal grade 31) and "Tetris The Absolute The Grand Master 2" (the gravity rows and
the Grade Recognition System's tables).
"""

from __future__ import annotations

from engine.arika.timing import GravityRow

# Gravity in 1/256 G from the listed speed level on (20G from 500).
GRAVITY: tuple[GravityRow, ...] = tuple(GravityRow(lv, g) for lv, g in (
    (0, 4), (30, 6), (35, 8), (40, 10), (50, 12), (60, 16), (70, 32), (80, 48), (90, 64),
    (100, 80), (120, 96), (140, 112), (160, 128), (170, 144), (200, 4), (220, 32),
    (230, 64), (233, 96), (236, 128), (239, 160), (243, 192), (247, 224), (251, 256),
    (300, 512), (330, 768), (360, 1024), (400, 1280), (420, 1024), (450, 768), (500, 5120),
))

# Grade points by internal grade 0..31 (rows) for single..Tetris (columns).
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
# Frames a grade point lasts while no combo runs, by internal grade.
DECAY_FRAMES: tuple[int, ...] = (
    125, 80, 80, 50, 45, 45, 45, 40, 40, 40, 40, 40, 30, 30, 30,
    20, 20, 20, 20, 20, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 10, 10,
)
MAX_INTERNAL_GRADE = 31
POINTS_PER_GRADE = 100
LEVEL_MULTIPLIER_STEP = 250  # points x (1 + level // 250)
# TAP's combo multipliers (tenths) by combo size 1..10 and single..Tetris; TGM3 shifts
# them one line count (games/ti/rules/master.py).
TAP_COMBO_TENTHS: tuple[tuple[int, int, int, int], ...] = (
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
# Grade steps each internal grade is worth (TAP's displayed grade on the 9 .. S9 ladder).
INTERNAL_BOOST: tuple[int, ...] = (
    0, 1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 11, 12, 12, 12, 13, 13, 14,
    14, 15, 15, 16, 16, 17,
)
