"""`python -m tools.record_demo`: a cartridge's bot-recorded attract demos, by name; the
shipped file is what the tool records, byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.record_demo import main

ROOT = Path(__file__).resolve().parent.parent


def test_the_shipped_challenger_demo_is_what_the_tool_records(tmp_path: Path) -> None:
    out = tmp_path / "challenger.rpl"
    assert main(["tap", "challenger", str(out)]) == 0
    assert out.read_bytes() == (ROOT / "games/tap/demos/challenger.rpl").read_bytes()


def test_a_cartridge_lists_its_demos(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tap"]) == 0
    assert capsys.readouterr().out.split() == ["challenger"]
    assert main(["sega88"]) == 0
    assert capsys.readouterr().out.strip() == "sega88 records no demo"


@pytest.mark.parametrize(("argv", "line"), [
    (["nope"], "record_demo: no cartridge 'nope'; cartridges: "),
    (["tap", "nope", "x.rpl"], "record_demo: tap has no demo 'nope' (it has: challenger)"),
    ([], "usage: python -m tools.record_demo CARTRIDGE [DEMO OUT.rpl]"),
])
def test_bad_arguments_get_one_line(argv: list[str], line: str,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(line) and err.count("\n") == 1


def test_an_unwritable_file_is_one_line(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tap", "challenger", str(tmp_path / "no" / "such" / "dir.rpl")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("record_demo: cannot write ") and err.count("\n") == 1
