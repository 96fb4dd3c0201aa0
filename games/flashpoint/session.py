"""Flash Point sessions on the board: the pure game with the stage set in play (the built-in
one, or the operator's file when ``use_stage_file`` accepted it)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from games.flashpoint.rules.session import FlashPointGame
from games.flashpoint.rules.stages import Stage
from games.flashpoint.stagefile import builtin_stages, load_stages

_active: tuple[Stage, ...] | None = None


def use_stage_file(path: str | Path | None) -> str | None:
    """Play the stages of ``path`` from now on (None: the built-in set). Returns None, or
    the one-line notice when the file could not be used and the built-in set plays."""
    global _active
    stages, problem = load_stages(path)
    _active = stages
    return problem


def active_stages() -> tuple[Stage, ...]:
    return _active if _active is not None else builtin_stages()


class FlashPointSession(FlashPointGame):
    """``FlashPointSession(settings, seeds, players)``: a ``GameSession`` on the stages in
    play."""

    def __init__(self, settings: Mapping[str, Any], seeds: Mapping[str, int],
                 players: int) -> None:
        super().__init__(settings, seeds, players, active_stages())


def new_session(rules_id: str, settings: Mapping[str, Any], seeds: Mapping[str, int],
                players: int) -> FlashPointSession:
    if rules_id != "flashpoint":
        raise ValueError(f"this cartridge plays 'flashpoint', not {rules_id!r}")
    return FlashPointSession(settings, seeds, players)
