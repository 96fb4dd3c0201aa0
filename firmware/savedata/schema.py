"""What the save data holds (schema version 2), its factory defaults and its JSON form.

Pure: no clock, no files. Functions that need a time take it as an argument.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from dipswitch import SW1, game_bank

CURRENT_VERSION = 2

GAMES = ("sega88", "bloxeed")
CHUTES = 2
RANKING_SIZE = 10
INITIALS = 3

# The factory bank bytes come from the DIP bank definitions (dipswitch/), the one place that
# knows what each switch means.
FACTORY_SW1 = SW1.factory
FACTORY_SW2 = {g: game_bank(g).factory for g in ("sega88", "bloxeed")}
# decision: one ranking table per game for now; insert_ranking() creates other modes on demand.
RANKING_MODES = {"sega88": ("normal",), "bloxeed": ("normal",)}
DEFAULT_GAME = "bloxeed"


class SchemaError(ValueError):
    """A payload does not fit the schema; the message names the field."""


@dataclass
class DipBanks:
    """Raw soft-DIP bank bytes, as the switches would read (ON = 0). dipswitch/ decodes them."""

    sw1: int = FACTORY_SW1
    sw2: int = 0xFF


@dataclass
class Seeds:
    """RNG seeds kept across power cycles; 0 everywhere gives the power-on pattern."""

    sega88_main: int = 0
    bloxeed_main: int = 0
    bloxeed_piece: int = 0


@dataclass
class RankEntry:
    initials: str
    score: int
    lines: int
    level: int
    replay_id: str | None = None


@dataclass
class GameCounts:
    one_player: int = 0
    two_player: int = 0
    play_frames: int = 0  # frames of play, all players, for "average game time"


@dataclass
class Bookkeeping:
    coins: list[int] = field(default_factory=lambda: [0] * CHUTES)  # index 0 = chute 1
    service_credits: int = 0
    credits_given: int = 0  # credits bought with coins
    credits_used: int = 0
    games: dict[str, GameCounts] = field(default_factory=lambda: {g: GameCounts() for g in GAMES})
    power_on_seconds: int = 0
    cleared_at: str | None = None  # ISO 8601 or unix time as text, passed in by the caller


def _factory_dips() -> dict[str, DipBanks]:
    return {g: DipBanks(sw1=FACTORY_SW1, sw2=FACTORY_SW2[g]) for g in GAMES}


def _factory_rankings() -> dict[str, dict[str, list[RankEntry]]]:
    return {g: {m: [] for m in modes} for g, modes in RANKING_MODES.items()}


@dataclass
class SaveData:
    selected_game: str = DEFAULT_GAME
    dips: dict[str, DipBanks] = field(default_factory=_factory_dips)
    seeds: Seeds = field(default_factory=Seeds)
    rankings: dict[str, dict[str, list[RankEntry]]] = field(default_factory=_factory_rankings)
    bookkeeping: Bookkeeping = field(default_factory=Bookkeeping)
    credits: int = 0  # credits on the machine right now
    # firmware.credits.CreditBoard.to_dict(): partial coins per chute, held credits.
    credit_board: dict[str, Any] = field(default_factory=dict)


def factory() -> SaveData:
    return SaveData()


def insert_ranking(data: SaveData, game: str, mode: str, entry: RankEntry) -> int | None:
    """Put `entry` into the game/mode table, kept sorted by score (highest first).

    An equal score ranks below the entries already there. Returns the rank (1..10) or None when
    the score does not make the table.
    """
    table = data.rankings.setdefault(game, {}).setdefault(mode, [])
    position = len(table)
    for i, held in enumerate(table):
        if entry.score > held.score:
            position = i
            break
    if position >= RANKING_SIZE:
        return None
    table.insert(position, entry)
    del table[RANKING_SIZE:]
    return position + 1


def clear_bookkeeping(data: SaveData, when: str) -> None:
    """Zero the bookkeeping (operator's "clear bookkeeping"), stamping when it was done."""
    data.bookkeeping = Bookkeeping(cleared_at=when)


# ---- JSON form ---------------------------------------------------------------------------


def to_dict(data: SaveData) -> dict[str, Any]:
    """A fresh dict of plain values (safe to hand to another thread)."""
    bk = data.bookkeeping
    return {
        "selected_game": data.selected_game,
        "dips": {g: {"sw1": d.sw1, "sw2": d.sw2} for g, d in data.dips.items()},
        "seeds": {
            "sega88_main": data.seeds.sega88_main,
            "bloxeed_main": data.seeds.bloxeed_main,
            "bloxeed_piece": data.seeds.bloxeed_piece,
        },
        "rankings": {
            g: {
                m: [[e.initials, e.score, e.lines, e.level, e.replay_id] for e in table]
                for m, table in modes.items()
            }
            for g, modes in data.rankings.items()
        },
        "bookkeeping": {
            "coins": list(bk.coins),
            "service_credits": bk.service_credits,
            "credits_given": bk.credits_given,
            "credits_used": bk.credits_used,
            "games": {
                g: [c.one_player, c.two_player, c.play_frames] for g, c in bk.games.items()
            },
            "power_on_seconds": bk.power_on_seconds,
            "cleared_at": bk.cleared_at,
        },
        "credits": data.credits,
        "credit_board": json.loads(json.dumps(data.credit_board)),
    }


def _get(obj: Any, key: str, kind: type, where: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise SchemaError(f"{where}.{key} missing")
    value = obj[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise SchemaError(f"{where}.{key} is not an integer")
    if not isinstance(value, kind):
        raise SchemaError(f"{where}.{key} is not a {kind.__name__}")
    return value


def _count(obj: Any, key: str, where: str, top: int = 2**63 - 1) -> int:
    value: int = _get(obj, key, int, where)
    if not 0 <= value <= top:
        raise SchemaError(f"{where}.{key} out of range")
    return value


def _list_of_counts(value: Any, n: int, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != n:
        raise SchemaError(f"{where} is not a list of {n}")
    return [_count({"v": v}, "v", where) for v in value]


def _optional_str(value: Any, where: str) -> str | None:
    if value is not None and not isinstance(value, str):
        raise SchemaError(f"{where} is not text")
    return value


def from_dict(d: Any) -> SaveData:
    """Build SaveData from a version-2 dict; raises SchemaError naming the first bad field."""
    data = SaveData()
    game = _get(d, "selected_game", str, "save")
    if game not in GAMES:
        raise SchemaError(f"save.selected_game {game!r} is not a known game")
    data.selected_game = game
    dips = _get(d, "dips", dict, "save")
    for g, banks in dips.items():
        data.dips[g] = DipBanks(
            sw1=_count(banks, "sw1", f"dips.{g}", 0xFF), sw2=_count(banks, "sw2", f"dips.{g}", 0xFF)
        )
    seeds = _get(d, "seeds", dict, "save")
    data.seeds = Seeds(
        sega88_main=_count(seeds, "sega88_main", "seeds", 0xFFFFFFFF),
        bloxeed_main=_count(seeds, "bloxeed_main", "seeds", 0xFFFFFFFF),
        bloxeed_piece=_count(seeds, "bloxeed_piece", "seeds", 0xFFFFFFFF),
    )
    for g, modes in _get(d, "rankings", dict, "save").items():
        if not isinstance(modes, dict):
            raise SchemaError(f"rankings.{g} is not a table set")
        for m, rows in modes.items():
            where = f"rankings.{g}.{m}"
            if not isinstance(rows, list) or len(rows) > RANKING_SIZE:
                raise SchemaError(f"{where} is not a list of up to {RANKING_SIZE}")
            table = []
            for row in rows:
                if not isinstance(row, list) or len(row) != 5 or not isinstance(row[0], str):
                    raise SchemaError(f"{where} has a bad entry")
                score, lines, level = _list_of_counts(row[1:4], 3, where)
                table.append(RankEntry(row[0], score, lines, level, _optional_str(row[4], where)))
            data.rankings.setdefault(g, {})[m] = table
    bk = _get(d, "bookkeeping", dict, "save")
    games: dict[str, GameCounts] = {g: GameCounts() for g in GAMES}
    for g, counts in _get(bk, "games", dict, "bookkeeping").items():
        games[g] = GameCounts(*_list_of_counts(counts, 3, f"bookkeeping.games.{g}"))
    data.bookkeeping = Bookkeeping(
        coins=_list_of_counts(_get(bk, "coins", list, "bookkeeping"), CHUTES, "bookkeeping.coins"),
        service_credits=_count(bk, "service_credits", "bookkeeping"),
        credits_given=_count(bk, "credits_given", "bookkeeping"),
        credits_used=_count(bk, "credits_used", "bookkeeping"),
        games=games,
        power_on_seconds=_count(bk, "power_on_seconds", "bookkeeping"),
        cleared_at=_optional_str(bk.get("cleared_at"), "bookkeeping.cleared_at"),
    )
    data.credits = _count(d, "credits", "save")
    board = d.get("credit_board", {})
    if not isinstance(board, dict):
        raise SchemaError("save.credit_board must be a mapping")
    data.credit_board = board
    return data
