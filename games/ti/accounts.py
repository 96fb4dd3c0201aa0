"""TGM3 accounts in the cartridge's own save section (``games.ti.own`` in the save file):
``{"accounts": {initials: {...}}}``, checked on load, updated after each player's game
(grade history, exam result), and the "grade ranking" of accounts made from them (ranking
mode ``ti-grade``).

A session holds no account: a player types initials and PIN, the session asks, and the
board runs ``sign_in`` on a worker (the salted scrypt digest is slow on purpose) and hands
the verdict back (engine/session.py SignsIn). The verdict names the player's own account
only, without its digest; the replay keeps it, so a ranked game verifies and carries no
other account. Each account keeps its own salt; an old save's unsalted digest is kept,
marked by having no salt, and replaced by a salted one at its owner's next right PIN."""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.session import GameSession
from games.cartridge import RankValue, SaveSection
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.exams import HISTORY, Account, after_game
from games.ti.rules.login import (
    DIGEST_BYTES,
    INITIALS,
    LETTERS,
    SALT_BYTES,
    legacy_digest,
    pin_digest,
)
from games.ti.rules.master import GM, GRADE_NAMES
from games.ti.rules.master_game import display_grade

GRADE_RANKING = "ti-grade"
MOST_ACCOUNTS: int = TI_DECISIONS["most_accounts"].value
_HOLD = TI_DECISIONS["wrong_pin_hold_frames"].value
_WRONG_MAX = 99  # wrong PINs in a row stop counting here; the hold is at its top long before
LEGACY_HEX = 16  # the first release's unsalted digest
_COUNT_MAX = 999_999  # games and demotion points stop counting here (a setting's text)


def account_json(a: Account, keep: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The account as kept; its PIN digest, salt and wrong-PIN count from ``keep`` (the
    kept entry), else ``a.pin`` unsalted (tests and the first release's form)."""
    out: dict[str, Any] = {"pin": a.pin, "qualified": a.qualified,
                           "history": list(a.history), "demotion_points": a.demotion_points,
                           "since_demotion": a.since_demotion, "games": a.games}
    if keep is not None:
        out["pin"] = keep["pin"]
        for key in ("salt", "wrong"):
            if key in keep:
                out[key] = keep[key]
    return out


_HEX_DIGITS = frozenset("0123456789abcdef")
_LETTERS = frozenset(LETTERS)


def _hex(value: Any, digits: int) -> bool:
    # A set's test runs in C: the grade ranking checks every account's digest and salt
    # after each game (48 accounts: 0.3 ms character by character).
    return isinstance(value, str) and len(value) == digits and _HEX_DIGITS.issuperset(value)


def _count(value: Any, initials: str, what: str, top: int = _COUNT_MAX) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(f"account {initials}: {what} is not a whole number from 0 to {top}")
    return value


def account_from_json(initials: str, d: Any) -> Account:
    if (not isinstance(initials, str) or len(initials) != INITIALS
            or not _LETTERS.issuperset(initials)):
        raise ValueError(f"account {initials!r}: initials are not 3 capital letters")
    if not isinstance(d, dict):
        raise ValueError(f"account {initials}: not a mapping")
    pin = d.get("pin")
    if "salt" in d:
        if not _hex(d["salt"], 2 * SALT_BYTES) or not _hex(pin, 2 * DIGEST_BYTES):
            raise ValueError(f"account {initials}: salt and pin are not {2 * SALT_BYTES} and "
                             f"{2 * DIGEST_BYTES} hex digits")
    elif not _hex(pin, LEGACY_HEX):
        raise ValueError(f"account {initials}: pin is not a {LEGACY_HEX}-digit hex digest")
    if "wrong" in d:
        _count(d["wrong"], initials, "wrong", _WRONG_MAX)
    if set(d) - {"pin", "salt", "wrong", "qualified", "history", "demotion_points",
                 "since_demotion", "games"}:
        raise ValueError(f"account {initials}: unknown keys")
    history = d.get("history")
    if not isinstance(history, list) or len(history) > HISTORY:
        raise ValueError(f"account {initials}: history is not a list of up to {HISTORY}")
    return Account(initials, str(pin),
                   qualified=_count(d.get("qualified"), initials, "qualified", GM),
                   history=tuple(_count(g, initials, "a grade", GM) for g in history),
                   demotion_points=_count(d.get("demotion_points"), initials,
                                          "demotion_points"),
                   since_demotion=_count(d.get("since_demotion"), initials, "since_demotion"),
                   games=_count(d.get("games"), initials, "games"))


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
    return {"accounts": {k: account_json(a, value["accounts"][k]) for k, a in found.items()}}


def encode(a: Account) -> str:
    """An account as the sign-in verdict gives it (no digest): class/history/points/since/
    games."""
    history = ".".join(str(g) for g in a.history)
    return (f"{a.qualified}/{history}/{min(a.demotion_points, _COUNT_MAX)}/"
            f"{min(a.since_demotion, _COUNT_MAX)}/{min(a.games, _COUNT_MAX)}")


def decode(initials: str, text: Any) -> Account:
    """The account a verdict's text gives (ValueError, one line, if damaged); no digest."""
    parts = text.split("/") if isinstance(text, str) else []
    if len(parts) != 5 or not all(p.isdigit() for p in (parts[0], *parts[2:])):
        raise ValueError(f"account {initials}: not class/history/points/since/games")
    history = [int(g) for g in parts[1].split(".") if g.isdigit()] if parts[1] else []
    account = account_from_json(initials, {
        "pin": "0" * LEGACY_HEX, "qualified": int(parts[0]), "history": history,
        "demotion_points": int(parts[2]), "since_demotion": int(parts[3]),
        "games": int(parts[4])})
    return replace(account, pin="")


def session_settings(own: Mapping[str, Any]) -> dict[str, Any]:
    """Nothing of the accounts goes into a session's settings (a replay's header): the
    player's own account comes with the sign-in's verdict. The accounts are not read here:
    ``load`` checked them and only ``sign_in`` and ``keep_after_game`` change them (checking
    all 48 again took 0.7 ms of a game's first frame)."""
    return {}


def hold_frames(wrong: int) -> int:
    """How long the board holds its answer for an account with ``wrong`` wrong PINs in a
    row (every answer, right or wrong, so the wait tells nothing)."""
    if wrong <= 0:
        return 0
    return int(min(_HOLD["first"] * 2 ** (wrong - 1), _HOLD["max"]))


@dataclass(frozen=True)
class SignIn:
    """The board's answer to a sign-in: ``verdict`` for the session ("ok/<account>",
    "new", "wrong", "full"), ``entry`` the account's new kept form (None: unchanged) and
    ``hold`` the frames to wait before answering."""

    verdict: str
    entry: dict[str, Any] | None
    hold: int


def sign_in(own: Mapping[str, Any], initials: str, pin: str, salt: bytes) -> SignIn:
    """Check ``pin`` against ``initials``' account (slow: scrypt; the board runs it on a
    worker). ``salt``: fresh random bytes from the board, used for a new account or to
    salt an old unsalted one. A full table makes no new account (an old one is never
    evicted, so its initials cannot be taken over with another PIN)."""
    accounts = own.get("accounts", {})
    kept = accounts.get(initials)
    if kept is None:
        if len(accounts) >= MOST_ACCOUNTS:
            return SignIn("full", None, 0)
        entry = {**account_json(Account(initials, "")), "pin": pin_digest(initials, pin, salt),
                 "salt": salt.hex(), "wrong": 0}
        return SignIn("new", entry, 0)
    wrong = int(kept.get("wrong", 0))
    hold = hold_frames(wrong)
    if "salt" in kept:
        right = hmac.compare_digest(pin_digest(initials, pin, bytes.fromhex(kept["salt"])),
                                    kept["pin"])
    else:  # the first release's unsalted digest: checked once, then salted
        right = hmac.compare_digest(legacy_digest(initials, pin), kept["pin"])
    if not right:
        return SignIn("wrong", {**kept, "wrong": min(wrong + 1, _WRONG_MAX)}, hold)
    account = account_from_json(initials, kept)
    entry = {**kept, "wrong": 0}
    if "salt" not in kept:
        entry.update(pin=pin_digest(initials, pin, salt), salt=salt.hex())
    return SignIn("ok/" + encode(account), entry, hold)


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
            kept = accounts.get(account.initials)
            if kept is not None:  # signed in: the board made or kept its entry
                accounts[account.initials] = account_json(account, kept)
    return {"accounts": accounts}


def grade_ranking(own: Mapping[str, Any]) -> Mapping[str, list[tuple[str, dict[str,
                                                                            RankValue]]]]:
    """Accounts by qualified class, then games played: grade = the class, level = games.
    Only what the table shows is read and checked (it is made in the frame a game ends;
    ``load`` checked every account whole and the board keeps them so)."""
    accounts = own.get("accounts", {})
    if not isinstance(accounts, dict) or len(accounts) > MOST_ACCOUNTS:
        raise ValueError(f"accounts is not a mapping of up to {MOST_ACCOUNTS}")
    found: list[tuple[int, int, str]] = []
    for initials, d in accounts.items():
        if (not isinstance(initials, str) or len(initials) != INITIALS
                or not _LETTERS.issuperset(initials) or not isinstance(d, dict)):
            raise ValueError(f"account {initials!r}: not 3 capital letters and a mapping")
        found.append((_count(d.get("qualified"), initials, "qualified", GM),
                      _count(d.get("games"), initials, "games"), initials))
    found.sort(key=lambda a: (-a[0], -a[1], a[2]))
    rows: list[tuple[str, dict[str, RankValue]]] = [
        (initials, {"grade": display_grade(GRADE_NAMES[qualified]), "level": games,
                    "clock": "", "order": qualified}) for qualified, games, initials in found]
    return {GRADE_RANKING: rows}


SAVE_SECTION = SaveSection(factory=factory, load=load, settings=session_settings,
                           after_game=keep_after_game, tables=grade_ranking,
                           sign_in=sign_in)
