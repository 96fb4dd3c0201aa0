"""Every decision table has one shape (name -> Decision(value, why, source)),
`bloxcab rules R --json` prints value, why and source for every entry, and no project
choice hides in the code as an inline constant: a comment marking one (`decision` and a
colon after the hash) is refused outside the tables."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dipswitch.decisions import DIP_DECISIONS
from engine.decision import Decision
from firmware.cli import main
from firmware.commands.rules import board_decisions
from firmware.credits import CREDIT_DECISIONS, CREDITS_PER_PLAYER
from firmware.machine.decisions import CABINET_DECISIONS, frames
from firmware.service.decisions import SERVICE_DECISIONS
from games.bloxeed.rules import BLOXEED
from games.bloxeed.rules.decisions import BLOXEED_DECISIONS
from games.registry import rules_ids
from games.sega.decisions import BOARD_DECISIONS, ENGINE_DECISIONS
from games.sega88.rules import SEGA88

RULES = {SEGA88.id: SEGA88, BLOXEED.id: BLOXEED}
TABLES = {
    "engine": ENGINE_DECISIONS,
    "sega_board": BOARD_DECISIONS,
    "bloxeed": BLOXEED_DECISIONS,
    "dipswitch": DIP_DECISIONS,
    "credits": CREDIT_DECISIONS,
    "cabinet": CABINET_DECISIONS,
    "service": SERVICE_DECISIONS,
    **{f"board:{name}": table for name, table in board_decisions().items()},
}
ROOT = Path(__file__).resolve().parent.parent
# Every package of the project (fleet/ and tools/ where the tree has them).
PACKAGES = ("engine", "games", "cabinet", "dipswitch", "firmware", "fleet", "tools")
INLINE_DECISION = re.compile(r"#\s*decision\s*:", re.IGNORECASE)


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
    assert set(board) == set(board_decisions())
    assert {"dipswitch", "credits", "cabinet", "service", "jvs", "video", "files",
            "fleet_link", "fleet_service"} <= set(board)  # the fleet service's table too
    assert board["cabinet"]["title_frames"]["value"] == 600
    if rules_id == "bloxeed":  # the cartridge's DIP decisions sit with its rules'
        assert doc["decisions"]["high_speed_factory"]["source"].count("MAME") == 1
    for table in board.values():
        for entry in table.values():
            assert set(entry) == {"value", "why", "source"}


@pytest.mark.parametrize("rules_id", rules_ids())
def test_every_rule_set_prints_its_decisions(
    rules_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rules", rules_id, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["decisions"], rules_id
    for name, entry in doc["decisions"].items():
        assert set(entry) == {"value", "why", "source"}, (rules_id, name)


def test_no_inline_decision_comment_outside_the_tables() -> None:
    """A project choice is a table entry (value, why, source) the code reads, so
    `bloxcab rules R --json` shows it and one edit corrects it; a comment marking a constant
    as a decision would be a choice no table shows."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if INLINE_DECISION.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "inline decisions (make them table entries):\n" + "\n".join(found)


def test_the_readers_take_the_tables_values() -> None:
    # A few constants the code reads from the tables, against the table entries.
    from cabinet.debounce import DEFAULT_DEBOUNCE_MS
    from cabinet.decisions import INPUT_DECISIONS, JVS_DECISIONS, VIDEO_DECISIONS
    from cabinet.jvs.master import Timing
    from cabinet.video.screens import NAME_CHARS
    from engine.replay import MAX_FRAMES
    from engine.replay_decisions import REPLAY_DECISIONS
    from firmware.config_schema import CabinetConfig
    from games.registry import DEFAULT_GAME, GAME_SELECT_DECISIONS

    assert MAX_FRAMES == REPLAY_DECISIONS["max_frames"].value == 4 * 60 * 60 * 60
    assert INPUT_DECISIONS["debounce_ms"].value == DEFAULT_DEBOUNCE_MS
    assert Timing().poll_period == JVS_DECISIONS["poll_period_s"].value
    assert NAME_CHARS.startswith(VIDEO_DECISIONS["name_chars"].value)
    assert CabinetConfig().video.window.scale == VIDEO_DECISIONS["window_scale"].value
    assert DEFAULT_GAME == GAME_SELECT_DECISIONS["factory_game"].value == "bloxeed"


def test_modes_that_borrow_masters_roll_keep_its_length() -> None:
    # Shirase's and Easy's roll lengths are decided as Master's (no source gives theirs).
    from games.ti.rules import easy, master, shirase

    assert shirase.ROLL_FRAMES == easy.ROLL_FRAMES == master.ROLL_FRAMES
