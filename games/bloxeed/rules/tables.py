"""Bloxeed tables given by the public sources (values no source gives: decisions.py).

Source names: tetris.wiki "Bloxeed" and "Sega Randomizer"; tetrisconcept.net thread
"Bloxeed information" (Zaphod77, 2010); abomination.jp OGA "Introduction of Bloxeed" (below
"the Bloxeed introduction"); MAME segas18.cpp `bloxeed` DIP definitions.
"""

from __future__ import annotations

from engine.pieces import I, J, L, O, S, T, Z
from games.sega.rules import Delays

# Source: tetris.wiki "Bloxeed"; the Bloxeed introduction, basic rules (DAS 12, lock delay
# 30, ARE 30, line clear 40, garbage 10 frames).
BLOXEED_DELAYS = Delays(das=12, are=30, lock=30, line_clear=40, garbage=10)

# Source: tetris.wiki "Sega Randomizer" (Bloxeed's default constant 0x2A6D365B).
BLOXEED_DEFAULT_CONSTANT = 0x2A6D365B

# Source: tetris.wiki "Sega Randomizer" and "Bloxeed" (TGMsim's Bloxeed generator agrees):
# p = value AND 0x7F, piece index = p mod 7, and when p > 0x6F an S or a Z becomes an I.
# Over the 128 values of p: I 24 (3/16), S 16 (1/8), Z 16 (1/8), O/T/L/J 18 each (9/64).
BLOXEED_INDEX_MASK = 0x7F
BLOXEED_SZ_TO_I_ABOVE = 0x6F


def bloxeed_piece(p: int) -> int:
    """The piece for the 7 low bits ``p`` of one call's value."""
    kind = p % 7
    if p > BLOXEED_SZ_TO_I_ABOVE and kind in (S, Z):
        return I
    return kind


# The piece for every 7-bit value, built once (the piece stream looks it up).
BLOXEED_PIECE_BY_VALUE: tuple[int, ...] = tuple(
    bloxeed_piece(p) for p in range(BLOXEED_INDEX_MASK + 1)
)

# Source: MAME segas18.cpp `bloxeed` (Lines Per Level DIP 2, 3 or 4; default 3); the
# Bloxeed introduction, note 4 (3 on the Japanese board).
BLOXEED_LINES_PER_LEVEL = 3

# Source: the Bloxeed introduction, garbage lines (5 lamps; the bottom lamp takes twice as
# long as the others).
METER_LAMPS = 5
BOTTOM_LAMP_FACTOR = 2

# Source: tetris.wiki "Bloxeed", garbage meter table (N, frames per lamp, by level; the
# same for every difficulty; 114 frames for the whole meter at level 40+):
# (first level of the band, N).
METER_FRAMES_PER_LAMP: tuple[tuple[int, int], ...] = (
    (0, 99), (10, 79), (13, 69), (15, 59), (17, 49), (19, 39), (31, 29), (40, 19),
)

# Source: the Bloxeed introduction, garbage lines (no row rises while the stack's highest
# cell is in row 17 or above).
GARBAGE_STACK_LIMIT_ROW = 17

# Source: tetris.wiki "Bloxeed" and tetrisconcept "Bloxeed information" (the 32-row garbage
# pattern, looping; each group of 4 rows is coloured by the piece its hole fits).
GARBAGE_PATTERN: tuple[str, ...] = (
    "#########.", "#########.", "#########.", "#########.",
    "..########", ".#########", ".#########", ".#########",
    "########..", "#########.", "#########.", "#########.",
    "..########", ".#########", "##..######", "##.#######",
    "########..", "#########.", "######..##", "#######.##",
    ".#########", ".#########", ".#########", ".#########",
    "####..####", "####..####", "####..####", "####..####",
    "####...###", "#####.####", "#...######", "##.#######",
)
GARBAGE_GROUP_PIECES: tuple[int, ...] = (I, J, L, Z, S, I, O, T)
GARBAGE_GROUP_ROWS = 4

# Source: the Bloxeed introduction, power blocks; tetrisconcept "Bloxeed information"
# (activating a power block scores 5000 at any level and difficulty).
POWER_BLOCK_POINTS = 5000

# Source: the Bloxeed introduction, power blocks (zones by the height of the highest cell
# in the centre six columns: 0-8, 9-12, 13-16, 17-20): the lowest height of zones 1-3.
ZONE_COLUMNS = range(2, 8)  # columns 3-8, 0-based
ZONE_FLOORS: tuple[int, ...] = (9, 13, 17)

# Source: the Bloxeed introduction, power blocks (the kind comes from a value 00-3F).
POWER_VALUE_MASK = 0x3F

# Source: the Bloxeed introduction, power blocks (after landing, a 30-frame lock delay).
CHARACTER_LOCK = 30
# Source: the Bloxeed introduction, power blocks (every character's hitbox is 2 rows high).
CHARACTER_HEIGHT = 2

# Source: the Bloxeed introduction, basic rules (Flicky's blocks are always cyan, the T
# colour).
FLICKY_COLOUR = T + 1

# Source: tetris.wiki "Bloxeed" (2009 text) and tetrisconcept "Bloxeed information":
# each block Satellite destroys scores one tenth of the single-line value at the current
# level (10, 20, 30, 40, 50 by level band); clearing the whole field with it scores
# (level + 1) x 2000.
SATELLITE_POINTS_DIVISOR = 10
SATELLITE_ALL_CLEAR = 2000

# Source: tetris.wiki "Bloxeed", tetrisconcept "Bloxeed information" (Satellite leaves at
# once after an all clear).
SATELLITE_GONE_ON_ALL_CLEAR = True

# Source: tetris.wiki "Bloxeed" (16t is 3 columns wide).
T16_WIDTH = 3

# Source: tetris.wiki "Bloxeed": rows Flicky's blocks complete clear together, and a clear
# of 5 or more lines scores as n - 4 lines (5 as a single, 6 as a double, ... 8 as four);
# Flicky's lines do not count towards level-up. (9 and more: decisions.py.)
FLICKY_WRAP_LINES = 4
FLICKY_WRAP_UP_TO = 8


def frames_per_lamp(level: int) -> int:
    frames = METER_FRAMES_PER_LAMP[0][1]
    for first, n in METER_FRAMES_PER_LAMP:
        if first <= level:
            frames = n
    return frames


def garbage_cells(position: int) -> list[int]:
    """Cell values of pattern row ``position`` (0..31), coloured by its group's piece."""
    colour = GARBAGE_GROUP_PIECES[position // GARBAGE_GROUP_ROWS] + 1
    return [colour if ch == "#" else 0 for ch in GARBAGE_PATTERN[position]]
