"""A cabinet.toml of any content loads without a crash; every problem is one line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.cli import main
from firmware.config import parse_config
from firmware.config_lines import key_lines
from firmware.config_schema import CabinetConfig
from tests.conftest import LONG

EXAMPLE_LINES = (Path(__file__).resolve().parent.parent / "docs" / "cabinet.toml.example"
                 ).read_text().splitlines()
VALUES = st.sampled_from(['"x"', "1", "-3", "99", "true", "[]", "[1, 2]", '{ a = 1 }', '"up"',
                          '"gpio"', "{ \"p1.up\" = 17 }", "3.5", '"""a\nb"""'])


def _check(text: str) -> None:
    config, errors = parse_config(text)
    assert isinstance(config, CabinetConfig)
    for error in errors:
        assert "\n" not in error and error.startswith("cabinet.toml")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_any_text(text: str):
    _check(text)
    key_lines(text)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(EXAMPLE_LINES) - 1), VALUES), max_size=6))
def test_edited_example(edits: list[tuple[int, str]]):
    lines = list(EXAMPLE_LINES)
    for index, value in edits:
        key, eq, _ = lines[index].partition("=")
        lines[index] = f"{key}= {value}" if eq else value
    text = "\n".join(lines)
    _check(text)
    _, errors = parse_config(text)
    lines_found = key_lines(text)
    # Every error that names a line points at a line of the file (a multi-line string
    # value makes the file longer than the list of edited lines).
    total = text.count("\n") + 1
    for error in errors:
        where = error.split(":")[1]
        if where.isdigit():
            assert 1 <= int(where) <= total
    assert all(1 <= n <= total for n in lines_found.values())


# ---- issue 20 item 7: hostile numbers and nesting, in `config check` and `run` ----------------

HOSTILE = {
    "5000-digit integer": "[audio]\nvolume = " + "9" * 5000 + "\n",
    "4000-digit integer": "[audio]\nvolume = " + "9" * 4000 + "\n",
    "100000-deep array": "[audio]\nvolume = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "3000-deep inline tables": "[audio]\nvolume = " + "{a=" * 3000 + "1" + "}" * 3000 + "\n",
    "10-deep array": "[audio]\nvolume = " + "[" * 10 + "]" * 10 + "\n",
    "long string": '[video]\nmode = "' + "x" * 100_000 + '"\n',
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_config_is_one_short_line_per_problem(name: str) -> None:
    config, errors = parse_config(HOSTILE[name])
    assert config == CabinetConfig()
    assert 1 <= len(errors) <= 2
    assert all("\n" not in e and len(e) < 200 for e in errors)


@pytest.mark.parametrize("name", ["5000-digit integer", "100000-deep array"])
def test_config_check_and_run_both_survive(name: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cabinet.toml"
    path.write_text(HOSTILE[name])
    assert main(["config", "check", str(path)]) == 1
    _, err = capsys.readouterr()
    assert len(err.splitlines()) == 2 and "using all the defaults" in err
    code = main(["run", "--headless", "--frames", "3", "--no-sound", "--config", str(path),
                 "--save-dir", str(tmp_path / "save")])
    out, err = capsys.readouterr()
    assert code == 0 and json.loads(out.splitlines()[-1])["frames"] == 3
    assert len([line for line in err.splitlines() if line.startswith("bloxcab: config:")]) == 1


FUZZ = 2000 if LONG else 200


def test_a_4200_digit_pin_leaves_that_input_unwired() -> None:
    config, errors = parse_config("[inputs.gpio.pins]\ncoin1 = " + "1" * 4200 + "\n")
    assert config.inputs.gpio.pins == {}
    assert errors == ['cabinet.toml:2: inputs.gpio.pins.coin1: pin a 4200-digit integer is not '
                      'a header GPIO (BCM 0-27); coin1 left unwired']


def test_random_nesting_and_numbers(tmp_path: Path) -> None:
    rng = random.Random(7)
    for _ in range(FUZZ):
        depth = rng.randint(0, 1200)
        digits = rng.randint(1, 6000)
        value = rng.choice(["[" * depth + "]" * depth, "9" * digits, "-" + "1" * digits,
                            "{a=" * min(depth, 50) + "1" + "}" * min(depth, 50)])
        key = rng.choice(["[audio]\nvolume", "[video.window]\nscale", "[inputs.gpio]\ndebounce_ms"])
        _check(f"{key} = {value}\n")
