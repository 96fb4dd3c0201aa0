"""A cartridge declares its own `bloxcab sim`/`bloxcab pieces` options: the CLI takes every
registered game's, two games may share one only alike, and an option the chosen game lacks
is a one-line usage error."""

from __future__ import annotations

from dataclasses import replace

import pytest

from firmware.cli import main
from games.cartridge import CliOption
from games.registry import CARTRIDGES, cli_options, register, unregister
from tests.tiny_cartridge import CARTRIDGE as TINY


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_each_option_lists_the_games_that_take_it() -> None:
    options = cli_options()
    assert options["round"][1] == ("blockout",)
    assert options["stage"][1] == ("flashpoint",)
    assert options["high-speed"][1] == ("bloxeed",)
    assert options["lines-per-level"][1] == ("sega88", "bloxeed")


def test_an_option_of_another_game_is_a_one_line_usage_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (("sim", "--rules", "tap", "--round", "3", "--frames", "5", "--json"),
                 ("sim", "--rules", "sega88", "--high-speed", "off", "--frames", "5"),
                 ("sim", "--rules", "blockout", "--stage", "2", "--frames", "5"),
                 ("pieces", "--rules", "flashpoint", "--round", "3", "--count", "3")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "", argv
        assert len(err.strip().splitlines()) == 1 and "is not an option of" in err, argv
        assert "Traceback" not in err


def test_options_of_the_chosen_game_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sim", "--rules", "bloxeed", "--high-speed", "off",
                       "--lines-per-level", "2", "--frames", "5", "--json")
    assert code == 0 and '"rules": "bloxeed"' in out
    code, out, _ = run(capsys, "pieces", "--rules", "blockout", "--round", "3", "--count", "2")
    assert code == 0 and len(out.split()) == 2


def test_two_games_may_share_an_option_only_alike(tiny: None) -> None:
    option = TINY.tooling.cli_options[0]
    alike = replace(TINY, id="tiny2", rules=replace(TINY.rules, ids=("tiny2",)))
    register(alike)
    try:
        assert cli_options()[option.name][1] == ("tiny", "tiny2")
    finally:
        unregister("tiny2")
    unlike = replace(alike, tooling=replace(alike.tooling, cli_options=(
        CliOption(option.name, "another Game Time", int),)))
    with pytest.raises(ValueError, match="declare --game-time differently"):
        register(unlike)
    assert "tiny2" not in CARTRIDGES


def test_a_clash_that_skips_register_fails_when_the_cli_starts(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    blockout = CARTRIDGES["blockout"]
    clash = replace(blockout, id="clash", tooling=replace(blockout.tooling, cli_options=(
        CliOption("round", "a round of another kind", str),)))
    monkeypatch.setitem(CARTRIDGES, "clash", clash)
    with pytest.raises(ValueError, match="'blockout' and 'clash' declare --round differently"):
        main(["pieces", "--rules", "blockout", "--count", "1"])
