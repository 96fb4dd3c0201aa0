"""What the save data holds (schema version 3), its factory defaults and its JSON form.

Version 3 keeps everything game-specific in one section per game id (``games``): the
game's DIP banks, its seeds, its ranking tables with the cartridge's own columns and its play
counts. A section for a game id this build does not know is kept as it was read and written
back untouched, never dropped. Factory values come from the cartridges (games.registry).

Pure: no clock, no files. Functions that need a time take it as an argument.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from dipswitch import SW1
from engine.replay import MAX_RULES_VERSION
from games.registry import CARTRIDGES, DEFAULT_GAME, Cartridge

CURRENT_VERSION = 3

CHUTES = 2
INITIALS = 3
# A counter at this value saturates: it loads, and it can always be written back.
COUNT_MAX = 2**63 - 1
SEED_MAX = 0xFFFFFFFF
TEXT_MAX = 16  # longest text value in a ranking column

FACTORY_SW1 = SW1.factory


class SchemaError(ValueError):
    """A payload does not fit the schema; the message names the field."""


@dataclass
class DipBanks:
    """Raw soft-DIP bank bytes, as the switches would read (ON = 0). dipswitch/ decodes them."""

    sw1: int = FACTORY_SW1
    sw2: int = 0xFF


@dataclass
class RankEntry:
    """One ranking row: initials and the cartridge's columns (``score`` always among them),
    its replay and the cartridge's rules version it was played under (rows saved before
    rules versions were played under version 1)."""

    initials: str
    values: dict[str, int | str]
    replay_id: str | None = None
    rules_version: int = 1

    @property
    def score(self) -> int:
        return int(self.values.get("score", 0))

    def __reduce__(self) -> tuple[type[RankEntry], tuple[str, dict[str, int | str], str | None,
                                                          int]]:
        # The save writer's snapshot pickles every row in the frame of a commit: as its
        # fields, a row pickles in two thirds of the time of a dataclass's state dict.
        return RankEntry, (self.initials, self.values, self.replay_id, self.rules_version)


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
    games: dict[str, GameCounts] = field(
        default_factory=lambda: {g: GameCounts() for g in CARTRIDGES})
    power_on_seconds: int = 0
    cleared_at: str | None = None  # ISO 8601 or unix time as text, passed in by the caller


def factory_rankings(cart: Cartridge) -> dict[str, list[RankEntry]]:
    rows = [RankEntry(i, dict(v), None, cart.rules_version)
            for i, v in cart.board.ranking.factory_rows]
    return {m: copy.deepcopy(rows) for m in cart.board.ranking.modes}


@dataclass
class SaveData:
    selected_game: str = DEFAULT_GAME
    dips: dict[str, DipBanks] = field(default_factory=lambda: {
        g: DipBanks(FACTORY_SW1, c.board.dip_bank.factory) for g, c in CARTRIDGES.items()})
    seeds: dict[str, dict[str, int]] = field(default_factory=lambda: {
        g: dict(c.board.factory_seeds) for g, c in CARTRIDGES.items()})
    rankings: dict[str, dict[str, list[RankEntry]]] = field(default_factory=lambda: {
        g: factory_rankings(c) for g, c in CARTRIDGES.items()})
    bookkeeping: Bookkeeping = field(default_factory=Bookkeeping)
    credits: int = 0  # credits on the machine right now
    # firmware.credits.CreditBoard.to_dict(): partial coins per chute, held credits.
    credit_board: dict[str, Any] = field(default_factory=dict)
    # Per game: the best (lowest) value of each record a cartridge keeps (Cartridge.records).
    records: dict[str, dict[str, int]] = field(default_factory=dict)
    # Per game: the cartridge's own records (Cartridge.save_section), as it keeps them.
    own: dict[str, dict[str, Any]] = field(default_factory=lambda: {
        g: c.board.save_section.factory() for g, c in CARTRIDGES.items()
        if c.board.save_section is not None})
    # Sections of game ids this build does not know, exactly as read.
    unknown_games: dict[str, Any] = field(default_factory=dict)


def factory() -> SaveData:
    return SaveData()


def insert_ranking(data: SaveData, game: str, mode: str, entry: RankEntry) -> int | None:
    """Put ``entry`` into the game/mode table, kept in the cartridge's order (best first).

    An equal key ranks below the entries already there. Returns the rank (1..size) or None
    when the entry does not make the table.
    """
    spec = CARTRIDGES[game].board.ranking
    if mode not in spec.modes:
        raise ValueError(f"{game} has no ranking mode {mode!r}")
    table = data.rankings.setdefault(game, {}).setdefault(mode, [])
    key = spec.key(entry.values)
    position = len(table)
    for i, held in enumerate(table):
        if key > spec.key(held.values):
            position = i
            break
    if position >= spec.size:
        return None
    table.insert(position, entry)
    del table[spec.size:]
    return position + 1


def ranks(data: SaveData, game: str, mode: str, values: Mapping[str, int | str]) -> bool:
    """Whether a result with these ranking values would enter the game/mode table."""
    spec = CARTRIDGES[game].board.ranking
    table = data.rankings.get(game, {}).get(mode, [])
    return len(table) < spec.size or spec.key(values) > spec.key(table[-1].values)


def better_records(data: SaveData, game: str, values: Mapping[str, int]) -> list[str]:
    """Keep each value that beats (is lower than) the game's record of that name; returns
    the names bettered."""
    kept = data.records.setdefault(game, {})
    bettered = []
    for name, value in values.items():
        if name not in kept or value < kept[name]:
            kept[name] = int(value)
            bettered.append(name)
    return bettered


def clear_bookkeeping(data: SaveData, when: str) -> None:
    """Zero the bookkeeping (operator's "clear bookkeeping"), stamping when it was done."""
    data.bookkeeping = Bookkeeping(cleared_at=when)


def clear_rankings(data: SaveData) -> None:
    """Every game's tables back to the factory rows, and its records gone."""
    data.rankings = {g: factory_rankings(c) for g, c in CARTRIDGES.items()}
    data.records = {}


# ---- JSON form ---------------------------------------------------------------------------


def to_dict(data: SaveData) -> dict[str, Any]:
    """A fresh dict of plain values (safe to hand to another thread)."""
    bk = data.bookkeeping
    games: dict[str, Any] = copy.deepcopy(data.unknown_games)
    for g in CARTRIDGES:
        dips = data.dips.get(g) or DipBanks()
        counts = bk.games.get(g) or GameCounts()
        games[g] = {
            "dips": {"sw1": dips.sw1, "sw2": dips.sw2},
            "seeds": dict(data.seeds.get(g, {})),
            "rankings": {
                m: [{"initials": e.initials, "values": dict(e.values), "replay": e.replay_id,
                     "rules_version": e.rules_version} for e in table]
                for m, table in data.rankings.get(g, {}).items()
            },
            "plays": [counts.one_player, counts.two_player, counts.play_frames],
        }
        if data.records.get(g):
            games[g]["records"] = dict(data.records[g])
        section = CARTRIDGES[g].board.save_section
        if section is not None:
            games[g]["own"] = json.loads(json.dumps(data.own.get(g) or section.factory()))
    return {
        "selected_game": data.selected_game,
        "games": games,
        "bookkeeping": {
            "coins": list(bk.coins),
            "service_credits": bk.service_credits,
            "credits_given": bk.credits_given,
            "credits_used": bk.credits_used,
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


def _count(obj: Any, key: str, where: str, top: int = COUNT_MAX) -> int:
    value: int = _get(obj, key, int, where)
    if not 0 <= value <= top:
        raise SchemaError(f"{where}.{key} out of range")
    return value


def _list_of_counts(value: Any, n: int, where: str) -> list[int]:
    if not isinstance(value, list) or len(value) != n:
        raise SchemaError(f"{where} is not a list of {n}")
    return [_count({"v": v}, "v", where) for v in value]


def _optional_str(value: Any, where: str, longest: int = 64) -> str | None:
    if value is not None and (not isinstance(value, str) or len(value) > longest
                              or not value.isprintable()):
        raise SchemaError(f"{where} is not text of up to {longest} printable characters")
    return value


def _initials(value: Any, where: str) -> str:
    if (not isinstance(value, str) or not 0 < len(value) <= INITIALS
            or not value.isprintable()):
        raise SchemaError(f"{where} initials are not 1-{INITIALS} printable characters")
    return value


def _rank_value(value: Any, where: str) -> int | str:
    if isinstance(value, str):
        text = _optional_str(value, where, TEXT_MAX)
        assert text is not None
        return text
    return _count({"v": value}, "v", where)


def _seeds(value: Any, cart: Cartridge, where: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise SchemaError(f"{where} is not a mapping")
    seeds = dict(cart.board.factory_seeds)
    for name in cart.board.factory_seeds:
        if name in value:
            seeds[name] = _count(value, name, where, SEED_MAX)
    return seeds


def _records(value: Any, where: str) -> dict[str, int]:
    if not isinstance(value, dict):
        raise SchemaError(f"{where} is not a mapping")
    for name in value:
        _optional_str(name, f"{where} name", 32)
    return {name: _count(value, name, where) for name in value}


def _rules_version(row: dict[str, Any], where: str) -> int:
    """A row's rules version; a row saved before rules versions has none: version 1."""
    if "rules_version" not in row:
        return 1
    value = _count(row, "rules_version", where, MAX_RULES_VERSION)
    if value < 1:
        raise SchemaError(f"{where}.rules_version is not a version (1-{MAX_RULES_VERSION})")
    return value


def _rankings(value: Any, cart: Cartridge, where: str) -> dict[str, list[RankEntry]]:
    spec = cart.board.ranking
    if not isinstance(value, dict):
        raise SchemaError(f"{where} is not a table set")
    tables = factory_rankings(cart)
    for mode, rows in value.items():
        at = f"{where}.{mode}"
        if mode not in spec.modes:
            raise SchemaError(f"{at} is not a ranking mode of {cart.id}")
        if not isinstance(rows, list) or len(rows) > spec.size:
            raise SchemaError(f"{at} is not a list of up to {spec.size}")
        table = []
        for row in rows:
            if not isinstance(row, dict):
                raise SchemaError(f"{at} has a bad entry")
            values = _get(row, "values", dict, at)
            if set(values) != set(spec.columns):
                raise SchemaError(f"{at} entry columns are not {', '.join(spec.columns)}")
            table.append(RankEntry(
                _initials(row.get("initials"), at),
                {c: _rank_value(values[c], f"{at}.{c}") for c in spec.columns},
                _optional_str(row.get("replay"), f"{at}.replay"),
                _rules_version(row, at),
            ))
        tables[mode] = table
    return tables


def from_dict(d: Any) -> SaveData:
    """Build SaveData from a version-3 dict; raises SchemaError naming the first bad field."""
    data = SaveData()
    game = _get(d, "selected_game", str, "save")
    data.selected_game = game if game in CARTRIDGES else DEFAULT_GAME
    counts: dict[str, GameCounts] = {g: GameCounts() for g in CARTRIDGES}
    for g, section in _get(d, "games", dict, "save").items():
        cart = CARTRIDGES.get(g)
        if cart is None:
            data.unknown_games[g] = copy.deepcopy(section)
            continue
        where = f"games.{g}"
        dips = _get(section, "dips", dict, where)
        data.dips[g] = DipBanks(sw1=_count(dips, "sw1", f"{where}.dips", 0xFF),
                                sw2=_count(dips, "sw2", f"{where}.dips", 0xFF))
        data.seeds[g] = _seeds(_get(section, "seeds", dict, where), cart, f"{where}.seeds")
        data.rankings[g] = _rankings(_get(section, "rankings", dict, where), cart,
                                     f"{where}.rankings")
        counts[g] = GameCounts(*_list_of_counts(section.get("plays"), 3, f"{where}.plays"))
        if "records" in section:
            data.records[g] = _records(section["records"], f"{where}.records")
        if cart.board.save_section is not None and "own" in section:
            try:
                data.own[g] = cart.board.save_section.load(section["own"])
            except ValueError as exc:
                raise SchemaError(f"{where}.own: {exc}") from None
    bk = _get(d, "bookkeeping", dict, "save")
    data.bookkeeping = Bookkeeping(
        coins=_list_of_counts(_get(bk, "coins", list, "bookkeeping"), CHUTES, "bookkeeping.coins"),
        service_credits=_count(bk, "service_credits", "bookkeeping"),
        credits_given=_count(bk, "credits_given", "bookkeeping"),
        credits_used=_count(bk, "credits_used", "bookkeeping"),
        games=counts,
        power_on_seconds=_count(bk, "power_on_seconds", "bookkeeping"),
        cleared_at=_optional_str(bk.get("cleared_at"), "bookkeeping.cleared_at"),
    )
    data.credits = _count(d, "credits", "save")
    board = d.get("credit_board", {})
    if not isinstance(board, dict):
        raise SchemaError("save.credit_board must be a mapping")
    data.credit_board = board
    return data
