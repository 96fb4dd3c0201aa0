"""The decision table: one place, every entry with a value and a one-line why."""

import json

from games.flashpoint.rules import FLASHPOINT
from games.flashpoint.rules.decisions import FLASHPOINT_DECISIONS, decisions_json


def test_every_decision_has_a_value_and_a_one_line_why() -> None:
    assert len(FLASHPOINT_DECISIONS) >= 20
    for name, decision in FLASHPOINT_DECISIONS.items():
        assert decision.value is not None, name
        assert decision.why and "\n" not in decision.why, name


def test_decisions_are_plain_data_in_the_rules() -> None:
    table = decisions_json()
    assert json.loads(json.dumps(table)) == table
    assert {k: d.as_json() for k, d in FLASHPOINT.decisions.items()} == table
    assert "button 3" in str(table["clear_round_allowed"]["value"])
    assert table["bonus_countdown_frames"]["value"] == 4
    assert table["choice_frames"]["value"] == 600
