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


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    player: int = 0
    value: int = 0
