"""What a frame produced, for the screen, the speaker, the bookkeeping and the save data."""

from __future__ import annotations

from dataclasses import dataclass

SPAWN = "spawn"
MOVE = "move"
ROTATE = "rotate"
LAND = "land"
LOCK = "lock"
LINE_CLEAR = "line_clear"  # value: number of lines
ALL_CLEAR = "all_clear"
LEVEL_UP = "level_up"  # value: the new level
GAME_OVER = "game_over"

# Kinds a cartridge adds on the Sega loop: garbage meter, power blocks, characters, versus.
METER_LAMP = "meter_lamp"  # value: lamps lit (1..5); 5 = full
METER_EMPTY = "meter_empty"  # the garbage meter emptied (row risen, skipped or cancelled)
GARBAGE_RISE = "garbage_rise"  # value: rows that rose from the bottom
POWER_BLOCK = "power_block"  # a power block was chosen for the next piece; value: its kind
POWER_ACTIVATE = "power_activate"  # value: the activated power block's kind
CHARACTER_ENTER = "character_enter"  # value: kind; it leaves the ceiling and starts to fall
CHARACTER_MOVE = "character_move"  # value: -1 left, +1 right
CHARACTER_FALL = "character_fall"  # value: its new row (0-based, hitbox bottom)
CHARACTER_LAND = "character_land"  # value: kind
CHARACTER_ACT = "character_act"  # value: kind (16t crush, Bomb blast, Flicky drop, shot)
CHARACTER_GONE = "character_gone"  # value: kind; it has acted or disappeared
VERSUS_ATTACK = "versus_attack"  # value: rows sent to the opponent
VERSUS_WIN = "versus_win"  # player: the winner (the other one topped out)


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    player: int = 0
    value: int = 0
