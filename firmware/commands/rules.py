"""`bloxcab rules R --json`: the rule tables in force, and every decision table (value, why
and nearest public source of each entry)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from cabinet.decisions import (
    AUDIO_DECISIONS,
    INPUT_DECISIONS,
    JVS_DECISIONS,
    OUTPUT_DECISIONS,
    VIDEO_DECISIONS,
)
from dipswitch.decisions import DIP_DECISIONS
from engine.decision import Decision, DecisionTable, table_json
from engine.replay_decisions import REPLAY_DECISIONS
from firmware.cli_decisions import CLI_DECISIONS
from firmware.credits import CREDIT_DECISIONS
from firmware.file_decisions import FILE_DECISIONS
from firmware.machine.decisions import CABINET_DECISIONS
from firmware.service.decisions import SERVICE_DECISIONS
from firmware.uplink.decisions import LINK_DECISIONS
from games.registry import GAME_SELECT_DECISIONS, cartridge_of_rules, rules_ids

# The board's own decision tables (every one outside the games'), printed with every rule
# set's; with the fleet service's (board_decisions()).
BOARD_DECISIONS: dict[str, DecisionTable] = {
    "dipswitch": DIP_DECISIONS,
    "credits": CREDIT_DECISIONS,
    "cabinet": CABINET_DECISIONS,
    "service": SERVICE_DECISIONS,
    "game_select": GAME_SELECT_DECISIONS,
    "inputs": INPUT_DECISIONS,
    "outputs": OUTPUT_DECISIONS,
    "jvs": JVS_DECISIONS,
    "video": VIDEO_DECISIONS,
    "audio": AUDIO_DECISIONS,
    "replay": REPLAY_DECISIONS,
    "files": FILE_DECISIONS,
    "fleet_link": LINK_DECISIONS,
    "commands": CLI_DECISIONS,
}


def board_decisions() -> dict[str, DecisionTable]:
    """The board's tables and the fleet service's, which imports nothing of the server's
    dependencies (fleet/decisions.py): a cabinet prints it too, unless its install left the
    fleet package out."""
    try:
        from fleet.decisions import SERVICE_DECISIONS as FLEET_SERVICE_DECISIONS
    except ImportError:
        return dict(BOARD_DECISIONS)
    return {**BOARD_DECISIONS, "fleet_service": FLEET_SERVICE_DECISIONS}


def register(sub: Any) -> None:
    parser = sub.add_parser("rules", help="print the rule tables in force")
    parser.add_argument("rules", choices=rules_ids(), help="rule set")
    parser.add_argument("--json", action="store_true", help="print JSON (the only format)")
    parser.set_defaults(handler=run)


def rules_document(rules_id: str) -> dict[str, object]:
    return cartridge_of_rules(rules_id).rules.document(rules_id)


def full_document(rules_id: str) -> dict[str, object]:
    """The rules document with every decision as ``{value, why, source}``: the rule set's
    own (``decisions``) and the board's (``board_decisions``)."""
    doc = rules_document(rules_id)
    decisions = doc.get("decisions", {})
    assert isinstance(decisions, dict)
    doc["decisions"] = {
        name: d.as_json() if isinstance(d, Decision) else d for name, d in decisions.items()
    }
    doc["board_decisions"] = {name: table_json(t) for name, t in board_decisions().items()}
    return doc


def run(args: argparse.Namespace) -> int:
    print(json.dumps(full_document(args.rules), indent=1 if not args.json else None))
    return 0
