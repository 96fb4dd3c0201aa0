"""TGM3 Master's tables and section judging: speed level, delays by speed level, COOL and
REGRET limits, the shifted combo table, the internal grade's boost, staff-roll points, the
invisible-roll qualification and the final grade.

Sources: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct" (COOL at x70 against a
per-section time, or the previous section's x70 time + 2 s after a COOL; REGRET section
limits; a REGRET overrides that section's COOL; +100 speed level per COOL; roll points;
all 9 COOLs and internal grade 27 for the invisible roll; grade names); the speed-level
delay table agrees in NullpoMino's GradeMania3Mode after its frame offsets (line clear 6
from speed level 1000 on). Internal frames as in the Arika kit: the wiki's observed ARE,
line ARE and DAS are 2 more.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.arika import grading
from games.arika.timing import DelayRow, Timing

SECOND = 60  # the game clock counts 60 a second
# Levels a clear of 0..4 lines adds: a triple 4, a Tetris 6 (tetris.wiki TGM3 page, level
# advance in Master and Shirase).
CLEAR_LEVELS: tuple[int, ...] = (0, 1, 2, 4, 6)
SPEED_PER_COOL = 100

# The internal grade is TGM2's (games/arika/grading.py) but for the combo multipliers,
# shifted one line count (tetris.wiki TGM3 page; NullpoMino's GradeMania3Mode and cambridge
# agree): singles always x1, doubles take TGM2's single column, triples its double column,
# Tetrises its triple column.
COMBO_TENTHS: grading.ComboTable = tuple(
    (10, row[0], row[1], row[2]) for row in grading.COMBO_TENTHS)
# Grade steps each internal grade is worth: TGM2's displayed grade on the 9 .. S9 ladder.
INTERNAL_BOOST: tuple[int, ...] = grading.GRADE_STEPS

# Delays by speed level (internal frames): from_level, ARE, line ARE, DAS, lock, clear.
SPEED_DELAYS: tuple[DelayRow, ...] = (
    DelayRow(0, 25, 25, 14, 30, 40),
    DelayRow(500, 25, 25, 8, 30, 25),
    DelayRow(600, 25, 16, 8, 30, 16),
    DelayRow(700, 16, 12, 8, 30, 12),
    DelayRow(800, 12, 6, 8, 30, 6),
    DelayRow(900, 12, 6, 6, 17, 6),
    DelayRow(1000, 6, 6, 6, 17, 6),
    DelayRow(1100, 5, 5, 6, 15, 6),
    DelayRow(1200, 4, 4, 6, 15, 6),
)

# x00 -> x70 time limits (seconds) for the COOL, sections 0-8 (none in 900-999).
COOL_LIMITS_S: tuple[int, ...] = (52, 52, 49, 45, 45, 42, 42, 38, 38)
COOL_MARGIN_S = 2  # after a COOL: the x70 time may be up to the previous one + 2 s
COOL_LEVEL = 70  # the COOL is judged at level x70
# Full-section REGRET limits (seconds), sections 0-9.
REGRET_LIMITS_S: tuple[int, ...] = (90, 75, 75, 68, 60, 60, 50, 50, 50, 50)
SECTIONS = 10
TORIKAN_LEVEL = 500
TORIKAN_FRAMES = 7 * 60 * SECOND  # 7:00.00

# Roll points in hundredths of a grade, by lines 1-4, and for surviving the roll.
FADING_ROLL_POINTS: tuple[int, ...] = (4, 8, 12, 26)
FADING_ROLL_SURVIVED = 50
INVISIBLE_ROLL_POINTS: tuple[int, ...] = (10, 20, 30, 100)
INVISIBLE_ROLL_SURVIVED = 160
ROLL_POINTS_PER_GRADE = 100
ROLL_FRAMES = 3238
INVISIBLE_COOLS = 9
INVISIBLE_INTERNAL_GRADE = 27

# Grade names of the final grade, lowest first.
GRADE_NAMES: tuple[str, ...] = (
    "9", "8", "7", "6", "5", "4", "3", "2", "1",
    *(f"S{n}" for n in range(1, 10)), *(f"m{n}" for n in range(1, 10)),
    "M", "MK", "MV", "MO", "MM", "GM",
)
GM = len(GRADE_NAMES) - 1


def timing_at(speed_level: int) -> Timing:
    row = SPEED_DELAYS[0]
    for r in SPEED_DELAYS:
        if r.from_level <= speed_level:
            row = r
    return Timing(row.are, row.line_are, row.das, row.lock, row.line_clear)


def gravity_level(speed_level: int) -> int:
    """The TGM2 Master gravity row to read: speed levels past 999 stay at 20G (999)."""
    return min(speed_level, 999)


def cool(section: int, x70_frames: int, previous_x70: int | None, previous_cool: bool,
         require_baseline: bool = False) -> bool:
    """Is section ``section``'s x00 -> x70 time a COOL? After a COOL section the wiki's
    rule compares with that section's x70 time + 2 s only; otherwise with the table.
    ``require_baseline`` (NullpoMino and cambridge) checks the table always."""
    if section >= len(COOL_LIMITS_S):
        return False
    under_table = x70_frames < COOL_LIMITS_S[section] * SECOND
    if previous_cool and previous_x70 is not None:
        near = x70_frames <= previous_x70 + COOL_MARGIN_S * SECOND
        return near and (under_table or not require_baseline)
    return under_table


def regret(section: int, section_frames: int) -> bool:
    return section_frames > REGRET_LIMITS_S[section] * SECOND


def section_steps(cool_won: bool, regret_taken: bool) -> int:
    """Grade steps a finished section gives: +1 for a COOL, -1 for a REGRET (overriding)."""
    return -1 if regret_taken else int(cool_won)


def roll_points(lines: int, invisible: bool) -> int:
    table = INVISIBLE_ROLL_POINTS if invisible else FADING_ROLL_POINTS
    return table[lines - 1] if 1 <= lines <= 4 else 0


def invisible_roll(cools: int, internal_grade: int) -> bool:
    return cools >= INVISIBLE_COOLS and internal_grade >= INVISIBLE_INTERNAL_GRADE


@dataclass(frozen=True)
class FinalGrade:
    index: int

    @property
    def name(self) -> str:
        return GRADE_NAMES[self.index]


def final_grade(internal_grade: int, section_steps_total: int, roll_points_total: int,
                qualified_gm: bool = False) -> FinalGrade:
    """Internal-grade boost + COOLs - REGRETs + whole roll grades; GM only for a player
    whose qualified class is already GM (else capped at MM)."""
    boost = INTERNAL_BOOST[min(internal_grade, len(INTERNAL_BOOST) - 1)]
    steps = boost + section_steps_total + roll_points_total // ROLL_POINTS_PER_GRADE
    top = GM if qualified_gm else GM - 1
    return FinalGrade(max(0, min(steps, top)))
