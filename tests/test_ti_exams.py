"""Qualified grades and exams from sequences of recorded game results: the wiki's rule and
NullpoMino's (tetris.wiki TGM3 page, Exams; NullpoMino GradeMania3Mode)."""

from __future__ import annotations

import pytest

from games.ti.rules.exams import (
    DEMOTION,
    EXAM_CHANCE,
    GM,
    HISTORY,
    MM,
    PROMOTION,
    Account,
    Exam,
    after_game,
    choose_exam,
    demotion_due,
    promotion_target,
)
from games.ti.rules.master import GRADE_NAMES

G = {name: i for i, name in enumerate(GRADE_NAMES)}


def play(account: Account, grades: list[str], rule: str = "wiki") -> Account:
    for name in grades:
        account, outcome = after_game(account, G[name], None, rule)
        assert outcome == ""
    return account


def test_grade_indices_follow_the_names() -> None:
    assert (G["9"], G["S1"], G["S9"], G["m1"], G["M"], G["MM"], G["GM"]) == (
        0, 9, 17, 18, 27, MM, GM)


def test_history_keeps_the_last_seven() -> None:
    account = play(Account("ABC", "x"), ["9", "8", "7", "6", "5", "4", "3", "2", "1"])
    assert [GRADE_NAMES[g] for g in account.history] == ["7", "6", "5", "4", "3", "2", "1"]
    assert account.games == 9 and len(account.history) == HISTORY


def test_no_exam_before_seven_games() -> None:
    account = play(Account("ABC", "x", qualified=G["1"]), ["S9"] * 6)
    assert promotion_target(account) is None
    assert promotion_target(play(account, ["S9"])) == G["S9"]


def test_a_promotion_from_recorded_results() -> None:
    # Class S1; the last 7: S9 S8 S7 S3 S3 S3 S2. The wiki: floor((S8 + S7 + S3) / 3) =
    # floor((16 + 15 + 12) / 3) = 14 = S6. NullpoMino: the 4th best, S3.
    start = Account("ABC", "x", qualified=G["S1"])
    account = play(start, ["S3", "S9", "S2", "S8", "S3", "S7", "S3"])
    assert promotion_target(account, "wiki") == G["S6"]
    assert promotion_target(account, "nullpomino") == G["S3"]
    exam = choose_exam(account, EXAM_CHANCE * 5, "wiki")
    assert exam == Exam(PROMOTION, G["S6"])
    assert choose_exam(account, EXAM_CHANCE * 5 + 1, "wiki") is None  # no exam this game
    failed, outcome = after_game(account, G["S5"], exam)
    assert outcome == "failed" and failed.qualified == G["S1"]
    passed, outcome = after_game(account, G["S6"], exam)
    assert outcome == "passed" and passed.qualified_name == "S6"
    # The exam game joins the history (the oldest S3 drops out): S9 S8 S7 S6 S3 S3 S2,
    # floor((16 + 15 + 14) / 3) = 15 = S7 is the next target; after a failed exam,
    # floor((16 + 15 + 13) / 3) = 14 is still S6.
    assert promotion_target(passed) == G["S7"]
    assert promotion_target(failed) == G["S6"]


def test_gm_is_won_only_from_mastermm_with_four_gm_worthy_games() -> None:
    history = ["GM", "GM", "GM", "GM", "MM", "MM", "MO"]
    below = play(Account("ABC", "x", qualified=G["MO"]), history)
    assert promotion_target(below) == MM  # GM-worthy games before MM count as MM at most
    ready = play(Account("ABC", "x", qualified=MM), history)
    assert promotion_target(ready) == GM
    three = play(Account("ABC", "x", qualified=MM), ["GM", "GM", "GM", "MM", "MM", "MM",
                                                      "MM"])
    assert promotion_target(three) is None
    assert promotion_target(below, "nullpomino") == MM
    assert promotion_target(ready, "nullpomino") == GM


def test_a_demotion_from_recorded_results_wiki() -> None:
    # Class m5 (22): games 6 or more grades below (S8 = 16 or lower) count; the 4th such
    # game since the last demotion exam makes one due.
    account = play(Account("ABC", "x", qualified=G["m5"]), ["m5", "S8", "S7", "m4", "S6"])
    assert not demotion_due(account)
    account = play(account, ["S8"])
    assert demotion_due(account)
    exam = choose_exam(account, 0)
    assert exam == Exam(DEMOTION, G["m5"])
    demoted, outcome = after_game(account, G["S9"], exam)
    assert outcome == "demoted" and demoted.qualified_name == "m4"
    assert not demotion_due(demoted)  # the count starts again after the exam
    kept, outcome = after_game(account, G["m5"], exam)
    assert outcome == "kept" and kept.qualified_name == "m5"


def test_a_demotion_from_recorded_results_nullpomino() -> None:
    # Class m5 (22): each game more than 7 below adds (22 - grade - 7); 30 brings an exam.
    account = play(Account("ABC", "x", qualified=G["m5"]), ["S1"] * 5, "nullpomino")
    assert account.demotion_points == 5 * (22 - 9 - 7) == 30
    assert demotion_due(account, "nullpomino")
    exam = choose_exam(account, 0, "nullpomino")
    assert exam is not None and exam.kind == DEMOTION
    demoted, outcome = after_game(account, G["S1"], exam, "nullpomino")
    assert outcome == "demoted" and demoted.qualified == G["m4"]
    assert demoted.demotion_points == 0


@pytest.mark.parametrize(("rule", "qualified", "grades"), [
    ("wiki", "S5", ["9", "9", "9", "9", "GM", "GM", "GM"]),
    ("nullpomino", "m9", ["9", "9", "9", "GM", "GM", "GM", "GM"]),
])
def test_a_promotion_comes_before_a_demotion(rule: str, qualified: str,
                                             grades: list[str]) -> None:
    account = play(Account("ABC", "x", qualified=G[qualified]), grades, rule)
    assert demotion_due(account, rule) and promotion_target(account, rule) is not None
    exam = choose_exam(account, 0, rule)
    assert exam is not None and exam.kind == PROMOTION
