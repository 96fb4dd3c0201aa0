"""The TAP cartridge record's parts: rules document, pieces, sim fields, rankings, sounds."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine import events as ev
from engine.inputs import InputFrame
from engine.pieces import LETTERS
from engine.session import GameSession
from games.arika import events as aev
from games.arika import grading
from games.arika.randomizer import Tgm2Randomizer
from games.arika.rules import ROLL_NAMES
from games.arika.session import MODE_CURSOR, MODE_START
from games.cartridge import RankingSpec, RankValue
from games.tap.rules import tables
from games.tap.rules.decisions import TAP_DECISIONS
from games.tap.rules.modes import DEFAULT_SETTINGS, MODES, TITLES, check_settings, rules_for
from games.tap.session import BOARD, TapSession
from games.tap.versus_parts import (
    VERSUS_EVENTS,
    VERSUS_SILENT,
    VERSUS_SOUNDS,
    versus_cli_settings,
    versus_document,
)

TAP_EVENTS = frozenset({
    ev.SPAWN, ev.MOVE, ev.ROTATE, ev.LAND, ev.LOCK, ev.LINE_CLEAR, ev.GAME_OVER,
    aev.IRS, aev.SONIC_DROP, aev.MANUAL_LOCK, aev.SECTION, aev.GRADE_UP, aev.ROLL_START,
    aev.ROLL_END, aev.GARBAGE_RISE, aev.ITEM, aev.GOAL, aev.TORIKAN, MODE_CURSOR, MODE_START,
}) | VERSUS_EVENTS
TAP_SOUNDS: dict[str, str] = {
    ev.MOVE: "move", ev.ROTATE: "rotate", aev.IRS: "rotate", ev.LOCK: "lock",
    ev.LINE_CLEAR: "clear", aev.SECTION: "level_up", aev.GRADE_UP: "meter_lamp",
    aev.ROLL_START: "all_clear", aev.GARBAGE_RISE: "garbage", aev.ITEM: "power_block",
    aev.TORIKAN: "game_over", ev.GAME_OVER: "game_over", MODE_CURSOR: "move",
    MODE_START: "coin", **VERSUS_SOUNDS,
}
TAP_SILENT = frozenset(TAP_DECISIONS["quiet_events"].value) | VERSUS_SILENT

# Grades in ranking order, worst first (orange-line results rank above green ones).
GRADE_ORDER = ("", "EXCELLENT", "9", "8", "7", "6", "5", "4", "3", "2", "1", "S1", "S2",
               "S3", "S4", "S5", "S6", "S7", "S8", "S9", "M", "GM")
LINE_ORDER = ("none", "green", "orange")


def rank_key(row: Mapping[str, RankValue]) -> tuple[int, ...]:
    """Grade, then its line, then level, then the shorter time, then score (Master ranks by
    grade then time; the other modes by level then time, grade empty)."""
    grade = str(row.get("grade", ""))
    line = str(row.get("line", "none"))
    return (GRADE_ORDER.index(grade) if grade in GRADE_ORDER else 0,
            LINE_ORDER.index(line) if line in LINE_ORDER else 0,
            int(row.get("level", 0)), -int(row.get("time", 0)), int(row.get("score", 0)))


def _qualifies(summary: Mapping[str, RankValue]) -> bool:
    """Single-player games with a level rank (a versus match and the Item mode do not)."""
    return (int(summary.get("level", 0)) > 0 and summary.get("mode") in MODES
            and not summary.get("items"))


def _mode_of(summary: Mapping[str, RankValue]) -> str:
    mode = str(summary.get("mode", ""))
    return mode if mode in MODES else MODES[1]


# The rankings screen shows the first three columns; the rest order the rows.
RANKING = RankingSpec(modes=MODES, columns=("grade", "level", "clock", "line", "time", "score"),
                      key=rank_key, qualifies=_qualifies, mode_of=_mode_of,
                      mode_titles=tuple(TITLES.items()))


def rules_document(rules_id: str) -> dict[str, object]:
    if rules_id not in MODES and rules_id != BOARD:
        return versus_document(rules_id)
    mode = MODES[1] if rules_id == BOARD else rules_id
    rules = rules_for(mode)
    doc: dict[str, object] = {
        "rules": rules_id,
        "title": rules.title,
        "frame_convention": "internal frames: tetris.wiki's observed ARE, line ARE and DAS "
        "are 2 more; lock and line clear are the same",
        "refresh_hz": 61.68,
        "gravity": [{"level": r.level, "g256": r.g256} for r in rules.gravity_rows],
        "delays": [r.to_dict() for r in rules.delay_rows],
        "goal": rules.goal,
        "level_stops": sorted(rules.level_stops),
        "roll_frames": rules.roll_frames,
        "settings": dict(DEFAULT_SETTINGS),
        "decisions": dict(rules.decisions),
    }
    if mode == "tap-master":
        doc["grades"] = {
            "points": [list(r) for r in grading.GRADE_POINTS],
            "decay_frames": list(grading.DECAY_FRAMES),
            "names": list(grading.GRADE_NAMES),
            "combo_tenths": [list(r) for r in grading.COMBO_TENTHS],
            "level_multiplier_step": grading.LEVEL_MULTIPLIER_STEP,
        }
        doc["mroll"] = {
            "early_section_limit": tables.MROLL_EARLY_SECTION_LIMIT,
            "margin": tables.MROLL_MARGIN, "tetrises": list(tables.MROLL_TETRISES),
            "total_limit": tables.MROLL_TOTAL_LIMIT, "grade": tables.MROLL_GRADE,
        }
    if mode == "tap-plus":
        doc["garbage_pattern"] = list(tables.PLUS_PATTERN)
    if mode == "tap-death":
        doc["torikan"] = {"level": tables.DEATH_TORIKAN_LEVEL,
                          "frames": tables.DEATH_TORIKAN_FRAMES}
    return doc


def pieces(rules_id: str, seed: int, count: int, settings: Mapping[str, Any]) -> str:
    """The first game's pieces from seed ``seed`` (every mode deals alike)."""
    dealer = Tgm2Randomizer(seed)
    return "".join(LETTERS[dealer.next()] for _ in range(count))


def sim_fields(session: GameSession) -> dict[str, object]:
    assert isinstance(session, TapSession)
    p = session.players[0]
    if p is None:
        return {"grade": "", "internal_grade": 0, "section_frames": [], "roll": "none"}
    ref = p.referee
    grades = getattr(ref, "grades", None)
    roll = p.roll or p.roll_next
    return {
        "grade": str(getattr(ref, "grade", "")),
        "internal_grade": grades.grade if grades is not None else 0,
        "section_frames": list(p.section_frames),
        "roll": ROLL_NAMES[roll] if roll != 1 else "plain",
    }


def cli_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    settings = dict(DEFAULT_SETTINGS)
    check_settings(settings)
    return {**settings, **versus_cli_settings(options)}


def demo_player(session: GameSession) -> Iterator[InputFrame]:
    """The attract-mode bot: the Doubles bot on both halves while a Doubles game is on
    (rules id ``tap-doubles``, or DOUBLES picked on the board), else the bot on player 1."""
    from games.arika.demo import demo_inputs
    from games.tap.doubles_demo import doubles_inputs
    from games.tap.versus import VersusBoard
    from games.tap.versus_demo import p1_inputs

    single = p1_inputs(session) if isinstance(session, VersusBoard) else demo_inputs(session)
    if not hasattr(session, "doubles"):
        return single
    return _doubles_or(session, doubles_inputs(session), single)


def _doubles_or(session: GameSession, doubles: Iterator[InputFrame],
                single: Iterator[InputFrame]) -> Iterator[InputFrame]:
    while True:
        yield next(doubles) if getattr(session, "doubles", False) else next(single)
