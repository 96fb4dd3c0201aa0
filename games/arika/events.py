"""Event kinds of the Arika player loop beyond the common ones in engine.events."""

from __future__ import annotations

IRS = "irs"  # value: the state the piece spawned in (1 = R, 3 = L)
SONIC_DROP = "sonic_drop"  # value: rows dropped
MANUAL_LOCK = "manual_lock"
SECTION = "section"  # value: the section just finished (0 = levels 0-99)
GRADE_UP = "grade_up"  # value: the new internal grade
ROLL_START = "roll_start"  # value: the roll kind (1 plain, 2 fading, 3 invisible)
ROLL_END = "roll_end"  # value: 1 survived, 0 topped out during it
GARBAGE_RISE = "garbage_rise"  # value: rows that rose from the bottom
ITEM = "item"  # value: the item that fired
GOAL = "goal"  # value: the level the game ended at (reached the goal or the torikan)
TORIKAN = "torikan"  # value: the level the game was stopped at
