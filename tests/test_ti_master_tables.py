"""TGM3 Master tables (tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct";
NullpoMino's GradeMania3Mode for the speed-level delays with line clear 6 from 1000)."""

from __future__ import annotations

import pytest

from games.arika import grading
from games.ti.rules import master as m


@pytest.mark.parametrize(("speed", "row"), [
    (0, (25, 25, 14, 30, 40)), (499, (25, 25, 14, 30, 40)), (500, (25, 25, 8, 30, 25)),
    (600, (25, 16, 8, 30, 16)), (700, (16, 12, 8, 30, 12)), (800, (12, 6, 8, 30, 6)),
    (900, (12, 6, 6, 17, 6)), (1000, (6, 6, 6, 17, 6)), (1099, (6, 6, 6, 17, 6)),
    (1100, (5, 5, 6, 15, 6)), (1200, (4, 4, 6, 15, 6)), (1700, (4, 4, 6, 15, 6)),
])
def test_delays_by_speed_level(speed: int, row: tuple[int, ...]) -> None:
    t = m.timing_at(speed)
    assert (t.are, t.line_are, t.das, t.lock, t.line_clear) == row


def test_line_clear_stays_six_from_1100_on() -> None:
    # The correction: not cambridge's 5 and 4.
    assert {m.timing_at(s).line_clear for s in range(1000, 1800, 50)} == {6}


def test_speed_level_and_gravity_cap() -> None:
    assert m.SPEED_PER_COOL == 100
    assert m.gravity_level(1250) == 999 and m.gravity_level(420) == 420


@pytest.mark.parametrize(("section", "limit"), list(enumerate((52, 52, 49, 45, 45, 42, 42,
                                                               38, 38))))
def test_cool_limits(section: int, limit: int) -> None:
    frames = limit * 60
    assert m.cool(section, frames - 1, None, False)
    assert not m.cool(section, frames, None, False)


def test_no_cool_in_the_last_section() -> None:
    assert not m.cool(9, 1, None, False)


def test_after_a_cool_the_previous_time_plus_two_seconds_rules() -> None:
    prev = 40 * 60
    # The wiki's rule: over the table (49 s for section 2) but within prev + 2 s: COOL.
    assert not m.cool(2, 50 * 60, prev, True)
    assert m.cool(2, prev + 120, prev, True)
    assert not m.cool(2, prev + 121, prev, True)
    # Previous section missed: the table alone.
    assert m.cool(2, 48 * 60, prev, False)
    # The NullpoMino / cambridge switch also requires the table.
    prev = 50 * 60
    assert m.cool(2, 50 * 60, prev, True)
    assert not m.cool(2, 50 * 60, prev, True, require_baseline=True)


@pytest.mark.parametrize(("section", "limit"), list(enumerate((90, 75, 75, 68, 60, 60, 50,
                                                               50, 50, 50))))
def test_regret_limits(section: int, limit: int) -> None:
    assert not m.regret(section, limit * 60)
    assert m.regret(section, limit * 60 + 1)


def test_regret_overrides_cool() -> None:
    assert m.section_steps(True, False) == 1
    assert m.section_steps(True, True) == -1
    assert m.section_steps(False, True) == -1
    assert m.section_steps(False, False) == 0


def test_roll_points() -> None:
    assert [m.roll_points(n, False) for n in range(5)] == [0, 4, 8, 12, 26]
    assert [m.roll_points(n, True) for n in range(5)] == [0, 10, 20, 30, 100]
    assert (m.FADING_ROLL_SURVIVED, m.INVISIBLE_ROLL_SURVIVED) == (50, 160)
    assert m.ROLL_FRAMES == 3238


def test_invisible_roll_needs_nine_cools_and_grade_27() -> None:
    assert m.invisible_roll(9, 27)
    assert not m.invisible_roll(8, 31)
    assert not m.invisible_roll(9, 26)


def test_combo_table_shifts_one_line_count() -> None:
    for row, tgm2 in zip(m.COMBO_TENTHS, grading.COMBO_TENTHS, strict=True):
        assert row == (10, tgm2[0], tgm2[1], tgm2[2])


def test_a_shifted_double_scores_as_a_tgm2_single() -> None:
    # Internal grade 3, combo 4, level 0: TGM2's single x1.4 on 15 points -> 21.
    g = grading.Grades(m.COMBO_TENTHS)
    g.grade, g.combo = 3, 4
    g.on_clear(2, 0)
    assert g.points == 21
    assert grading.award(3, 1, 4, 0, m.COMBO_TENTHS) == 10  # a single stays x1


def test_internal_boost_is_the_wiki_table() -> None:
    # tetris.wiki TGM3 page, internal grade boost by internal grade 0..31.
    wiki = (0, 1, 2, 3, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 11, 12, 12, 12, 13, 13,
            14, 14, 15, 15, 16, 16, 17)
    assert wiki == m.INTERNAL_BOOST


def test_grade_names_and_boost() -> None:
    assert m.GRADE_NAMES[0] == "9" and m.GRADE_NAMES[17] == "S9"
    assert m.GRADE_NAMES[18] == "m1" and m.GRADE_NAMES[27:] == ("M", "MK", "MV", "MO", "MM",
                                                                "GM")
    assert m.INTERNAL_BOOST[31] == 17 and m.INTERNAL_BOOST[0] == 0
    assert list(m.INTERNAL_BOOST) == sorted(m.INTERNAL_BOOST)


def test_final_grade() -> None:
    # S9 (17) from the internal grade, 9 COOLs, 3 Tetrises + survival (4.6): 30 = MO.
    assert m.final_grade(31, 9, 460).name == "MO"
    # Four Tetrises (5.6): 31 = MM; one more step is GM only for a qualified GM.
    assert m.final_grade(31, 9, 560).name == "MM"
    assert m.final_grade(31, 9, 660).name == "MM"
    assert m.final_grade(31, 9, 660, qualified_gm=True).name == "GM"
    assert m.final_grade(27, 9, 160).name == "m8"  # S7 (15) + 9 + 1 = 25
    assert m.final_grade(0, -3, 0).name == "9"
    # Internal 15 is TAP's S1 (9); two COOLs: S3; a whole roll grade more: S4.
    assert m.final_grade(15, 2, 99).name == "S3"
    assert m.final_grade(15, 2, 100).name == "S4"


def test_torikan() -> None:
    assert (m.TORIKAN_LEVEL, m.TORIKAN_FRAMES) == (500, 25200)
