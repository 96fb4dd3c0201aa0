"""The TGM3 cartridge's modes, keyed by rules id. Adding a mode is one entry here: its
rules id, the name on the mode select and a factory that returns a ``TiMode``. The mode
module brings its own player and referee (on the Arika kit); the session, screen,
rankings and CLI read the mode only through ``TiMode``.

A factory imports its mode's module when the mode is first used, so one mode's module
never has to import another's (and each imports this one for ``TiMode``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.decision import Decision
from games.arika.player import ArikaPlayer
from games.arika.randomizer import PieceDealer
from games.arika.rules import ArikaRules
from games.ti.rules.bag import TiBag
from games.ti.rules.exams import Account, Exam


@dataclass(frozen=True)
class ModeEntry:
    title: str  # the mode select's name
    factory: Callable[[], TiMode]


def _master() -> TiMode:
    from games.ti import master

    return master.mode()


def _easy() -> TiMode:
    from games.ti import easy

    return easy.mode()


def _shirase() -> TiMode:
    from games.ti import shirase

    return shirase.mode()


def _sakura() -> TiMode:
    from games.ti import sakura

    return sakura.mode()


# In the order of the mode select.
MODES: dict[str, ModeEntry] = {
    "ti-master": ModeEntry("MASTER", _master),
    "ti-easy": ModeEntry("EASY", _easy),
    "ti-shirase": ModeEntry("SHIRASE", _shirase),
    "ti-sakura": ModeEntry("SAKURA", _sakura),
}


@dataclass(frozen=True)
class TiMode:
    """What a mode gives the cartridge.

    ``new_player(index, settings, seed)`` makes one player's game (its player class and
    referee are the mode's own). ``document()`` is the mode's part of `bloxcab rules R
    --json` (its tables); ``decisions`` its Decision entries. ``dealer(seed)`` deals its
    pieces (`bloxcab pieces`). ``settings`` are the mode's own settings with their
    defaults and ``check`` returns one line for a bad value (None if good). ``accounts``:
    the mode plays for an account's qualified grade (grade history and exams): then
    ``for_account(player, account, exam)`` sets the player's game up for it and the
    referee's summary gives ``worth``, the grade index the history keeps."""

    id: str
    title: str
    rules: ArikaRules
    new_player: Callable[[int, Mapping[str, Any], int], ArikaPlayer]
    document: Callable[[], dict[str, object]]
    decisions: Mapping[str, Decision[Any]] = field(default_factory=dict)
    dealer: Callable[[int], PieceDealer] = TiBag
    settings: Mapping[str, Any] = field(default_factory=dict)
    check: Callable[[str, Any], str | None] = lambda name, value: None
    accounts: bool = False
    for_account: Callable[[ArikaPlayer, Account, Exam | None], None] = (
        lambda player, account, exam: None)


@cache
def mode(rules_id: str) -> TiMode:
    """The mode of ``rules_id``; ValueError (one line) for a rules id not in MODES."""
    entry = MODES.get(rules_id)
    if entry is None:
        raise ValueError(f"unknown rules {rules_id!r}; choose one of: {', '.join(MODES)}")
    made = entry.factory()
    if not isinstance(made, TiMode) or made.id != rules_id:
        raise ValueError(f"the factory of {rules_id} makes another mode")
    return made


def default_settings() -> dict[str, Any]:
    """Every mode's settings with their defaults (one namespace: a mode's names are its
    own, e.g. "cool_rule"). Accounts are no settings: a signed-in player's comes with the
    board's sign-in verdict (games/ti/accounts.py)."""
    out: dict[str, Any] = {}
    for rules_id in MODES:
        out.update(mode(rules_id).settings)
    return out


def check_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings with defaults filled in; ValueError (one line) for an unknown name or
    a bad value."""
    full = default_settings()
    for name, value in settings.items():
        if name not in full:
            raise ValueError(f"unknown TGM3 setting {name!r}; known: {', '.join(full)}")
        for rules_id in MODES:
            m = mode(rules_id)
            if name in m.settings:
                problem = m.check(name, value)
                if problem is not None:
                    raise ValueError(problem)
        full[name] = value
    return full
