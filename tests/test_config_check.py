"""`bloxcab config check FILE`: the owner's way to test a cabinet.toml before a reboot."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.cli import main

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "cabinet.toml.example"


def test_clean_file_exits_0(capsys: pytest.CaptureFixture[str]):
    assert main(["config", "check", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out.strip() == f"{EXAMPLE}: ok"


def test_each_problem_is_one_line_and_exit_1(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]):
    path = tmp_path / "cabinet.toml"
    path.write_text('[inputs.gpio.pins]\n"p1.up" = 41\n[audio]\nvolume = "loud"\n')
    assert main(["config", "check", str(path)]) == 1
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith(f'{path}:2: inputs.gpio.pins."p1.up": pin 41')
    assert lines[1].startswith(f"{path}:4: audio.volume: ")
    assert lines[2] == f"{path}: 2 problem(s); those keys keep their defaults"


def test_missing_file_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["config", "check", str(tmp_path / "absent.toml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not exist" in err
