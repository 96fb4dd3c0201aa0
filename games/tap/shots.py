"""TAP's screenshots for docs/screens, taken with the others by ``python -m tools.shots``."""

from __future__ import annotations

from pathlib import Path

from games.tap import doubles_shots


def take(out: Path) -> list[Path]:
    return doubles_shots.take(out)
