"""Bloxeed's project decisions: every value no public source settles, in one table.

Each entry is a ``Decision(value, why, source)`` (engine/decision.py); the code reads the
named constants below, ``bloxcab rules bloxeed --json`` prints BLOXEED_DECISIONS. Correct a
value here when better evidence arrives; once a source settles it, move it to tables.py.
Source names as in tables.py.
"""

from __future__ import annotations

from typing import Any

from engine import events as ev
from engine.decision import Decision
from engine.pieces import I, J, L, O, S, T, Z

_WIKI = 'tetris.wiki "Bloxeed"'
_BLX = 'abomination.jp OGA "Introduction of Bloxeed"'
_TC = 'tetrisconcept.net "Bloxeed information"'

# Power-block kinds, numbered in priority order (1 = highest); the number is what a field
# cell holds in bits 4-7 (POWER_PRIORITY below says why this order).
FOUR_LINES, T16, BOMB, FLICKY, SATELLITE = 1, 2, 3, 4, 5
KIND_NAMES: dict[int, str] = {
    FOUR_LINES: "4lines", T16: "16t", BOMB: "bomb", FLICKY: "flicky", SATELLITE: "satellite",
}
CHARACTERS = (T16, BOMB, FLICKY, SATELLITE)

POWER_PRIORITY = Decision(
    tuple(KIND_NAMES[k] for k in sorted(KIND_NAMES)),
    "only '4 Lines first' is known; the others follow the order the sources list them in",
    f"{_TC} (4 Lines wins over the others); {_BLX}, power blocks (one per clear)",
)
GRAVITY_DIFFICULTY_SHIFT = Decision(
    1,
    "difficulty d uses the Tetris gravity column d + 1 (capped at Hardest), so Normal is "
    "1G at levels 9 and 15+ and slower at 8 and 10-14",
    f"{_BLX}, note 6 (which levels are 1G on Normal)",
)
HIGH_SPEED_FROM_LEVEL = Decision(
    20,
    "High Speed Mode turns 1G into 2G from this level; the sources give no level",
    f"{_BLX}, basic rules and note 5 (the mode exists and is factory on)",
)
LEVEL_TIMER = Decision(
    "the Tetris (1988) table",
    "no Bloxeed level-timer table is published; the speed curve is said to be Tetris's",
    f"{_TC} (speed curve and scoring as in Sega Tetris)",
)
GARBAGE_DELAY_FRAMES = Decision(
    "L+1..L+10 delay, rise on L+11 (first ARE frame)",
    "a non-clearing lock on frame L with a full meter decides the row on L + 1 and empties "
    "the meter then; the row rises on the first ARE frame",
    f"{_BLX}, basic rules (garbage delay 10 frames)",
)
GARBAGE_SKIP_LEVEL = Decision(
    10,
    "'the lock that reaches level 10' is read as the non-clearing lock whose level-timer "
    "level-up takes the level from 9 to 10",
    f"{_BLX}, garbage lines (no row on reaching level 10)",
)
PAUSE_WHILE_CHARACTER = Decision(
    "from the activating lock until the character is gone",
    "the meter and the power-block timer stop for the whole life of a character, from "
    "the lock that activates it",
    f"{_BLX}, garbage lines and power blocks (no filling while a character is in the field)",
)
POWER_VALUE_BITS = Decision(
    "low 6 bits of one main-seed call",
    "the kind's 0..63 value is the low 6 bits of one main-seed call, as pieces use low bits",
    f"{_BLX}, power blocks (a value 00-3F from the random seed)",
)
POWER_THRESHOLDS = Decision(
    (3600, 1800, 900, 300),
    "level-0 power-block timer thresholds in frames, zones 0-3: 60, 30, 15 and 5 s, "
    "halving towards the documented top zone",
    f"{_BLX}, power blocks (only the top zone's 5 s is given)",
)
POWER_THRESHOLD_GROWTH_PERCENT = Decision(
    5,
    "thresholds grow by 5% of their level-0 value per level (linear, frames rounded down), "
    "so power blocks come more slowly at higher levels",
    f"{_BLX}, power blocks (the interval is felt to grow with the level)",
)
POWER_TIMER_FIRES_AT = Decision(
    "timer == threshold",
    "the timer fires on the frame it reaches the threshold, then restarts at 0",
)
ZONE_WEIGHTS = Decision(
    ((13, 13, 13, 13, 12),) * 4,
    "weights out of 64 per kind (4 Lines, 16t, Bomb, Flicky, Satellite), equal as near as "
    "64 values allow, in every zone; the published per-zone table was not readable",
    f"{_BLX}, power blocks (a per-zone probability table exists, on tetris.wiki)",
)
MARKED_CELL = Decision(
    {I: 1, O: 0, T: 1, J: 0, L: 2, S: 0, Z: 1},
    "the marked cell of each piece, 0-based in reading order of the spawn state (I 2nd, "
    "O 1st, T 2nd, J 1st, L 3rd, S 1st, Z 2nd); the source's figure was not readable",
    f"{_BLX}, power blocks, figure 2 (the position is fixed per piece)",
)
MARK_FOLLOWS_ROTATION = Decision(
    "same reading-order index in the current state",
    "the mark stays with the cell of the same reading-order index as the piece turns",
)
ONE_STORED_KIND = Decision(
    True,
    "one kind is stored: every marked piece not yet locked (current and next) shows the "
    "last chosen kind",
    f"{_BLX}, transform glitch (only one spot holds the kind)",
)
CHARACTER_WAIT = Decision(
    180,
    "'about 180 frames' taken as exactly 180 above the ceiling, from the activating "
    "clear's collapse frame",
    f"{_BLX}, power blocks (about 180 frames before a character enters)",
)
CHARACTER_FALL_FRAMES = Decision(
    4,
    "characters fall one row every 4 frames; the source's speed table was not readable",
    f"{_BLX}, power blocks, table 6 (descent speeds, Normal only)",
)
CHARACTER_WIDTH = Decision(
    {BOMB: 1, FLICKY: 1, SATELLITE: 1},
    "Bomb, Flicky and Satellite act on one column, so their hitbox is one column wide "
    "(16t's 3 columns is sourced: tables.py)",
)
CHARACTER_COLUMN = Decision(
    4,
    "a character starts with its hitbox's left column at column 5 (0-based 4), where "
    "pieces spawn",
)
CHARACTER_CEILING_ROW = Decision(
    20,
    "while waiting, the hitbox bottom sits in row 21 (0-based 20), just above the ceiling",
    f"{_BLX}, power blocks (the character waits above the ceiling)",
)
CHARACTER_LEVER = Decision(
    "as a piece: DAS, free columns only, no soft drop",
    "the lever moves a character like a piece (first frame, then every frame after DAS) "
    "into free columns only; several buttons in one frame act once",
    f"{_BLX}, power blocks (the lever and buttons work while it waits)",
)
BOMB_SIZE = Decision(
    3,
    "Bomb clears the 3x3 square centred on the cell below it (the floor counts as a row "
    "below row 1); nothing falls after",
    "tetriswiki.cn \"Bloxeed\" (a picture of the blast area)",
)
T16_CRUSH = Decision(
    "every block below it in its columns",
    "16t crushes everything under its 3 columns, down to the floor; nothing falls after",
    f"{_WIKI} (16t's width)",
)
FLICKY_CLEAR_WINDOW = Decision(
    40,
    "a row a Flicky block completes waits for the line clear delay (40 frames); rows "
    "completed meanwhile join it and all clear as one (also when Flicky leaves first)",
    f"{_WIKI} (Flicky's rows clear together); {_BLX}, Flicky quirk (blocks placed during "
    "the line clear animation)",
)
FLICKY_LINES_BEYOND_8 = Decision(
    "((n - 1) mod 4) + 1",
    "a Flicky clear of 9 or more lines scores as ((n - 1) mod 4) + 1 lines, going on with "
    "the wiki's wrap for 5-8 (n - 4)",
    f"{_WIKI} (5 scores as a single, 6 as a double, and so on)",
)
FOUR_LINES_ROWS = Decision(
    (0, 2, 4, 6),
    "4 Lines removes rows 1, 3, 5 and 7 (those holding blocks) after the activating clear "
    "collapsed, with its own line clear delay, and counts towards level-up",
    f"{_TC} (up to 4 alternating rows, scored as a normal clear)",
)
REPLAY_DRAWS_MAIN_SEED = Decision(
    False,
    "a game that replays a kept piece seed does not call the main seed for its pieces",
    f"{_BLX}, basic rules (the same piece order may be played again)",
)
VERSUS_ROWS_SENT = Decision(
    "lines - 1",
    "n lines send n - 1 rows (piece clears only, not 4 Lines or Flicky), the hole under "
    "the clearing piece's leftmost cell, as in the TGM versus modes Bloxeed led to",
    'tetris.wiki "Tetris The Absolute The Grand Master 2" (versus like Bloxeed\'s)',
)
VERSUS_GARBAGE_COLOUR = Decision(8, "rows received in versus are grey (colour 8)")
VERSUS_RISE = Decision(
    "next non-clearing lock, all at once, garbage delay",
    "received rows wait and rise together at the receiver's next non-clearing lock, with "
    "the garbage delay, as a meter row would",
)
VERSUS_TOP_OUT = Decision(
    "spawn blocked, or a block pushed above the ceiling",
    "a blocked spawn or a block pushed above the ceiling tops a player out; the other wins "
    "and both games end",
)
VERSUS_POWER_BLOCKS = Decision(True, "power blocks appear in versus too")

# The factory ranking table: (initials, score, lines, level), best first.
FACTORY_RANKINGS: Decision[tuple[tuple[str, int, int, int], ...]] = Decision(
    (("BLX", 10000, 24, 8), ("CAB", 8000, 21, 7), ("JAM", 6000, 18, 6), ("PCB", 5000, 15, 5),
     ("DIP", 4000, 13, 4), ("CRT", 3000, 11, 3), ("RGB", 2500, 9, 3), ("SYN", 2000, 7, 2),
     ("LED", 1500, 5, 1), ("VID", 1000, 3, 1)),
    "the table comes filled, as boards do, with our own initials (3 lines a level): a few "
    "lines' game of a few hundred points does not rank, 24 lines top it (our demo player "
    "scores 24000-49000 in four of five games on factory DIPs)",
)
QUIET_EVENTS = Decision(
    (ev.METER_EMPTY, ev.CHARACTER_MOVE, ev.CHARACTER_FALL, ev.CHARACTER_LAND,
     ev.CHARACTER_GONE),
    "besides the Sega loop's quiet events, the meter emptying and a character's steps, falls, "
    "landing and leaving make no sound (its entrance and its act do): only what a player must "
    "notice sounds",
)


# The table `bloxcab rules bloxeed --json` prints (engine decisions come first).
BLOXEED_DECISIONS: dict[str, Decision[Any]] = {
    "power_priority": POWER_PRIORITY,
    "gravity_difficulty_shift": GRAVITY_DIFFICULTY_SHIFT,
    "high_speed_from_level": HIGH_SPEED_FROM_LEVEL,
    "level_timer": LEVEL_TIMER,
    "garbage_delay_frames": GARBAGE_DELAY_FRAMES,
    "garbage_skip_level": GARBAGE_SKIP_LEVEL,
    "pause_while_character": PAUSE_WHILE_CHARACTER,
    "power_value_bits": POWER_VALUE_BITS,
    "power_thresholds": POWER_THRESHOLDS,
    "power_threshold_growth_percent": POWER_THRESHOLD_GROWTH_PERCENT,
    "power_timer_fires_at": POWER_TIMER_FIRES_AT,
    "zone_weights": ZONE_WEIGHTS,
    "marked_cell": MARKED_CELL,
    "mark_follows_rotation": MARK_FOLLOWS_ROTATION,
    "one_stored_kind": ONE_STORED_KIND,
    "character_wait": CHARACTER_WAIT,
    "character_fall_frames": CHARACTER_FALL_FRAMES,
    "character_width": CHARACTER_WIDTH,
    "character_column": CHARACTER_COLUMN,
    "character_ceiling_row": CHARACTER_CEILING_ROW,
    "character_lever": CHARACTER_LEVER,
    "bomb_size": BOMB_SIZE,
    "t16_crush": T16_CRUSH,
    "flicky_clear_window": FLICKY_CLEAR_WINDOW,
    "flicky_lines_beyond_8": FLICKY_LINES_BEYOND_8,
    "four_lines_rows": FOUR_LINES_ROWS,
    "replay_draws_main_seed": REPLAY_DRAWS_MAIN_SEED,
    "versus_rows_sent": VERSUS_ROWS_SENT,
    "versus_garbage_colour": VERSUS_GARBAGE_COLOUR,
    "versus_rise": VERSUS_RISE,
    "versus_top_out": VERSUS_TOP_OUT,
    "versus_power_blocks": VERSUS_POWER_BLOCKS,
    "factory_rankings": FACTORY_RANKINGS,
    "also_quiet_events": QUIET_EVENTS,
}
