"""Every TGM3 decision has a value and a one-line why."""

from __future__ import annotations

from engine.decision import Decision
from games.ti.rules.decisions import TI_DECISIONS


def test_decisions_have_value_and_why() -> None:
    assert TI_DECISIONS
    for name, d in TI_DECISIONS.items():
        assert isinstance(d, Decision), name
        assert d.why and "\n" not in d.why, name
