"""The rule a player plays every TGM3 mode with: Classic (Ti-ARS) or World (SRS), picked
per player at the mode select (lever up or down) or, for one mode at once (the CLI,
replays), by the ``rule`` setting."""

from __future__ import annotations

from typing import Any

CLASSIC, WORLD = "classic", "world"
RULES: tuple[str, ...] = (CLASSIC, WORLD)
SETTINGS: dict[str, Any] = {"rule": CLASSIC}


def check(name: str, value: Any) -> str | None:
    if name == "rule" and value not in RULES:
        return f"rule must be one of {', '.join(RULES)}, not {value!r}"
    return None
