"""BLOCKOUT through the CLI: sim with --round, pieces by name, the rules document, replays,
and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.blockout.rules.pieces import NAMES
from games.blockout.table import round_table
from tests.clikit import run


def test_sim_reports_round_faces_cubes_blockouts(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("sim", "--rules", "blockout", "--round", "10", "--seed", "3", "--frames", "6000",
            "--inputs", "demo", "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    result = json.loads(out)
    for key in ("round", "faces", "cubes", "blockouts", "score", "state_hash", "frames"):
        assert key in result
    assert result["round"] >= 10 and result["cubes"] > 0
    assert run(capsys, *argv)[1] == out


def test_pieces_prints_names_from_the_rounds_set(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pieces", "--rules", "blockout", "--round", "1", "--count",
                       "40")
    names = out.split()
    assert code == 0 and len(names) == 40
    assert set(names) <= {"3I", "4O", "3L"}  # round 1's three kinds
    code, out, _ = run(capsys, "pieces", "--rules", "blockout", "--round", "25", "--count",
                       "200", "--seed", "9")
    assert set(out.split()) <= set(NAMES) and "5I" in out.split()


def test_pieces_match_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    from games.blockout.rules.pieces import PIECES
    from tests.blockout_kit import p1, session, step

    _, out, _ = run(capsys, "pieces", "--rules", "blockout", "--round", "7", "--seed", "4",
                    "--count", "3")
    s = session(7, seed=4)
    step(s)
    p = p1(s)
    assert out.split()[:2] == [PIECES[p.kind].name, PIECES[p.next_kind].name]


def test_rules_document_has_round_table_and_shapes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "blockout", "--json")
    doc = json.loads(out)
    assert code == 0
    assert len(doc["round_table"]["in_force"]) == round_table().rounds == 100
    assert doc["round_table"]["in_force"][0]["pit"] == [4, 4, 11]
    assert [p["name"] for p in doc["pieces"]] == list(NAMES)
    from games.blockout.rules.decisions import DECISIONS
    from games.blockout.rules.pieces import DECISIONS as PIECE_DECISIONS

    assert set(doc["decisions"]) == set(DECISIONS) | set(PIECE_DECISIONS)
    for name, entry in doc["decisions"].items():
        assert set(entry) == {"value", "why", "source"}, name
        assert entry["why"].strip() and "\n" not in entry["why"], name
    assert "board_decisions" in doc


def test_bad_round_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (("sim", "--rules", "blockout", "--round", "101", "--frames", "5", "--json"),
                 ("pieces", "--rules", "blockout", "--round", "0", "--count", "3"),
                 ("pieces", "--rules", "sega88", "--round", "3", "--count", "3")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, argv


def test_recorded_sim_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.rpl"
    code, _, _ = run(capsys, "sim", "--rules", "blockout", "--round", "6", "--frames", "3000",
                     "--inputs", "random:5", "--record", str(path), "--json")
    assert code == 0
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and "OK" in out


def test_the_shipped_demo_replays(capsys: pytest.CaptureFixture[str]) -> None:
    demo = Path(__file__).parent.parent / "games" / "blockout" / "demos" / "demo.rpl"
    code, out, _ = run(capsys, "replay", str(demo))
    assert code == 0, out
