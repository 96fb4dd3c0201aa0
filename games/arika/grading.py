"""The Grade Recognition System of the Arika Master modes: an internal grade 0-31, grade
points 0-99 awarded by clear size, internal grade and combo, decay while a piece is in play
without a combo, and the displayed grade of each internal grade.

TGM2 Master grades this way with the combo table below; TGM3 Master keeps every table but
the combo one, which it shifts by one line count, so the table is a parameter.

Sources: TetrisConcept wiki / tetris.wiki, "Tetris The Absolute The Grand Master 2", Grade
Recognition System (formula, tables and worked example); tetris.wiki, "Tetris: The Grand
Master 3 Terror-Instinct" (the internal grade works as in TGM2; the internal-grade boost,
+17 at internal grade 31, is TGM2's displayed grade counted on the 9 .. S9 ladder).
"""

from __future__ import annotations

ComboTable = tuple[tuple[int, int, int, int], ...]

# Points by internal grade 0..31 (rows) for single, double, triple, Tetris (columns).
GRADE_POINTS: tuple[tuple[int, int, int, int], ...] = (
    (10, 20, 40, 50),
    (10, 20, 30, 40),
    (10, 20, 30, 40),
    (10, 15, 30, 40),
    (10, 15, 20, 40),
    (5, 15, 20, 30),
    (5, 10, 20, 30),
    (5, 10, 15, 30),
    (5, 10, 15, 30),
    (5, 10, 15, 30),
    *((2, 12, 13, 30),) * 22,
)
# Frames a grade point lasts while no combo runs, by internal grade.
DECAY_FRAMES: tuple[int, ...] = (
    125, 80, 80, 50, 45, 45, 45, 40, 40, 40, 40, 40, 30, 30, 30,
    20, 20, 20, 20, 20, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 10, 10,
)
# Displayed grade of each internal grade.
GRADE_NAMES: tuple[str, ...] = (
    "9", "8", "7", "6", "5", "4", "4", "3", "3", "2", "2", "2", "1", "1", "1",
    "S1", "S1", "S1", "S2", "S3", "S4", "S4", "S4", "S5", "S5", "S6", "S6", "S7", "S7",
    "S8", "S8", "S9",
)
# The displayed grades, lowest first.
GRADE_LADDER: tuple[str, ...] = (
    "9", "8", "7", "6", "5", "4", "3", "2", "1", *(f"S{n}" for n in range(1, 10)))
# Grade steps each internal grade is worth: its displayed grade's place on the ladder.
GRADE_STEPS: tuple[int, ...] = tuple(GRADE_LADDER.index(name) for name in GRADE_NAMES)
MAX_INTERNAL_GRADE = 31
POINTS_PER_GRADE = 100
# Combo multipliers in tenths, by combo size 1..10 (rows) and single..Tetris (columns).
COMBO_TENTHS: ComboTable = (
    (10, 10, 10, 10),
    (12, 14, 15, 10),
    (12, 15, 18, 10),
    (14, 16, 20, 10),
    (14, 17, 22, 10),
    (14, 18, 23, 10),
    (14, 19, 24, 10),
    (15, 20, 25, 10),
    (15, 21, 26, 10),
    (20, 25, 30, 10),
)
LEVEL_MULTIPLIER_STEP = 250  # points x (1 + level // 250)


def award(internal_grade: int, lines: int, combo: int, level: int,
          combo_tenths: ComboTable = COMBO_TENTHS) -> int:
    """Grade points for a clear of ``lines`` lines: ceil(base x combo multiplier) x
    (1 + level // 250). ``level`` is the level before the clear adds its lines; ``combo``
    the size of the combo this clear makes (1 for a first clear)."""
    base = GRADE_POINTS[min(internal_grade, MAX_INTERNAL_GRADE)][lines - 1]
    tenths = combo_tenths[min(max(combo, 1), len(combo_tenths)) - 1][lines - 1]
    scaled = -(-base * tenths // 10)  # ceil, in integers
    return scaled * (1 + level // LEVEL_MULTIPLIER_STEP)


def grade_name(internal_grade: int) -> str:
    return GRADE_NAMES[min(internal_grade, MAX_INTERNAL_GRADE)]


class Grades:
    """``combo`` counts the clears in a row: it starts at 1, a double or more raises it
    after it is scored, a single keeps it, a piece that clears nothing resets it.
    ``combo_tenths``: the mode's combo multipliers (rows by combo size, 1 first)."""

    __slots__ = ("combo", "combo_tenths", "decay", "grade", "points")

    def __init__(self, combo_tenths: ComboTable = COMBO_TENTHS) -> None:
        self.combo_tenths = combo_tenths
        self.grade = 0
        self.points = 0
        self.combo = 1
        self.decay = 0

    def on_clear(self, lines: int, level: int) -> bool:
        """Score a clear; True if the internal grade went up."""
        up = False
        self.points += award(self.grade, lines, self.combo, level, self.combo_tenths)
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
