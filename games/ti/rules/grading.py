"""TGM3 Master's internal grade: TAP's Grade Recognition System (points by internal grade,
decay, level multiplier) with the combo table shifted by one line count.

Source: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct" (grading as in TAP, the
combo multiplier of a double being TAP's single column, and so on); NullpoMino's
GradeMania3Mode and cambridge agree on the shift.
"""

from __future__ import annotations

from games.tap.rules.grading import Grades
from games.tap.rules.tables import GRADE_POINTS, LEVEL_MULTIPLIER_STEP, MAX_INTERNAL_GRADE
from games.ti.rules.master import COMBO_TENTHS


def award(internal_grade: int, lines: int, combo: int, level: int) -> int:
    """ceil(base x shifted combo multiplier) x (1 + level // 250); ``level`` before the
    clear, ``combo`` the size of the combo this clear makes."""
    base = GRADE_POINTS[min(internal_grade, MAX_INTERNAL_GRADE)][lines - 1]
    tenths = COMBO_TENTHS[min(max(combo, 1), 10) - 1][lines - 1]
    return -(-base * tenths // 10) * (1 + level // LEVEL_MULTIPLIER_STEP)


class TiGrades(Grades):
    __slots__ = ()

    def on_clear(self, lines: int, level: int) -> bool:
        up = False
        self.points += award(self.grade, lines, self.combo, level)
        if self.points >= 100:
            self.points = 0
            if self.grade < MAX_INTERNAL_GRADE:
                self.grade += 1
                up = True
        if lines >= 2:
            self.combo += 1
        return up
