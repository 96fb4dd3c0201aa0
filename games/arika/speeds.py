"""The TGM2 speed tables more than one Arika mode reads: Master gravity (TGM2 Master and
TGM+; TGM3 Master reads it by speed level) and Normal gravity and delays (TGM2 Normal and
Doubles; TGM3 Easy and Sakura).

Frame counts are the engine's internal convention (games/arika/timing.py). tetris.wiki
prints observed frames; the conversion is ARE - 2, line ARE - 2, DAS - 2, lock and line
clear unchanged (it reproduces the shiromino clone's tables row for row).
"""

from __future__ import annotations

from games.arika.timing import DelayRow, GravityRow

# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Normal mode, internal
# gravity (1/256 G, from the listed level on); cambridge's Sakura mode uses the same table.
NORMAL_GRAVITY: tuple[GravityRow, ...] = tuple(GravityRow(lv, g) for lv, g in (
    (0, 4), (8, 5), (19, 6), (35, 8), (40, 10), (50, 12), (60, 16), (70, 32), (80, 48),
    (90, 64), (100, 4), (108, 5), (119, 6), (125, 8), (131, 12), (139, 32), (149, 48),
    (156, 80), (164, 112), (174, 128), (180, 144), (200, 16), (212, 48), (221, 80),
    (232, 112), (244, 144), (256, 176), (267, 192), (277, 208), (287, 224), (295, 240),
    (300, 5120),
))

# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Master mode, internal
# gravity (also used by TGM+); "Tetris: The Grand Master 3 Terror-Instinct" (gravity by
# speed level is TGM2 Master's, 20G from 500).
MASTER_GRAVITY: tuple[GravityRow, ...] = tuple(GravityRow(lv, g) for lv, g in (
    (0, 4), (30, 6), (35, 8), (40, 10), (50, 12), (60, 16), (70, 32), (80, 48), (90, 64),
    (100, 80), (120, 96), (140, 112), (160, 128), (170, 144), (200, 4), (220, 32),
    (230, 64), (233, 96), (236, 128), (239, 160), (243, 192), (247, 224), (251, 256),
    (300, 512), (330, 768), (360, 1024), (400, 1280), (420, 1024), (450, 768), (500, 5120),
))

# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Normal mode delays
# (observed ARE 27, DAS 16, lock 30, line clear 40 at levels 0-300; no separate line ARE).
# TGM+ uses the same delays at every level (same page, TGM+ section).
NORMAL_DELAYS: tuple[DelayRow, ...] = (DelayRow(0, 25, 25, 14, 30, 40),)
