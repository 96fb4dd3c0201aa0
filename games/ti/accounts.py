"""TGM3 accounts in the cartridge's own save section (``games.ti.own`` in the save file):
``{"accounts": {initials: {...}}}``, checked on load, handed to each new session as one
short text setting per account (``account_ABC``: a replay's header holds them, so a game
played for an account verifies), updated after each player's game (grade history, exam
result), and the "grade ranking" of accounts made from them (ranking mode ``ti-grade``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.session import GameSession
from games.cartridge import RankValue, SaveSection
from games.ti.modes import ACCOUNT_PREFIX
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.exams import HISTORY, Account, after_game
from games.ti.rules.login import INITIALS, LETTERS
from games.ti.rules.master import GM, GRADE_NAMES
from games.ti.rules.master_game import display_grade

GRADE_RANKING = "ti-grade"
MOST_ACCOUNTS: int = TI_DECISIONS["most_accounts"].value
_COUNT_MAX = 999_999  # games and demotion points stop counting here (a setting's text)


def account_json(a: Account) -> dict[str, Any]:
    return {"pin": a.pin, "qualified": a.qualified, "history": list(a.history),
            "demotion_points": a.demotion_points, "since_demotion": a.since_demotion,
            "games": a.games}


def _count(value: Any, what: str, top: int = _COUNT_MAX) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(f"{what} is not a whole number from 0 to {top}")
    return value


def account_from_json(initials: str, d: Any) -> Account:
    if (not isinstance(initials, str) or len(initials) != INITIALS
            or any(ch not in LETTERS for ch in initials)):
        raise ValueError(f"account {initials!r}: initials are not 3 capital letters")
    if not isinstance(d, dict):
        raise ValueError(f"account {initials}: not a mapping")
    pin = d.get("pin")
    if not isinstance(pin, str) or len(pin) != 16 or any(c not in "0123456789abcdef"
                                                          for c in pin):
        raise ValueError(f"account {initials}: pin is not a 16-digit hex digest")
    history = d.get("history")
    if not isinstance(history, list) or len(history) > HISTORY:
        raise ValueError(f"account {initials}: history is not a list of up to {HISTORY}")
    return Account(initials, pin,
                   qualified=_count(d.get("qualified"), f"account {initials}: qualified", GM),
                   history=tuple(_count(g, f"account {initials}: a grade", GM)
                                 for g in history),
                   demotion_points=_count(d.get("demotion_points"),
                                          f"account {initials}: demotion_points"),
                   since_demotion=_count(d.get("since_demotion"),
                                         f"account {initials}: since_demotion"),
                   games=_count(d.get("games"), f"account {initials}: games"))


def accounts_from(value: Any) -> dict[str, Account]:
    if not isinstance(value, dict):
        raise ValueError("accounts is not a mapping")
    if len(value) > MOST_ACCOUNTS:
        raise ValueError(f"more than {MOST_ACCOUNTS} accounts")
    return {initials: account_from_json(initials, d) for initials, d in value.items()}


def factory() -> dict[str, Any]:
    return {"accounts": {}}


def load(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or set(value) != {"accounts"}:
        raise ValueError("holds other than 'accounts'")
    found = accounts_from(value["accounts"])
    return {"accounts": {k: account_json(a) for k, a in found.items()}}


def encode(a: Account) -> str:
    """One account as a setting's text: digest/class/history/points/since/games."""
    history = ".".join(str(g) for g in a.history)
    return (f"{a.pin}/{a.qualified}/{history}/{min(a.demotion_points, _COUNT_MAX)}/"
            f"{min(a.since_demotion, _COUNT_MAX)}/{min(a.games, _COUNT_MAX)}")


def decode(initials: str, text: Any) -> Account:
    parts = text.split("/") if isinstance(text, str) else []
    if len(parts) != 6 or not all(p.isdigit() for p in (parts[1], *parts[3:])):
        raise ValueError(f"account {initials}: not digest/class/history/points/since/games")
    history = [int(g) for g in parts[2].split(".") if g.isdigit()] if parts[2] else []
    return account_from_json(initials, {
        "pin": parts[0], "qualified": int(parts[1]), "history": history,
        "demotion_points": int(parts[3]), "since_demotion": int(parts[4]),
        "games": int(parts[5])})


def from_settings(settings: Mapping[str, Any]) -> dict[str, Account]:
    """The accounts a session's settings hold (ValueError, one line, if one is bad)."""
    return {name[len(ACCOUNT_PREFIX):]: decode(name[len(ACCOUNT_PREFIX):], value)
            for name, value in settings.items() if name.startswith(ACCOUNT_PREFIX)}


def session_settings(own: Mapping[str, Any]) -> dict[str, Any]:
    found = accounts_from(own.get("accounts", {}))
    return {ACCOUNT_PREFIX + k: encode(a) for k, a in found.items()}


def keep_after_game(own: Mapping[str, Any], session: GameSession, index: int
                    ) -> dict[str, Any]:
    from games.ti.session import TiSession

    accounts = dict(own.get("accounts", {}))
    if isinstance(session, TiSession):
        played = session.account_result(index)
        if played is not None:
            account, worth, exam, rule = played
            account, _ = after_game(account, worth, exam, rule)
            account = replace(account, demotion_points=min(account.demotion_points,
                                                           _COUNT_MAX),
                              games=min(account.games, _COUNT_MAX))
            accounts[account.initials] = account_json(account)
            if len(accounts) > MOST_ACCOUNTS:
                least = min(accounts, key=lambda k: (accounts[k]["games"], k))
                del accounts[least]
    return {"accounts": accounts}


def grade_ranking(own: Mapping[str, Any]) -> Mapping[str, list[tuple[str, dict[str,
                                                                            RankValue]]]]:
    """Accounts by qualified class, then games played: grade = the class, level = games."""
    found = accounts_from(own.get("accounts", {}))
    ordered = sorted(found.values(), key=lambda a: (-a.qualified, -a.games, a.initials))
    rows: list[tuple[str, dict[str, RankValue]]] = [
        (a.initials, {"grade": display_grade(GRADE_NAMES[a.qualified]), "level": a.games,
                      "clock": "", "order": a.qualified}) for a in ordered]
    return {GRADE_RANKING: rows}


SAVE_SECTION = SaveSection(factory=factory, load=load, settings=session_settings,
                           after_game=keep_after_game, tables=grade_ranking)
