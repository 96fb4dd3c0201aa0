"""TAP Master's M-roll (invisible roll) qualification, checked as each section ends.

Source: tetris.wiki, "Tetris The Absolute The Grand Master 2" (credit roll / M-roll
conditions); section 5's limit is the average of sections 0-4 plus 2 s as in NullpoMino
and TGMsim (the older wiki text said section 4 plus 2 s; cambridge has no margin).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.tap.rules.tables import (
    MROLL_EARLY_SECTION_LIMIT,
    MROLL_GRADE,
    MROLL_MARGIN,
    MROLL_TETRISES,
    MROLL_TOTAL_LIMIT,
)


def section_ok(section: int, times: Sequence[int], tetrises: int) -> bool:
    """Whether section ``section`` (0-9) keeps the M-roll open; ``times`` holds the
    section times up to and including this one (frames)."""
    if tetrises < MROLL_TETRISES[section]:
        return False
    t = times[section]
    if section < 5:
        return t <= MROLL_EARLY_SECTION_LIMIT
    if section == 5:
        # t <= average(sections 0-4) + 2 s, kept in integers.
        return 5 * t <= sum(times[:5]) + 5 * MROLL_MARGIN
    return t <= times[section - 1] + MROLL_MARGIN


def final_ok(internal_grade: int, total_frames: int) -> bool:
    """At level 999: S9 (internal grade 31) within 8:45.00."""
    return internal_grade >= MROLL_GRADE and total_frames <= MROLL_TOTAL_LIMIT
