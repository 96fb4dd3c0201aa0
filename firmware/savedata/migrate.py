"""Bring a payload written by any earlier schema version up to the current one.

Version history:
  1  first release: DIP banks as [sw1, sw2] pairs, ranking rows [initials, score, lines, level],
     game counts [1P, 2P], no power-on time.
  2  DIP banks as {"sw1", "sw2"}; ranking rows gain a replay id; game counts gain play time in
     frames; bookkeeping gains power-on seconds.

  3  one section per game id ("games": dips, seeds, rankings, plays); ranking rows become
     {"initials", "values": {column: value}, "replay"}; seeds are named per game.

Each step takes a dict of version N and returns a new dict of version N + 1; they chain.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from firmware.savedata.schema import CURRENT_VERSION, SchemaError
from games.registry import CARTRIDGES


def _v1_to_v2(old: dict[str, Any]) -> dict[str, Any]:
    new = copy.deepcopy(old)
    try:
        new["dips"] = {g: {"sw1": pair[0], "sw2": pair[1]} for g, pair in old["dips"].items()}
        new["rankings"] = {
            g: {m: [[*row, None] for row in rows] for m, rows in modes.items()}
            for g, modes in old["rankings"].items()
        }
        bk = new["bookkeeping"]
        bk["games"] = {g: [*counts, 0] for g, counts in old["bookkeeping"]["games"].items()}
        bk["power_on_seconds"] = 0
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise SchemaError(f"version 1 payload malformed ({exc!r})") from exc
    return new


# Version 2 ranking rows were [initials, score, lines, level, replay id].
_V2_COLUMNS = ("score", "lines", "level")


def _v2_seed_owner(key: str) -> tuple[str, str] | None:
    """(game id, seed name) of a version-2 seed key, from the cartridges' legacy names."""
    for cart in CARTRIDGES.values():
        if key in cart.board.legacy_seeds:
            return cart.id, cart.board.legacy_seeds[key]
    return None


def _v2_to_v3(old: dict[str, Any]) -> dict[str, Any]:
    try:
        bk = copy.deepcopy(old["bookkeeping"])
        plays = bk.pop("games")
        ids = [*old["dips"], *(g for g in old["rankings"] if g not in old["dips"])]
        games: dict[str, Any] = {
            g: {"dips": {"sw1": 0xFF, "sw2": 0xFF}, "seeds": {}, "rankings": {},
                "plays": [0, 0, 0]} for g in ids}
        for g, banks in old["dips"].items():
            games[g]["dips"] = copy.deepcopy(banks)
        for key, value in old["seeds"].items():
            owner = _v2_seed_owner(key)
            if owner is not None and owner[0] in games:
                games[owner[0]]["seeds"][owner[1]] = value
        for g, modes in old["rankings"].items():
            games[g]["rankings"] = {
                m: [{"initials": row[0], "values": dict(zip(_V2_COLUMNS, row[1:4], strict=True)),
                     "replay": row[4]} for row in rows]
                for m, rows in modes.items()
            }
        for g, counts in plays.items():
            if g in games:
                games[g]["plays"] = list(counts)
    except (KeyError, TypeError, IndexError, AttributeError, ValueError) as exc:
        raise SchemaError(f"version 2 payload malformed ({exc!r})") from exc
    return {
        "selected_game": old.get("selected_game"),
        "games": games,
        "bookkeeping": bk,
        "credits": old.get("credits"),
        "credit_board": old.get("credit_board", {}),
    }


# STEPS[n] turns version n into version n + 1.
STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}


def migrate(payload: Any, version: int) -> dict[str, Any]:
    """Return `payload` (schema `version`) as a current-version dict."""
    if version > CURRENT_VERSION:
        raise SchemaError(f"written by newer firmware (schema {version} > {CURRENT_VERSION})")
    if version < 1 or any(v not in STEPS for v in range(version, CURRENT_VERSION)):
        raise SchemaError(f"no migration from schema {version}")
    if not isinstance(payload, dict):
        raise SchemaError("payload is not an object")
    current: dict[str, Any] = payload
    for v in range(version, CURRENT_VERSION):
        current = STEPS[v](current)
    return current
