"""`bloxcab rules R --json`: the rule tables in force."""

from __future__ import annotations

import argparse
import json
from typing import Any

from games.registry import cartridge_of_rules, rules_ids


def register(sub: Any) -> None:
    parser = sub.add_parser("rules", help="print the rule tables in force")
    parser.add_argument("rules", choices=rules_ids(), help="rule set")
    parser.add_argument("--json", action="store_true", help="print JSON (the only format)")
    parser.set_defaults(handler=run)


def rules_document(rules_id: str) -> dict[str, object]:
    return cartridge_of_rules(rules_id).rules_document(rules_id)


def run(args: argparse.Namespace) -> int:
    print(json.dumps(rules_document(args.rules), indent=1 if not args.json else None))
    return 0
