"""CLI contracts: pieces, sim, rules, replay, and one-line errors with exit status 2."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.clikit import run


def test_pieces_power_on_pattern(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "pieces", "--rules", "sega88", "--count", "20") == (
        0, "TITIIJILSJOZZJLSJISL\n", "")


def test_pieces_with_seed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pieces", "--rules", "sega88", "--seed", "1", "--count", "10")
    assert (code, out) == (0, "JJSLJJIJOS\n")


def test_sim_json_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("sim", "--rules", "sega88", "--seed", "7", "--difficulty", "hard", "--frames",
            "3000", "--inputs", "random:3", "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    first = json.loads(out)
    for key in ("frames", "score", "lines", "level", "pieces", "game_over", "state_hash"):
        assert key in first
    assert run(capsys, *argv)[1] == out
    assert run(capsys, *argv[:-3], "random:4", "--json")[1] != out


def test_sim_with_an_input_script(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "left.txt"
    script.write_text("# hold left from frame 31\n31 p1.left down\n200 p1.left up\n")
    code, out, _ = run(capsys, "sim", "--rules", "sega88", "--frames", "100", "--inputs",
                       str(script), "--json")
    assert code == 0
    assert json.loads(out)["frames"] == 100


def test_rules_json_has_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "sega88", "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["delays"]["das"] == 20 and doc["delays"]["are"] == 30
    assert doc["delays"]["lock_delay"] == 30 and doc["delays"]["line_clear_delay"] == 42
    assert doc["gravity"]["hardest"][0]["frames_per_row"] == 30
    assert doc["gravity"]["easy"][15]["frames_per_row"] == 2
    assert [b["frames"] for b in doc["level_timer"]] == [3480, 2320, 3480, 1740, 3480]
    assert doc["score_table"][-1]["lines"] == [500, 2000, 4500, 10000]


@pytest.mark.parametrize("argv", [
    ("pieces", "--rules", "sega88", "--count", "x"),
    ("pieces", "--rules", "nope", "--count", "3"),
    ("pieces", "--rules", "sega88", "--seed", "banana", "--count", "3"),
    ("sim", "--rules", "sega88", "--frames", "-5", "--json"),
    ("sim", "--rules", "sega88", "--frames", "5", "--inputs", "random:x", "--json"),
    ("sim", "--rules", "sega88", "--frames", "5", "--inputs", "/no/such/file", "--json"),
    ("sim", "--rules", "sega88", "--frames", "5", "--difficulty", "insane", "--json"),
    ("replay", "/no/such/replay"),
])
def test_bad_arguments_one_line_exit_2(capsys: pytest.CaptureFixture[str],
                                       argv: tuple[str, ...]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1


def test_bad_input_script_names_the_line(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("10 p1.left down\n12 p1.jump down\n")
    code, _, err = run(capsys, "sim", "--rules", "sega88", "--frames", "5", "--inputs",
                       str(script), "--json")
    assert code == 2
    assert "line 2" in err and "p1.jump" in err


def test_replay_command_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.rpl"
    code, _, _ = run(capsys, "sim", "--rules", "sega88", "--frames", "2500", "--inputs",
                     "random:9", "--record", str(path), "--json")
    assert code == 0
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and out.startswith("replay OK")
    text = path.read_text().splitlines()
    header = json.loads(text[1])
    header["final_hash"] = "0" * 32
    path.write_text("\n".join([text[0], json.dumps(header), *text[2:]]) + "\n")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1 and "MISMATCH" in out
    path.write_text("not a replay\n")
    assert run(capsys, "replay", str(path))[0] == 2


def test_console_script_reports_bad_arguments_in_one_line() -> None:
    proc = subprocess.run([sys.executable, "-m", "firmware.cli", "pieces", "--count", "3"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "--rules" in proc.stderr
