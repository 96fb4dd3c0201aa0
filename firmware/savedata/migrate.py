"""Bring a payload written by any earlier schema version up to the current one.

Version history:
  1  first release: DIP banks as [sw1, sw2] pairs, ranking rows [initials, score, lines, level],
     game counts [1P, 2P], no power-on time.
  2  DIP banks as {"sw1", "sw2"}; ranking rows gain a replay id; game counts gain play time in
     frames; bookkeeping gains power-on seconds.

Each step takes a dict of version N and returns a new dict of version N + 1; they chain.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from firmware.savedata.schema import CURRENT_VERSION, SchemaError


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


# STEPS[n] turns version n into version n + 1.
STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2}


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
