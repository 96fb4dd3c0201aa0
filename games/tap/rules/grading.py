"""TAP Master's Grade Recognition System: internal grade 0-31, grade points 0-99, decay
while a piece is in play without a combo, and combo multipliers.

Source: TetrisConcept wiki / tetris.wiki, "Tetris The Absolute The Grand Master 2",
Grade Recognition System (formula, tables and worked example).
"""

from __future__ import annotations

from games.tap.rules.tables import (
    COMBO_TENTHS,
    DECAY_FRAMES,
    GRADE_NAMES,
    GRADE_POINTS,
    LEVEL_MULTIPLIER_STEP,
    MAX_INTERNAL_GRADE,
    POINTS_PER_GRADE,
)


def award(internal_grade: int, lines: int, combo: int, level: int) -> int:
    """Grade points for a clear of ``lines`` lines: ceil(base x combo multiplier) x
    (1 + level // 250). ``level`` is the level before the clear adds its lines; ``combo``
    the size of the combo this clear makes (1 for a first clear)."""
    base = GRADE_POINTS[min(internal_grade, MAX_INTERNAL_GRADE)][lines - 1]
    tenths = COMBO_TENTHS[min(max(combo, 1), 10) - 1][lines - 1]
    scaled = -(-base * tenths // 10)  # ceil, in integers
    return scaled * (1 + level // LEVEL_MULTIPLIER_STEP)


def grade_name(internal_grade: int) -> str:
    return GRADE_NAMES[min(internal_grade, MAX_INTERNAL_GRADE)]


class Grades:
    """``combo`` counts the clears in a row: it starts at 1, a double or more raises it
    after it is scored, a single keeps it, a piece that clears nothing resets it."""

    __slots__ = ("combo", "decay", "grade", "points")

    def __init__(self) -> None:
        self.grade = 0
        self.points = 0
        self.combo = 1
        self.decay = 0

    def on_clear(self, lines: int, level: int) -> bool:
        """Score a clear; True if the internal grade went up."""
        up = False
        self.points += award(self.grade, lines, self.combo, level)
        if self.points >= POINTS_PER_GRADE:
            self.points = 0
            if self.grade < MAX_INTERNAL_GRADE:
                self.grade += 1
                up = True
        if lines >= 2:
            self.combo += 1
        return up

    def on_no_clear(self) -> None:
        self.combo = 1

    def tick(self) -> None:
        """A frame with a piece in play: points drain while no combo is running."""
        if self.points > 0 and self.combo == 1:
            self.decay += 1
            if self.decay >= DECAY_FRAMES[self.grade]:
                self.decay = 0
                self.points -= 1

    @property
    def name(self) -> str:
        return grade_name(self.grade)

    def state(self) -> tuple[int, int, int, int]:
        return (self.grade, self.points, self.combo, self.decay)

    def restore(self, state: tuple[int, ...]) -> None:
        self.grade, self.points, self.combo, self.decay = state
