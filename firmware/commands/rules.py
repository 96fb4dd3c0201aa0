"""`bloxcab rules R --json`: the rule tables in force, and every decision table (value, why
and nearest public source of each entry)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from dipswitch.decisions import DIP_DECISIONS
from engine import RULES, Difficulty, GameSettings, get_rules
from engine.decision import Decision, table_json
from firmware.credits import CREDIT_DECISIONS
from firmware.machine.decisions import CABINET_DECISIONS
from firmware.service.decisions import SERVICE_DECISIONS

# The board's own decision tables, printed with every rule set's.
BOARD_DECISIONS = {
    "dipswitch": DIP_DECISIONS,
    "credits": CREDIT_DECISIONS,
    "cabinet": CABINET_DECISIONS,
    "service": SERVICE_DECISIONS,
}


def register(sub: Any) -> None:
    parser = sub.add_parser("rules", help="print the rule tables in force")
    parser.add_argument("rules", choices=sorted(RULES), help="rule set")
    parser.add_argument("--json", action="store_true", help="print JSON (the only format)")
    parser.set_defaults(handler=run)


def rules_document(rules_id: str) -> dict[str, object]:
    rules = get_rules(rules_id)
    factory = GameSettings()
    delays = rules.delays(factory)
    gravity = {
        d.label: [
            {"level": level, "frames_per_row": g.frames, "rows": g.rows}
            for level in range(100)
            for g in [rules.gravity(level, GameSettings(difficulty=d))]
        ]
        for d in Difficulty
    }
    return {
        "rules": rules.id,
        "title": rules.title,
        "delays": {
            "das": delays.das,
            "are": delays.are,
            "lock_delay": delays.lock,
            "line_clear_delay": delays.line_clear,
            "garbage_delay": delays.garbage,
            "soft_drop": "1G (not while gravity is 1G or faster)",
        },
        "lines_per_level": rules.default_lines_per_level,
        "gravity": gravity,
        **rules.tables(),
        "decisions": dict(rules.decisions),
    }


def full_document(rules_id: str) -> dict[str, object]:
    """The rules document with every decision as ``{value, why, source}``: the rule set's
    own (``decisions``) and the board's (``board_decisions``)."""
    doc = rules_document(rules_id)
    decisions = doc.get("decisions", {})
    assert isinstance(decisions, dict)
    doc["decisions"] = {
        name: d.as_json() if isinstance(d, Decision) else d for name, d in decisions.items()
    }
    doc["board_decisions"] = {name: table_json(t) for name, t in BOARD_DECISIONS.items()}
    return doc


def run(args: argparse.Namespace) -> int:
    print(json.dumps(full_document(args.rules), indent=1 if not args.json else None))
    return 0
