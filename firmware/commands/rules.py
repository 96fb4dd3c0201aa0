"""`bloxcab rules R --json`: the rule tables in force."""

from __future__ import annotations

import argparse
import json
from typing import Any

from engine import RULES, Difficulty, GameSettings, get_rules


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


def run(args: argparse.Namespace) -> int:
    print(json.dumps(rules_document(args.rules), indent=1 if not args.json else None))
    return 0
