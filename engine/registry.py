"""The rule sets the board can run, by id."""

from __future__ import annotations

from engine.bloxeed import BLOXEED
from engine.rules import Rules
from engine.sega88 import SEGA88

RULES: dict[str, Rules] = {SEGA88.id: SEGA88, BLOXEED.id: BLOXEED}


def get_rules(rules_id: str) -> Rules:
    try:
        return RULES[rules_id]
    except KeyError:
        raise ValueError(
            f"unknown rules {rules_id!r}; choose one of: {', '.join(sorted(RULES))}"
        ) from None
