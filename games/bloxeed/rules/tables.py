"""Bloxeed tables given by the sources (values the sources do not give: decisions.py)."""

from __future__ import annotations

from engine.pieces import I, J, L, O, S, T, Z
from engine.rules import Delays

# Source: rules/sega.md 3.1 (delays: DAS 12, lock delay 30, ARE 30, line clear 40, garbage 10).
BLOXEED_DELAYS = Delays(das=12, are=30, lock=30, line_clear=40, garbage=10)

# Source: rules/sega.md 3.2 (default constant 0x2A6D365B; index = (value AND 0x7F) mod 7).
BLOXEED_DEFAULT_CONSTANT = 0x2A6D365B
BLOXEED_INDEX_MASK = 0x7F

# Source: rules/sega.md 3.1 / 5 (lines per level DIP 2, 3 or 4; factory setting 3).
BLOXEED_LINES_PER_LEVEL = 3

# Source: rules/sega.md 3.3 (5 lamps; the bottom lamp takes 2N frames, the others N).
METER_LAMPS = 5
BOTTOM_LAMP_FACTOR = 2

# Source: rules/sega.md 3.3 (N, frames per lamp, by level; same for every difficulty):
# (first level of the band, N).
METER_FRAMES_PER_LAMP: tuple[tuple[int, int], ...] = (
    (0, 99), (10, 79), (13, 69), (15, 59), (17, 49), (19, 39), (31, 29), (40, 19),
)

# Source: rules/sega.md 3.3 (no row rises while the stack's highest cell is in row 17+).
GARBAGE_STACK_LIMIT_ROW = 17

# Source: rules/sega.md 3.3 (garbage pattern, rising in this order, looping every 32 rows;
# each group of 4 rows is coloured by the piece its hole fits).
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

# Source: rules/sega.md 3.4 (activating a power block scores 5000 at any level/difficulty).
POWER_BLOCK_POINTS = 5000

# Source: rules/sega.md 3.4 (zones by the height of the highest cell in the centre six
# columns: 0-8, 9-12, 13-16, 17-20): the lowest height of zones 1, 2 and 3.
ZONE_COLUMNS = range(2, 8)  # columns 3-8, 0-based
ZONE_FLOORS: tuple[int, ...] = (9, 13, 17)

# Source: rules/sega.md 3.4 (the kind comes from a 6-bit value, 0..63).
POWER_VALUE_MASK = 0x3F

# Source: rules/sega.md 3.4 (characters: after landing, a 30-frame lock delay).
CHARACTER_LOCK = 30
# Source: rules/sega.md 3.4 (2-row-high hitbox).
CHARACTER_HEIGHT = 2

# Source: rules/sega.md 3.4 (Flicky's blocks are always cyan: the T colour).
FLICKY_COLOUR = T + 1

# Source: rules/sega.md 3.4 (Satellite: 10 points per block; clearing the whole field with
# it scores (level + 1) x 2000).
SATELLITE_POINTS = 10
SATELLITE_ALL_CLEAR = 2000


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
