"""The round table of the cartridge: its data file (games/blockout/rounds.toml), read by
the board (games/data_files.py) and parsed once."""

from __future__ import annotations

from functools import cache

from games.blockout.rules.decisions import REFRESH_HZ
from games.blockout.rules.rounds import RoundTable, parse
from games.data_files import files

ROUNDS_FILE = "blockout/rounds.toml"  # under games/


@cache
def round_table() -> RoundTable:
    return parse(files().bundled(ROUNDS_FILE), REFRESH_HZ)
