"""Field checks on top of the schema, and saturation, so a loadable save is always writable.

``check_fields`` refuses what the schema's types let through but no board would ever hold
(10^12 held credits in the credit board's state). The loader runs it on every bank (a bank
that fails is unusable and the other bank is used); the writer runs it before every write,
so nothing the loader would refuse is ever written.

``saturate`` stops every count at COUNT_CEILING when a snapshot is taken: a counter at its
top (coins 2^63-1) then writes back as itself instead of becoming a record load() refuses.
"""

from __future__ import annotations

from typing import Any

from firmware.credits import COUNT_CEILING, check_state
from firmware.savedata.schema import SaveData, SchemaError


def check_fields(data: SaveData) -> None:
    """SchemaError naming the first field out of bounds. The schema checks its own fields
    (initials, texts, counts); the credit board's state is the credit board's to check."""
    try:
        check_state(data.credit_board)
    except ValueError as exc:
        raise SchemaError(f"save.credit_board: {exc}") from None


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
