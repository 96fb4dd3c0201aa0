"""One shape for every table of project decisions (rules no public source settles).

Each game's rules, the DIP banks, the credit board and the cabinet keep their choices in a
``dict[str, Decision]``; ``bloxcab rules R --json`` prints every entry as value, why and
the nearest public source. A decision a source later settles leaves its table for a sourced
table next to the code that uses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

V = TypeVar("V", covariant=True)


@dataclass(frozen=True, slots=True)
class Decision(Generic[V]):
    """``value`` is what the code uses; ``why`` one line on the choice; ``source`` the
    nearest public source, where one exists (it then says something close, not the value)."""

    value: V
    why: str
    source: str | None = None

    def __post_init__(self) -> None:
        if not self.why.strip() or "\n" in self.why:
            raise ValueError("a decision needs a one-line why")

    def as_json(self) -> dict[str, Any]:
        return {"value": _plain(self.value), "why": self.why, "source": self.source}


DecisionTable = Mapping[str, Decision[Any]]


def table_json(table: DecisionTable) -> dict[str, dict[str, Any]]:
    """A decision table as JSON-ready data: ``{name: {value, why, source}}``."""
    return {name: decision.as_json() for name, decision in table.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value
