"""TGM3 Master's internal grade: TAP's Grade Recognition System (points by internal grade,
decay while no combo runs, level multiplier) with the combo table shifted by one line
count.

Source: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct" (grading as in TAP, a
double taking TAP's single column, and so on); NullpoMino's GradeMania3Mode and cambridge
agree on the shift.
"""

from __future__ import annotations

from games.ti.rules.tables import (
    DECAY_FRAMES,
    GRADE_POINTS,
    LEVEL_MULTIPLIER_STEP,
    MAX_INTERNAL_GRADE,
    POINTS_PER_GRADE,
    TAP_COMBO_TENTHS,
)

# Singles always x1; doubles take TAP's single column, triples its double column,
# Tetrises its triple column.
COMBO_TENTHS: tuple[tuple[int, int, int, int], ...] = tuple(
    (10, row[0], row[1], row[2]) for row in TAP_COMBO_TENTHS)


def award(internal_grade: int, lines: int, combo: int, level: int) -> int:
    """ceil(base x shifted combo multiplier) x (1 + level // 250); ``level`` before the
    clear, ``combo`` the size of the combo this clear makes (1 for a first clear)."""
    base = GRADE_POINTS[min(internal_grade, MAX_INTERNAL_GRADE)][lines - 1]
    tenths = COMBO_TENTHS[min(max(combo, 1), 10) - 1][lines - 1]
    return -(-base * tenths // 10) * (1 + level // LEVEL_MULTIPLIER_STEP)


class TiGrades:
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

    def state(self) -> tuple[int, int, int, int]:
        return (self.grade, self.points, self.combo, self.decay)

    def restore(self, state: tuple[int, ...]) -> None:
        self.grade, self.points, self.combo, self.decay = state
