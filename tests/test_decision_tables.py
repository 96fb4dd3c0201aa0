"""Every decision table has one shape (name -> Decision(value, why, source)), and
`bloxcab rules R --json` prints value, why and source for every entry."""

from __future__ import annotations

import json

import pytest

from dipswitch.decisions import DIP_DECISIONS
from engine.decision import Decision
from firmware.cli import main
from firmware.credits import CREDIT_DECISIONS, CREDITS_PER_PLAYER
from firmware.machine.decisions import CABINET_DECISIONS, frames
from firmware.service.decisions import SERVICE_DECISIONS
from games.bloxeed.rules import BLOXEED
from games.bloxeed.rules.decisions import BLOXEED_DECISIONS
from games.sega.decisions import ENGINE_DECISIONS
from games.sega88.rules import SEGA88

RULES = {SEGA88.id: SEGA88, BLOXEED.id: BLOXEED}
TABLES = {
    "engine": ENGINE_DECISIONS,
    "bloxeed": BLOXEED_DECISIONS,
    "dipswitch": DIP_DECISIONS,
    "credits": CREDIT_DECISIONS,
    "cabinet": CABINET_DECISIONS,
    "service": SERVICE_DECISIONS,
}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_entry_is_a_decision_with_a_one_line_why(name: str) -> None:
    table = TABLES[name]
    assert table
    for key, decision in table.items():
        assert isinstance(decision, Decision), key
        assert decision.why.strip() and "\n" not in decision.why, key
        assert decision.source is None or decision.source.strip(), key
        json.dumps(decision.as_json())


def test_a_decision_needs_a_why() -> None:
    with pytest.raises(ValueError, match="why"):
        Decision(1, "")
    with pytest.raises(ValueError, match="why"):
        Decision(1, "two\nlines")


def test_settled_entries_left_the_tables() -> None:
    # The lock reset (tetris.wiki "Tetris (Sega)": step reset), 16t's width (tetris.wiki
    # "Bloxeed": 3 columns) and Satellite's all-clear exit are sourced now.
    assert "lock_reset" not in ENGINE_DECISIONS
    assert 2 not in BLOXEED_DECISIONS["character_width"].value  # no 16t entry
    assert "satellite_gone_on_all_clear" not in BLOXEED_DECISIONS
    assert "flicky_clear_delay" not in BLOXEED_DECISIONS


def test_readers_use_the_values() -> None:
    assert frames("title_frames") == 600 and frames("game_over_field_frames") == 120
    assert CREDITS_PER_PLAYER == CREDIT_DECISIONS["credits_per_player"].value == 1
    with pytest.raises(TypeError):
        frames("tilt")


@pytest.mark.parametrize("rules_id", sorted(RULES))
def test_rules_json_prints_value_why_and_source(
    rules_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", rules_id, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    rules = RULES[rules_id]
    assert set(doc["decisions"]) >= set(rules.decisions)
    for name, entry in doc["decisions"].items():
        assert set(entry) == {"value", "why", "source"}, name
        if name in rules.decisions:
            assert entry["why"] == rules.decisions[name].why
    board = doc["board_decisions"]
    assert set(board) == {"dipswitch", "credits", "cabinet", "service"}
    assert board["cabinet"]["title_frames"]["value"] == 600
    if rules_id == "bloxeed":  # the cartridge's DIP decisions sit with its rules'
        assert doc["decisions"]["high_speed_factory"]["source"].count("MAME") == 1
    for table in board.values():
        for entry in table.values():
            assert set(entry) == {"value", "why", "source"}
