"""Coins to credits: the credit board of the cabinet. Pure logic, no I/O.

Each chute keeps its own coin count in the current cycle of its coinage row
(dipswitch/coinage.py): a coin that reaches a step of the row gives that step's credits,
and the count restarts after the row's last step. With "2C/1C 5/3 6/4" coins 2, 4, 5 and 6
each give a credit. Facts with sources:
- Changing a chute's rate clears that chute's partial coins. [Source: Sega operator manuals
  7.2, HOTD4 manual "changing the rates clears inserted partial coins"]
- Free play (both chutes at value 0): starts need no credits, the lockout stays off.
  [Source: Sega operator manuals (credits, attract mode, name entry)]
- At most 9 credits; the lockout coil is energised (coins accepted) only while the board can
  take credit. [Source: Sega operator manuals (credits, attract mode, name entry) "many video games
  cap at 9", "at the cap,
  drop the coin lockout", 3.3 "energise it only while the game can accept credit"]
- The service switch adds a service credit, counted apart and not on the coin meter.
  [Source: Sega operator manuals (credits, attract mode, name entry)]
The choices no source makes are in CREDIT_DECISIONS.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dipswitch.coinage import Chute, CoinScheme, CoinSettings
from engine.decision import Decision

# Source: Sega operator manuals (credits, attract mode, name entry) (many video games cap the
# credit count at 9).
MAX_CREDITS = 9

# Every entry below is the project's own choice, not a documented fact.
CREDIT_DECISIONS: dict[str, Decision[Any]] = {
    "partial_coins": Decision(
        "restart only at the end of the coinage cycle",
        "a chute's partial count survives starts and power cuts (save data), so no coin "
        "is lost",
        "HOTD4 operator's manual (only a rate change clears partial coins)",
    ),
    "coin_at_cap": Decision(
        "counted, credits held",
        "a coin that slips past the dropped lockout is counted and its credits wait off the "
        "board until starts make room; the lockout stays off until there is room",
        "Williams pinball manuals (credit caps; at the cap the lockout drops)",
    ),
    "coin_in_free_play": Decision(
        "counted, no credit",
        "a coin in free play is counted for bookkeeping and gives nothing, so the meter "
        "and the cash box agree",
    ),
    "service_at_cap": Decision(
        "nothing, not counted",
        "a service credit at the cap, or in free play, adds nothing and is not counted",
    ),
    "credits_per_player": Decision(
        1,
        "a start takes 1 credit per player (2P start = 2 credits); no per-player rule was "
        "found for these boards",
        "MAME System C driver, an older port's 'Price Type' DIP (unverified for System 18)",
    ),
    "restore_rate_change": Decision(
        "drop that chute's partial coins",
        "state restored under a different rate drops the chute's partial coins, as a rate "
        "change in the menu would",
        "HOTD4 operator's manual (changing the rates clears partial coins)",
    ),
    "max_held_credits": Decision(
        90,
        "held credits come only from coins slipping past a dropped lockout, so more than ten "
        "full boards is damaged save data, refused at load; past it a coin is still counted "
        "in the bookkeeping",
    ),
    "count_ceiling": Decision(
        2**63 - 1,
        "bookkeeping counts stop here instead of growing past what the save data holds, so a "
        "full counter never stops the saving",
    ),
}

# Players a start can take. Source: tetris.wiki "Tetris (Sega)" (two players may play at the same
# time).
PLAYER_COUNTS = (1, 2)
CREDITS_PER_PLAYER: int = CREDIT_DECISIONS["credits_per_player"].value  # decision
MAX_HELD_CREDITS: int = CREDIT_DECISIONS["max_held_credits"].value  # decision
COUNT_CEILING: int = CREDIT_DECISIONS["count_ceiling"].value  # decision
MAX_PARTIAL_COINS = 255  # a coinage cycle is a few coins; the 4-bit rate values are 0-15
_STATE_KEYS = frozenset({"credits", "held", "partial", "bookkeeping"})
_BOOK_KEYS = frozenset({"coins_a", "coins_b", "paid_credits", "service_credits",
                        "credits_used", "free_starts"})


@dataclass
class Bookkeeping:
    """Totals for the service menu's bookkeeping page."""

    coins: dict[Chute, int] = field(default_factory=lambda: {c: 0 for c in Chute})
    paid_credits: int = 0
    service_credits: int = 0
    credits_used: int = 0
    free_starts: int = 0

    def to_dict(self) -> dict[str, int]:
        return {
            "coins_a": self.coins[Chute.A],
            "coins_b": self.coins[Chute.B],
            "paid_credits": self.paid_credits,
            "service_credits": self.service_credits,
            "credits_used": self.credits_used,
            "free_starts": self.free_starts,
        }

    @staticmethod
    def from_dict(data: object) -> Bookkeeping:
        d = _mapping(data, "bookkeeping", _BOOK_KEYS)
        return Bookkeeping(
            coins={Chute.A: _count(d, "coins_a"), Chute.B: _count(d, "coins_b")},
            paid_credits=_count(d, "paid_credits"),
            service_credits=_count(d, "service_credits"),
            credits_used=_count(d, "credits_used"),
            free_starts=_count(d, "free_starts"),
        )

    def add(self, name: str, n: int = 1) -> None:
        """Add to a count, stopping at COUNT_CEILING."""
        setattr(self, name, min(getattr(self, name) + n, COUNT_CEILING))


class CreditBoard:
    """Credits on the board, partial coins per chute, and the coin lockout state."""

    def __init__(self, coin_settings: CoinSettings, max_credits: int = MAX_CREDITS) -> None:
        if isinstance(max_credits, bool) or not isinstance(max_credits, int) or max_credits < 1:
            raise ValueError(f"max credits must be a whole number of at least 1, "
                             f"not {max_credits!r}")
        self._settings = coin_settings
        self.max_credits = max_credits
        self.credits = 0
        self.held = 0
        self.partial: dict[Chute, int] = {c: 0 for c in Chute}
        self.books = Bookkeeping()

    @property
    def coin_settings(self) -> CoinSettings:
        return self._settings

    @property
    def free_play(self) -> bool:
        return self._settings.free_play

    @property
    def accepting(self) -> bool:
        """True while the coin lockout coil should be energised (coins accepted)."""
        return not self._settings.free_play and self.credits + self.held < self.max_credits

    def set_coin_settings(self, settings: CoinSettings) -> None:
        """New rates (DIP change). A chute whose rate changes loses its partial coins."""
        for chute in Chute:
            if settings.scheme(chute) != self._settings.scheme(chute):
                self.partial[chute] = 0
        self._settings = settings

    def coin(self, chute: Chute | int) -> int:
        """One coin through ``chute``; returns the credits it earned (held ones included)."""
        ch = _chute(chute)
        self.books.coins[ch] = min(self.books.coins[ch] + 1, COUNT_CEILING)
        if self.free_play:
            return 0
        scheme = self._settings.scheme(ch)
        before = scheme.credits_at(self.partial[ch])
        self.partial[ch] += 1
        earned = scheme.credits_at(self.partial[ch]) - before
        if self.partial[ch] >= scheme.cycle_coins:
            self.partial[ch] = 0
        self.books.add("paid_credits", earned)
        self._add(earned)
        return earned

    def service(self) -> int:
        """The service switch: one credit, kept apart from paid credits. Returns 0 or 1."""
        if self.free_play or self.credits + self.held >= self.max_credits:
            return 0
        self.books.add("service_credits")
        self._add(1)
        return 1

    def credits_for_start(self, players: int) -> int:
        return _players(players) * CREDITS_PER_PLAYER

    def can_start(self, players: int) -> bool:
        needed = self.credits_for_start(players)
        return self.free_play or self.credits >= needed

    def start(self, players: int) -> bool:
        """Take the credits for a start (1 per player). False, and nothing taken, when the
        board lacks them."""
        if not self.can_start(players):
            return False
        if self.free_play:
            self.books.add("free_starts", players)
            return True
        needed = self.credits_for_start(players)
        self.credits -= needed
        self.books.add("credits_used", needed)
        self._add(0)
        return True

    def coins_to_next_credit(self, chute: Chute | int) -> int:
        """Coins still needed on ``chute`` before it gives its next credit (0 in free play)."""
        ch = _chute(chute)
        if self.free_play:
            return 0
        scheme = self._settings.scheme(ch)
        have = scheme.credits_at(self.partial[ch])
        for coins, credits in scheme.steps:
            if credits > have:
                return coins - self.partial[ch]
        return scheme.steps[0][0]  # unreachable: the count restarts at the last step

    def _add(self, credits: int) -> None:
        total = self.credits + self.held + credits
        self.credits = min(total, self.max_credits)
        self.held = min(total - self.credits, MAX_HELD_CREDITS)

    # -- save data -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        return {
            "credits": self.credits,
            "held": self.held,
            "partial": {
                c.name: {"value": self._settings.scheme(c).value, "coins": self.partial[c]}
                for c in Chute
            },
            "bookkeeping": self.books.to_dict(),
        }

    @staticmethod
    def from_dict(
        data: object, coin_settings: CoinSettings, max_credits: int = MAX_CREDITS
    ) -> CreditBoard:
        """Restore saved state under the rates now set. A partial count saved under another
        rate is dropped (as a rate change would). Malformed data: ValueError, one line."""
        check_state(data)
        d = _mapping(data, "credit state", _STATE_KEYS)
        board = CreditBoard(coin_settings, max_credits)
        board.books = Bookkeeping.from_dict(d.get("bookkeeping", {}))
        board._add(_count(d, "credits") + _count(d, "held"))
        partial = _mapping(d.get("partial", {}), "partial coins", _CHUTE_NAMES)
        for chute in Chute:
            if chute.name not in partial:
                continue
            entry = _mapping(partial[chute.name], f"partial coins of chute {chute.name}")
            scheme: CoinScheme = coin_settings.scheme(chute)
            coins = _count(entry, "coins")
            if entry.get("value") == scheme.value and coins < scheme.cycle_coins:
                board.partial[chute] = coins
        return board


def check_state(data: object) -> None:
    """Shape and bounds of a saved credit state (``CreditBoard.to_dict()``), without the coin
    settings: ValueError naming the first bad field. The save-data loader refuses a bank
    that fails this, so the other bank is used instead."""
    d = _mapping(data, "credit state", _STATE_KEYS)
    _count(d, "credits", MAX_CREDITS)
    _count(d, "held", MAX_HELD_CREDITS)
    partial = _mapping(d.get("partial", {}), "partial coins", _CHUTE_NAMES)
    for name, entry in partial.items():
        chute = _mapping(entry, f"partial coins of chute {name}", frozenset({"value", "coins"}))
        _count(chute, "value", 15)
        _count(chute, "coins", MAX_PARTIAL_COINS)
    Bookkeeping.from_dict(d.get("bookkeeping", {}))


_CHUTE_NAMES = frozenset(c.name for c in Chute)


def _chute(chute: Chute | int) -> Chute:
    if isinstance(chute, bool) or not isinstance(chute, int):
        raise ValueError(f"coin chute must be 1 (A) or 2 (B), not {chute!r}")
    try:
        return Chute(chute)
    except ValueError:
        raise ValueError(f"coin chute must be 1 (A) or 2 (B), not {chute!r}") from None


def _players(players: int) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise ValueError(f"a start is for 1 or 2 players, not {players!r}")
    return players


def _mapping(data: object, what: str,
             keys: frozenset[str] | None = None) -> dict[str, object]:
    if not isinstance(data, dict):
        raise ValueError(f"{what} must be a mapping, not {type(data).__name__}")
    if keys is not None:
        unknown = sorted(str(k)[:20] for k in data if k not in keys)
        if unknown:
            raise ValueError(f"{what} has unknown keys {', '.join(unknown[:3])}")
    return data


def _count(data: dict[str, object], key: str, top: int = COUNT_CEILING) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        shown = repr(value) if len(repr(value)) <= 24 else repr(value)[:21] + "..."
        raise ValueError(f"{key} must be a whole number 0-{top}, not {shown}")
    return value
