"""TAP Master's Grade Recognition System: every number of its tables (TetrisConcept wiki /
tetris.wiki, "Tetris The Absolute The Grand Master 2", Grade Recognition System)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from games.arika.grading import Grades, award, grade_name

# Typed from the wiki: internal grade -> (shown grade, decay frames, single, double,
# triple, tetris points).
WIKI_GRS = {
    0: ("9", 125, 10, 20, 40, 50), 1: ("8", 80, 10, 20, 30, 40), 2: ("7", 80, 10, 20, 30, 40),
    3: ("6", 50, 10, 15, 30, 40), 4: ("5", 45, 10, 15, 20, 40), 5: ("4", 45, 5, 15, 20, 30),
    6: ("4", 45, 5, 10, 20, 30), 7: ("3", 40, 5, 10, 15, 30), 8: ("3", 40, 5, 10, 15, 30),
    9: ("2", 40, 5, 10, 15, 30), 10: ("2", 40, 2, 12, 13, 30), 11: ("2", 40, 2, 12, 13, 30),
    12: ("1", 30, 2, 12, 13, 30), 13: ("1", 30, 2, 12, 13, 30), 14: ("1", 30, 2, 12, 13, 30),
    15: ("S1", 20, 2, 12, 13, 30), 16: ("S1", 20, 2, 12, 13, 30),
    17: ("S1", 20, 2, 12, 13, 30), 18: ("S2", 20, 2, 12, 13, 30),
    19: ("S3", 20, 2, 12, 13, 30), 20: ("S4", 15, 2, 12, 13, 30),
    21: ("S4", 15, 2, 12, 13, 30), 22: ("S4", 15, 2, 12, 13, 30),
    23: ("S5", 15, 2, 12, 13, 30), 24: ("S5", 15, 2, 12, 13, 30),
    25: ("S6", 15, 2, 12, 13, 30), 26: ("S6", 15, 2, 12, 13, 30),
    27: ("S7", 15, 2, 12, 13, 30), 28: ("S7", 15, 2, 12, 13, 30),
    29: ("S8", 15, 2, 12, 13, 30), 30: ("S8", 10, 2, 12, 13, 30),
    31: ("S9", 10, 2, 12, 13, 30),
}
# Combo size -> multipliers for single, double, triple, tetris.
WIKI_COMBO = {
    1: ("1.0", "1.0", "1.0", "1.0"), 2: ("1.2", "1.4", "1.5", "1.0"),
    3: ("1.2", "1.5", "1.8", "1.0"), 4: ("1.4", "1.6", "2.0", "1.0"),
    5: ("1.4", "1.7", "2.2", "1.0"), 6: ("1.4", "1.8", "2.3", "1.0"),
    7: ("1.4", "1.9", "2.4", "1.0"), 8: ("1.5", "2.0", "2.5", "1.0"),
    9: ("1.5", "2.1", "2.6", "1.0"), 10: ("2.0", "2.5", "3.0", "1.0"),
}


@pytest.mark.parametrize("grade", range(32))
def test_base_points_and_names(grade: int) -> None:
    name, _, *points = WIKI_GRS[grade]
    assert grade_name(grade) == name
    for lines, expected in enumerate(points, start=1):
        assert award(grade, lines, 1, 0) == expected


@pytest.mark.parametrize("combo", range(1, 11))
def test_combo_multipliers_round_up(combo: int) -> None:
    for grade in (0, 3, 7, 12):
        _, _, *points = WIKI_GRS[grade]
        for lines in range(1, 5):
            mult = Fraction(WIKI_COMBO[combo][lines - 1])
            assert award(grade, lines, combo, 0) == math.ceil(points[lines - 1] * mult)


def test_combo_beyond_10_uses_10() -> None:
    assert award(12, 2, 15, 0) == award(12, 2, 10, 0) == 30


@pytest.mark.parametrize(("level", "mult"), [
    (0, 1), (249, 1), (250, 2), (499, 2), (500, 3), (749, 3), (750, 4), (999, 4)])
def test_level_multiplier(level: int, mult: int) -> None:
    assert award(0, 4, 1, level) == 50 * mult


def test_wiki_worked_example() -> None:
    # Level 555, grade 1 (internal 12): two doubles in a combo give 36 then 51.
    assert award(12, 2, 1, 555) == 36
    assert award(12, 2, 2, 557) == 51


@pytest.mark.parametrize("grade", range(32))
def test_decay_rate(grade: int) -> None:
    g = Grades()
    g.grade, g.points = grade, 50
    rate = WIKI_GRS[grade][1]
    for _ in range(rate - 1):
        g.tick()
    assert g.points == 50
    g.tick()
    assert g.points == 49
    for _ in range(rate):
        g.tick()
    assert g.points == 48


def test_no_decay_during_a_combo_or_at_zero() -> None:
    g = Grades()
    g.points, g.combo = 30, 2
    for _ in range(500):
        g.tick()
    assert g.points == 30
    g.points, g.combo = 0, 1
    for _ in range(500):
        g.tick()
    assert g.points == 0


def test_combo_counting() -> None:
    g = Grades()
    g.on_clear(1, 0)
    assert g.combo == 1  # a single keeps it
    g.on_clear(2, 0)
    assert g.combo == 2  # a double raises it after being scored at combo 1
    g.on_clear(1, 0)
    assert g.combo == 2
    g.on_no_clear()
    assert g.combo == 1


def test_grade_up_at_100_drops_the_excess() -> None:
    g = Grades()
    g.points = 90
    assert g.on_clear(4, 0)  # +50
    assert (g.grade, g.points) == (1, 0)
    g.grade, g.points = 31, 99
    assert not g.on_clear(4, 999)
    assert (g.grade, g.points) == (31, 0)


def test_decay_only_while_a_piece_is_in_play() -> None:
    from games.arika.player import ACTIVE, ArikaPlayer
    from games.tap.rules import MASTER, rules_for
    from games.tap.rules.referees import MasterReferee
    from tests.arika_kit import Script, step

    p = ArikaPlayer(0, rules_for(MASTER), 0, pieces=Script("OOOO"))
    ref = p.referee
    assert isinstance(ref, MasterReferee)
    ref.grades.points = 10
    active = 0
    for _ in range(700):
        step(p)
        active += p.phase == ACTIVE
    assert active > 250
    assert ref.grades.points == 10 - active // 125
