"""Reads the round table's data file (games/blockout/rounds.toml) once for the cartridge."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from games.blockout.rules.decisions import REFRESH_HZ
from games.blockout.rules.rounds import RoundTable, parse

ROUNDS_FILE = Path(__file__).with_name("rounds.toml")


@cache
def round_table() -> RoundTable:
    return parse(ROUNDS_FILE.read_text(encoding="utf-8"), REFRESH_HZ)
