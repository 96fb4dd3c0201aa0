"""The TAP Normal speeds TGM3's Easy and Sakura use (decisions "easy_speeds" and the Sakura
rules): gravity in 1/256 G by level and the one delay row, kept here so the TGM3 rules
stand alone (a test checks they equal TAP's).

Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Normal mode (gravity table,
the denominator 256; ARE 25, line ARE 25, DAS 14 in internal frames, lock 30, line clear
40); cambridge's Sakura mode uses the same gravity table.
"""

from __future__ import annotations

from engine.arika.timing import DelayRow, GravityRow

NORMAL_GRAVITY: tuple[GravityRow, ...] = tuple(GravityRow(lv, g) for lv, g in (
    (0, 4), (8, 5), (19, 6), (35, 8), (40, 10), (50, 12), (60, 16), (70, 32), (80, 48),
    (90, 64), (100, 4), (108, 5), (119, 6), (125, 8), (131, 12), (139, 32), (149, 48),
    (156, 80), (164, 112), (174, 128), (180, 144), (200, 16), (212, 48), (221, 80),
    (232, 112), (244, 144), (256, 176), (267, 192), (277, 208), (287, 224), (295, 240),
    (300, 5120),
))
NORMAL_DELAYS: tuple[DelayRow, ...] = (DelayRow(0, 25, 25, 14, 30, 40),)
