"""The Versus parts of the TAP cartridge record: events and sounds, the rules document of
``tap-versus`` and the CLI's versus settings."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.arika.decisions import ARIKA_DECISIONS
from games.tap.rules.decisions import TAP_DECISIONS, VERSUS_DECISIONS
from games.tap.rules.garbage import GARBAGE_CAP, MIN_LINES
from games.tap.rules.items import BAG_WEIGHT, ITEMS, METER_PIECES
from games.tap.rules.match import (
    DEFAULT_TARGET,
    DEFAULT_WINS,
    FRAMES_PER_100_LEVELS,
    GAME_RESULT,
    MATCH_OPTIONS,
    MATCH_RESULT,
    VERSUS,
    check_target,
    check_wins,
    time_limit,
    versus_rules,
)
from games.tap.rules.modes import MASTER
from games.tap.rules.versus_player import ITEM_FIRED, LASER_FIRED, SNIPED
from games.tap.versus import CHALLENGE, ITEM_MODE, NO_MORE_CHALLENGER

VERSUS_EVENTS = frozenset({ITEM_FIRED, SNIPED, LASER_FIRED, GAME_RESULT, MATCH_RESULT,
                           MATCH_OPTIONS, CHALLENGE, NO_MORE_CHALLENGER, ITEM_MODE})
VERSUS_SOUNDS: dict[str, str] = {
    ITEM_FIRED: "power_block", LASER_FIRED: "garbage", GAME_RESULT: "level_up",
    MATCH_RESULT: "all_clear", CHALLENGE: "coin", NO_MORE_CHALLENGER: "meter_lamp",
    ITEM_MODE: "meter_lamp", MATCH_OPTIONS: "meter_lamp",
}
VERSUS_SILENT = frozenset(VERSUS_DECISIONS["versus_quiet_events"].value)


def versus_document(rules_id: str) -> dict[str, object]:
    if rules_id != VERSUS:
        raise ValueError(f"unknown TAP rules {rules_id!r}")
    rules = versus_rules(MASTER, DEFAULT_TARGET)
    return {
        "rules": rules_id,
        "title": "TAP VERSUS",
        "modes": "each player's own mode's speeds; Normal plays as Master",
        "refresh_hz": 61.68,
        "gravity": [{"level": r.level, "g256": r.g256} for r in rules.gravity_rows],
        "delays": [r.to_dict() for r in rules.delay_rows],
        "target": {"default": DEFAULT_TARGET, "step": 100,
                   "frames_per_100_levels": FRAMES_PER_100_LEVELS,
                   "default_time_limit": time_limit(DEFAULT_TARGET)},
        "games_to_win": DEFAULT_WINS,
        "garbage": {"min_lines": MIN_LINES, "cap": GARBAGE_CAP},
        "items": {"meter_pieces": METER_PIECES, "bag_weight": BAG_WEIGHT,
                  "table": [{"code": i.code, "name": i.name, "kind": i.kind,
                             "weight": i.weight} for i in ITEMS]},
        "decisions": {**ARIKA_DECISIONS, **TAP_DECISIONS, **VERSUS_DECISIONS},
    }


def versus_cli_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    """``versus`` (a two-player start plays a match), ``versus_target``, ``versus_wins``."""
    out: dict[str, Any] = {}
    if options.get("versus"):
        out["versus"] = True
    if options.get("versus_target") is not None:
        out["versus_target"] = check_target(options["versus_target"])
    if options.get("versus_wins") is not None:
        out["versus_wins"] = check_wins(options["versus_wins"])
    return out
