"""The garbage meter (5 lamps filling with time) and the 32-row garbage pattern."""

from __future__ import annotations

from games.bloxeed.rules.tables import (
    BOTTOM_LAMP_FACTOR,
    GARBAGE_PATTERN,
    METER_LAMPS,
    frames_per_lamp,
    garbage_cells,
)
from games.sega.tables import LEVEL_CAP

# Frames per lamp by level, looked up every frame.
_LAMP_FRAMES: tuple[int, ...] = tuple(frames_per_lamp(lv) for lv in range(LEVEL_CAP + 1))
# The pattern rows as cell values, built once.
_PATTERN_CELLS: tuple[tuple[int, ...], ...] = tuple(
    tuple(garbage_cells(p)) for p in range(len(GARBAGE_PATTERN))
)


class GarbageMeter:
    """``lamps`` lit (0..5) and ``frames`` into the lamp now filling; ``position`` is the
    next pattern row (0..31) and ``risen`` the rows risen so far."""

    __slots__ = ("frames", "lamps", "position", "risen")

    def __init__(self) -> None:
        self.lamps = 0
        self.frames = 0
        self.position = 0
        self.risen = 0

    @property
    def full(self) -> bool:
        return self.lamps == METER_LAMPS

    def tick(self, level: int) -> bool:
        """Fill one frame; True when a lamp lit this frame."""
        if self.lamps == METER_LAMPS:
            return False
        self.frames += 1
        n = _LAMP_FRAMES[level]
        if self.frames >= (n * BOTTOM_LAMP_FACTOR if self.lamps == 0 else n):
            self.lamps += 1
            self.frames = 0
            return True
        return False

    def empty(self) -> None:
        self.lamps = 0
        self.frames = 0

    def next_row(self) -> list[int]:
        """The next pattern row's cells; the pattern loops every 32 rows."""
        cells = list(_PATTERN_CELLS[self.position])
        self.position = (self.position + 1) % len(_PATTERN_CELLS)
        self.risen += 1
        return cells

    def state(self) -> tuple[int, int, int, int]:
        return (self.lamps, self.frames, self.position, self.risen)

    def restore(self, state: tuple[int, ...]) -> None:
        self.lamps, self.frames, self.position, self.risen = state
