"""Flash Point sessions on the board: the pure game with the stage set in play (the built-in
one, or the operator's file when ``use_stage_file`` in games/flashpoint/stagefile.py
accepted it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.flashpoint.rules.session import FlashPointGame
from games.flashpoint.stagefile import active_stages


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
