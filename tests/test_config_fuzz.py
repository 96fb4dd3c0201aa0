"""A cabinet.toml of any content loads without a crash; every problem is one line."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.config import parse_config
from firmware.config_lines import key_lines
from firmware.config_schema import CabinetConfig

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
