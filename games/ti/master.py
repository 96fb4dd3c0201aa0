"""The Master mode's entry for games/ti/modes.py: its rules, player, settings and tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.arika import grading
from games.arika.player import ArikaPlayer
from games.ti.modes import TiMode
from games.ti.rules import master
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.exams import PROMOTION, Account, Exam
from games.ti.rules.master import GM
from games.ti.rules.master_game import (
    MASTER,
    TiMasterReferee,
    master_rules,
    new_master_player,
)

CHOICES: dict[str, tuple[str, ...]] = {"cool_rule": ("wiki", "baseline"),
                                       "exam_rule": ("wiki", "nullpomino"),
                                       "grade_in_play": ("hidden", "shown")}
SETTINGS: dict[str, Any] = {name: TI_DECISIONS[name].value for name in CHOICES}


def _check(name: str, value: Any) -> str | None:
    if value not in CHOICES[name]:
        return f"{name} must be one of {', '.join(CHOICES[name])}, not {value!r}"
    return None


def _player(index: int, settings: Mapping[str, Any], seed: int) -> ArikaPlayer:
    baseline = settings.get("cool_rule", SETTINGS["cool_rule"]) == "baseline"
    return new_master_player(index, master_rules(), seed, require_baseline=baseline)


def _document() -> dict[str, object]:
    return {
        "speed_delays": [r.to_dict() for r in master.SPEED_DELAYS],
        "speed_per_cool": master.SPEED_PER_COOL,
        "cool": {"level": master.COOL_LEVEL, "limits_s": list(master.COOL_LIMITS_S),
                 "margin_s": master.COOL_MARGIN_S},
        "regret_limits_s": list(master.REGRET_LIMITS_S),
        "torikan": {"level": master.TORIKAN_LEVEL, "frames": master.TORIKAN_FRAMES},
        "grades": {
            "points": [list(r) for r in grading.GRADE_POINTS],
            "decay_frames": list(grading.DECAY_FRAMES),
            "combo_tenths": [list(r) for r in master.COMBO_TENTHS],
            "level_multiplier_step": grading.LEVEL_MULTIPLIER_STEP,
            "internal_boost": list(master.INTERNAL_BOOST),
            "names": list(master.GRADE_NAMES),
        },
        "roll": {
            "frames": master.ROLL_FRAMES,
            "fading_points": list(master.FADING_ROLL_POINTS),
            "fading_survived": master.FADING_ROLL_SURVIVED,
            "invisible_points": list(master.INVISIBLE_ROLL_POINTS),
            "invisible_survived": master.INVISIBLE_ROLL_SURVIVED,
            "points_per_grade": master.ROLL_POINTS_PER_GRADE,
            "invisible_needs": {"cools": master.INVISIBLE_COOLS,
                                "internal_grade": master.INVISIBLE_INTERNAL_GRADE},
        },
    }


def _for_account(p: ArikaPlayer, account: Account, exam: Exam | None) -> None:
    """A promotion exam plays without the torikan; a GM class may be shown GM."""
    referee = p.referee
    assert isinstance(referee, TiMasterReferee)
    referee.exam = exam is not None and exam.kind == PROMOTION
    referee.qualified_gm = account.qualified >= GM


def mode() -> TiMode:
    rules = master_rules()
    return TiMode(MASTER, "MASTER", rules, _player, _document, decisions=rules.decisions,
                  settings=SETTINGS, check=_check, accounts=True,
                  for_account=_for_account)
