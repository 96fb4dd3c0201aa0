"""Field checks on top of the schema, and saturation, so a loadable save is always writable.

``check_fields`` refuses what the schema's types let through but no board would ever hold
(initials of 40 characters, 10^12 held credits). The loader runs it on every bank (a bank
that fails is unusable and the other bank is used); the writer runs it before every write,
so nothing the loader would refuse is ever written.

``saturate`` stops every count at COUNT_CEILING when a snapshot is taken: a counter at its
top (coins 2^63-1) then writes back as itself instead of becoming a record load() refuses.
"""

from __future__ import annotations

from typing import Any

from firmware.credits import COUNT_CEILING, check_state
from firmware.savedata.schema import GAMES, INITIALS, SaveData, SchemaError

# decision: free text in the save data (replay ids, the bookkeeping clear stamp, ranking mode
# names) is at most 64 printable characters; an ISO 8601 time stamp is 25.
MAX_TEXT = 64


def _text(value: str | None, where: str, longest: int = MAX_TEXT) -> None:
    if value is not None and (len(value) > longest or not value.isprintable()):
        raise SchemaError(f"{where} is not up to {longest} printable characters")


def check_fields(data: SaveData) -> None:
    """SchemaError naming the first field out of bounds."""
    try:
        check_state(data.credit_board)
    except ValueError as exc:
        raise SchemaError(f"save.credit_board: {exc}") from None
    for game in data.dips:
        if game not in GAMES:
            raise SchemaError(f"dips.{str(game)[:20]} is not a known game")
    for game, modes in data.rankings.items():
        if game not in GAMES:
            raise SchemaError(f"rankings.{str(game)[:20]} is not a known game")
        for mode, table in modes.items():
            _text(mode, f"rankings.{game} mode name")
            for entry in table:
                _text(entry.initials, f"rankings.{game}.{mode} initials", INITIALS)
                _text(entry.replay_id, f"rankings.{game}.{mode} replay id")
    for game in data.bookkeeping.games:
        if game not in GAMES:
            raise SchemaError(f"bookkeeping.games.{str(game)[:20]} is not a known game")
    _text(data.bookkeeping.cleared_at, "bookkeeping.cleared_at")


def saturate(value: Any) -> Any:
    """A copy of a snapshot (plain dicts, lists, scalars) with every integer above
    COUNT_CEILING brought down to it."""
    if isinstance(value, dict):
        return {k: saturate(v) for k, v in value.items()}
    if isinstance(value, list):
        return [saturate(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and value > COUNT_CEILING:
        return COUNT_CEILING
    return value
