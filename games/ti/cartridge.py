"""The TGM3 cartridge record's parts: rules document, pieces, sim fields, rankings,
sounds. Each mode's own parts come from games/ti/modes.py."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine import events as ev
from engine.inputs import InputFrame
from engine.pieces import LETTERS
from engine.session import GameSession
from games.arika import events as aev
from games.arika.decisions import ARIKA_DECISIONS
from games.arika.session import MODE_CURSOR, MODE_START
from games.cartridge import RankingSpec, RankValue
from games.ti.modes import MODES, check_settings, mode
from games.ti.rules import sakura
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.easy import HANABI
from games.ti.rules.player import HOLD
from games.ti.rules.speed import COOL, REGRET
from games.ti.session import BOARD, RULE_CURSOR, TiSession

# Source: shiromino's RefreshRates.h (TGM3: 59.94 Hz).
TI_REFRESH_HZ = 59.94

TI_EVENTS = frozenset({
    ev.SPAWN, ev.MOVE, ev.ROTATE, ev.LAND, ev.LOCK, ev.LINE_CLEAR, ev.GAME_OVER,
    aev.IRS, aev.SONIC_DROP, aev.MANUAL_LOCK, aev.SECTION, aev.GRADE_UP, aev.ROLL_START,
    aev.ROLL_END, aev.GOAL, aev.TORIKAN, HOLD, COOL, REGRET, MODE_CURSOR, MODE_START,
    RULE_CURSOR, HANABI, aev.GARBAGE_RISE, sakura.STAGE, sakura.STAGE_CLEAR,
    sakura.STAGE_SKIP, sakura.TIME_UP, sakura.MIRROR,
})
TI_SOUNDS: dict[str, str] = {
    ev.MOVE: "move", ev.ROTATE: "rotate", aev.IRS: "rotate", HOLD: "rotate",
    ev.LOCK: "lock", ev.LINE_CLEAR: "clear", aev.SECTION: "level_up",
    COOL: "meter_lamp", REGRET: "garbage", aev.ROLL_START: "all_clear",
    aev.TORIKAN: "game_over", ev.GAME_OVER: "game_over", MODE_CURSOR: "move",
    MODE_START: "coin", RULE_CURSOR: "rotate", HANABI: "power_block",
    aev.GARBAGE_RISE: "garbage", sakura.STAGE: "level_up", sakura.STAGE_CLEAR: "all_clear",
    sakura.STAGE_SKIP: "garbage", sakura.TIME_UP: "game_over", sakura.MIRROR: "character",
}
TI_SILENT = frozenset(TI_DECISIONS["quiet_events"].value)

# One table per mode, and the grade ranking of accounts (games/ti/accounts.py).
RANK_MODES: tuple[str, ...] = (*MODES, "ti-grade")


def rank_key(row: Mapping[str, RankValue]) -> tuple[int, ...]:
    """Each mode puts its ordering in one number, ``order`` (Master: grade, then level,
    then the shorter time)."""
    return (int(row.get("order", 0)),)


def _qualifies(summary: Mapping[str, RankValue]) -> bool:
    return int(summary.get("level", 0)) > 0


def _mode_of(summary: Mapping[str, RankValue]) -> str:
    rules_id = str(summary.get("mode", ""))
    return rules_id if rules_id in MODES else RANK_MODES[0]


# The rankings screen shows the first three columns; ``order`` ranks the rows.
RANKING = RankingSpec(modes=RANK_MODES, columns=("grade", "level", "clock", "order"),
                      key=rank_key, qualifies=_qualifies, mode_of=_mode_of,
                      initials_of=lambda summary: str(summary.get("account", "")),
                      mode_titles=(*((k, e.title) for k, e in MODES.items()),
                                   ("ti-grade", "QUALIFIED GRADE")),
                      renamed=(("ti-easy", "grade", "fireworks"),), hidden=("order",))


def rules_document(rules_id: str) -> dict[str, object]:
    chosen = mode(next(iter(MODES)) if rules_id == BOARD else rules_id)
    rules = chosen.rules
    doc: dict[str, object] = {
        "rules": rules_id,
        "title": rules.title,
        "frame_convention": "internal frames: tetris.wiki's observed ARE, line ARE and DAS "
        "are 2 more; lock and line clear are the same",
        "refresh_hz": TI_REFRESH_HZ,
        "modes": {k: e.title for k, e in MODES.items()},
        "gravity": [{"level": r.level, "g256": r.g256} for r in rules.gravity_rows],
        "delays": [r.to_dict() for r in rules.delay_rows],
        "goal": rules.goal,
        "level_stops": sorted(rules.level_stops),
        "roll_frames": rules.roll_frames,
        "settings": check_settings({}),
        **chosen.document(),
        "decisions": {**ARIKA_DECISIONS, **TI_DECISIONS, **chosen.decisions},
    }
    return doc


def pieces(rules_id: str, seed: int, count: int, settings: Mapping[str, Any]) -> str:
    """The first game's pieces from seed ``seed``."""
    dealer = mode(next(iter(MODES)) if rules_id == BOARD else rules_id).dealer(seed)
    return "".join(LETTERS[dealer.next()] for _ in range(count))


def sim_fields(session: GameSession) -> dict[str, object]:
    assert isinstance(session, TiSession)
    p = session.players[0]
    summary = dict(session.summary(0) or {})
    return {
        "grade": str(summary.get("grade", "")),
        "internal_grade": int(summary.get("internal_grade", 0)),
        "cools": int(summary.get("cools", 0)),
        "regrets": int(summary.get("regrets", 0)),
        "section_frames": list(p.section_frames) if p is not None else [],
        "roll": str(summary.get("roll", "none")),
        "roll_points": int(summary.get("roll_points", 0)),
    }


def cli_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    return check_settings({})


def demo_player(session: GameSession) -> Iterator[InputFrame]:
    from games.ti.demo import demo_inputs

    return demo_inputs(session)


def warm_rules() -> None:
    """Every mode (its rules and their speed tables), made before the kiosk's first frame
    rather than in the frame of the first game of each mode."""
    for rules_id in MODES:
        mode(rules_id)
