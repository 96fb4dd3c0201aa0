"""Save data contents: factory defaults, rankings, JSON round trip, migration from real
version-1 and version-2 files, sections of unknown games kept."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from firmware.savedata import (
    RankEntry,
    SaveData,
    SaveWriter,
    clear_bookkeeping,
    insert_ranking,
    load,
)
from firmware.savedata.banks import read_banks
from firmware.savedata.migrate import migrate
from firmware.savedata.schema import SchemaError, from_dict, to_dict
from games.registry import cartridge
from tests.kiosk_kit import empty_tables

V1_BANKS = Path(__file__).with_name("data") / "save_v1"
# Written by the release before schema 3 (commit e670354), busy with coins and rankings.
V2_BANKS = Path(__file__).with_name("data") / "save_v2"


def _silent(_line: str) -> None:
    pass


def test_factory_defaults() -> None:
    data = SaveData()
    assert data.selected_game == "bloxeed"
    # MAME segas16b.cpp coinage: 0xF per chute (1C1C) -> SW1 byte 0xFF for every game.
    assert {g: d.sw1 for g, d in data.dips.items()} == {
        "sega88": 0xFF, "bloxeed": 0xFF, "flashpoint": 0xFF, "tap": 0xFF, "ti": 0xFF,
        "blockout": 0xFF}
    # MAME segas16b.cpp / segas18.cpp: Demo Sounds On (bit 1 = 0), Normal difficulty 0x30, rest
    # unused.
    assert data.dips["sega88"].sw2 == 0xFD
    assert data.dips["bloxeed"].sw2 & 0x0C == 0x0C  # 3 lines per level (sega-research 5.3)
    # MAME blockout DSW: Normal (0x03), Rotate Buttons 2 (our factory), 1 Coin to Continue
    # Off (0x10), Demo Sounds On (0x20); unused switches OFF.
    assert data.dips["blockout"].sw2 == 0xFB
    assert data.seeds == {"sega88": {"main": 0}, "bloxeed": {"main": 0, "piece": 0},
                          "flashpoint": {"main": 0}, "tap": {"main": 0},
                          "ti": {"main": 0}, "blockout": {"main": 0}}
    # Each table comes filled with the cartridge's factory rows (its decision table); Tetris
    # (1988) and Bloxeed have them, the others none yet.
    assert {g: {m: [(e.initials, e.values, e.replay_id) for e in rows]
                for m, rows in t.items()} for g, t in data.rankings.items()} == {
        g: {m: [(i, dict(v), None) for i, v in cartridge(g).board.ranking.factory_rows]
            for m in cartridge(g).board.ranking.modes}
        for g in ("sega88", "bloxeed", "flashpoint", "tap", "ti", "blockout")}
    assert all(len(data.rankings[g]["normal"]) == 10 for g in ("sega88", "bloxeed"))
    assert data.bookkeeping.coins == [0, 0] and data.credits == 0
    assert data.bookkeeping.cleared_at is None
    assert SaveData().bookkeeping.coins is not data.bookkeeping.coins  # no shared defaults


def _entry(score: int, initials: str = "AAA") -> RankEntry:
    return RankEntry(initials, {"score": score, "lines": score // 1000, "level": score // 10000})


def test_insert_ranking_keeps_top_ten_sorted() -> None:
    data = empty_tables(SaveData())  # no factory rows
    ranks = [insert_ranking(data, "bloxeed", "normal", _entry(s)) for s in (500, 900, 100, 700)]
    assert ranks == [1, 1, 3, 2]
    assert [e.score for e in data.rankings["bloxeed"]["normal"]] == [900, 700, 500, 100]
    for s in range(1000, 1006):
        insert_ranking(data, "bloxeed", "normal", _entry(s))
    table = data.rankings["bloxeed"]["normal"]
    assert len(table) == 10 and table[-1].score == 100
    assert insert_ranking(data, "bloxeed", "normal", _entry(100)) is None  # a tie does not enter
    assert insert_ranking(data, "bloxeed", "normal", _entry(50)) is None
    assert insert_ranking(data, "bloxeed", "normal", _entry(600, "NEW")) == 9
    assert len(table) == 10 and table[8].initials == "NEW" and table[-1].score == 500
    assert [e.score for e in table] == sorted((e.score for e in table), reverse=True)


def test_equal_score_ranks_below_the_earlier_one() -> None:
    data = empty_tables(SaveData())  # no factory rows
    insert_ranking(data, "sega88", "normal", _entry(300, "OLD"))
    assert insert_ranking(data, "sega88", "normal", _entry(300, "NEW")) == 2
    assert [e.initials for e in data.rankings["sega88"]["normal"]] == ["OLD", "NEW"]


def test_a_ranking_row_keeps_the_cartridge_columns_in_json() -> None:
    data = empty_tables(SaveData())  # no factory rows
    insert_ranking(data, "bloxeed", "normal", _entry(12000, "ZED"))
    rows = to_dict(data)["games"]["bloxeed"]["rankings"]["normal"]
    assert rows == [{"initials": "ZED", "values": {"score": 12000, "lines": 12, "level": 1},
                     "replay": None, "rules_version": 1}]


def test_clear_bookkeeping_stamps_the_given_time() -> None:
    data = SaveData()
    data.bookkeeping.coins = [4, 5]
    data.bookkeeping.games["sega88"].one_player = 3
    clear_bookkeeping(data, "2025-01-02T03:04:05+00:00")
    assert data.bookkeeping.coins == [0, 0]
    assert data.bookkeeping.games["sega88"].one_player == 0
    assert data.bookkeeping.cleared_at == "2025-01-02T03:04:05+00:00"


def _busy() -> SaveData:
    data = SaveData(selected_game="sega88", credits=3)
    data.dips["bloxeed"].sw2 = 0x12
    data.seeds["bloxeed"]["piece"] = 0x2A6D8010
    insert_ranking(data, "sega88", "normal",
                   RankEntry("ABC", {"score": 1234, "lines": 12, "level": 3}, "replay-0007"))
    bk = data.bookkeeping
    bk.coins, bk.service_credits, bk.credits_given, bk.credits_used = [7, 2], 1, 9, 6
    bk.games["bloxeed"].two_player, bk.games["bloxeed"].play_frames = 2, 36000
    bk.power_on_seconds, bk.cleared_at = 86400, "1700000000"
    return data


def test_to_dict_from_dict_round_trip() -> None:
    data = _busy()
    assert from_dict(to_dict(data)) == data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("credits",), -1, "credits out of range"),
        (("credits",), True, "credits is not an integer"),
        (("games", "sega88", "dips", "sw2"), 256, "out of range"),
        (("bookkeeping", "coins"), [1], "list of 2"),
        (("games", "bloxeed", "seeds", "main"), "7", "not an integer"),
        (("games", "bloxeed", "seeds", "piece"), 2**32, "out of range"),
        (("games", "sega88", "plays"), [1, 2], "list of 3"),
        (("games", "sega88", "rankings", "normal", 0, "initials"), "ABCD", "initials"),
        (("games", "sega88", "rankings", "normal", 0, "initials"), "A\x00B", "initials"),
        (("games", "sega88", "rankings", "normal", 0, "values"), {"score": 5}, "columns"),
        (("games", "sega88", "rankings", "expert"), [], "not a ranking mode"),
        (("games", "sega88", "rankings", "normal", 0, "values", "score"), -5, "out of range"),
        (("games", "sega88", "rankings", "normal", 0, "rules_version"), 0, "not a version"),
        (("games", "sega88", "rankings", "normal", 0, "rules_version"), "1", "not an integer"),
        (("games", "sega88", "rankings", "normal", 0, "rules_version"), True, "not an integer"),
        (("games", "sega88", "rankings", "normal", 0, "rules_version"), 10**4, "out of range"),
    ],
)
def test_from_dict_names_the_bad_field(path: tuple[str, ...], value: object, message: str) -> None:
    d = to_dict(_busy())
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(SchemaError, match=message):
        from_dict(d)


def test_a_selected_game_this_build_does_not_know_falls_back_to_the_factory_game() -> None:
    d = to_dict(_busy())
    d["selected_game"] = "pacman"
    assert from_dict(d).selected_game == SaveData().selected_game


def test_a_section_of_an_unknown_game_is_kept_untouched() -> None:
    d = to_dict(_busy())
    section = {"dips": {"sw1": 1, "sw2": 2}, "seeds": {"x": 5}, "future": [1, {"deep": None}]}
    d["games"]["pacman"] = section
    data = from_dict(d)
    assert data.unknown_games == {"pacman": section}
    again = to_dict(data)
    assert again["games"]["pacman"] == section
    assert from_dict(again) == data


def test_migration_from_a_version_2_file(tmp_path: Path) -> None:
    for bank in V2_BANKS.iterdir():
        shutil.copy(bank, tmp_path / bank.name)
    assert sorted(r.record.version for r in read_banks(tmp_path) if r.record) == [2, 2]
    result = load(tmp_path, log=_silent)
    assert not result.cleared
    data = result.data
    assert data.selected_game == "sega88" and data.credits == 3
    assert (data.dips["sega88"].sw1, data.dips["bloxeed"].sw2) == (0xFE, 0x64)
    assert data.seeds == {"sega88": {"main": 0x2880F2DA},
                          "bloxeed": {"main": 0x1234ABCD, "piece": 0x2A6D8010},
                          "flashpoint": {"main": 0},  # new since v2: factory seeds
                          "tap": {"main": 0}, "ti": {"main": 0}, "blockout": {"main": 0}}
    assert [(e.initials, e.values) for e in data.rankings["sega88"]["normal"]] == [
        ("AKI", {"score": 120400, "lines": 96, "level": 24}),
        ("SEG", {"score": 5000, "lines": 10, "level": 2}),
    ]
    top = data.rankings["bloxeed"]["normal"][0]
    assert (top.initials, top.score, top.replay_id) == ("BLX", 77000, "replay-0001")
    bk = data.bookkeeping
    assert bk.coins == [18, 3] and bk.service_credits == 1 and bk.credits_given == 21
    assert bk.credits_used == 19 and bk.power_on_seconds == 86400
    assert (bk.games["sega88"].one_player, bk.games["sega88"].two_player,
            bk.games["sega88"].play_frames) == (18, 1, 90000)
    assert (bk.games["bloxeed"].one_player, bk.games["bloxeed"].play_frames) == (4, 12000)
    writer = SaveWriter(tmp_path, log=_silent)
    assert writer.wait_durable(writer.submit(data), 10)
    writer.close()
    again = load(tmp_path, log=_silent)
    assert again.data == data
    assert max(r.record.version for r in read_banks(tmp_path) if r.record) == 3


def test_migration_from_a_version_1_file(tmp_path: Path) -> None:
    for bank in V1_BANKS.iterdir():
        shutil.copy(bank, tmp_path / bank.name)
    assert [r.record.version for r in read_banks(tmp_path) if r.record] == [1, 1]

    result = load(tmp_path, log=_silent)
    assert not result.cleared and (result.bank, result.sequence) == ("B", 42)
    data = result.data
    assert data.selected_game == "sega88"
    assert (data.dips["sega88"].sw1, data.dips["sega88"].sw2) == (0xFE, 0xDD)
    assert data.seeds["sega88"]["main"] == 0x1234ABCD
    assert data.seeds["bloxeed"]["piece"] == 0x2A6D8010
    top = data.rankings["sega88"]["normal"][0]
    assert (top.initials, top.values, top.replay_id) == (
        "AKI", {"score": 120400, "lines": 96, "level": 24}, None
    )
    bk = data.bookkeeping
    assert bk.coins == [18, 3] and bk.credits_given == 21 and bk.credits_used == 19
    assert (bk.games["sega88"].one_player, bk.games["sega88"].two_player) == (18, 1)
    assert bk.games["sega88"].play_frames == 0 and bk.power_on_seconds == 0
    assert bk.cleared_at == "2024-05-01T09:30:00+00:00" and data.credits == 2

    # The next commit goes to the older bank, in the current format; nothing is lost.
    writer = SaveWriter(tmp_path, log=_silent)
    assert writer.wait_durable(writer.submit(data), 10)
    writer.close()
    versions = {r.name: (r.record.version, r.record.sequence) for r in read_banks(tmp_path)
                if r.record}
    assert versions == {"A": (3, 43), "B": (1, 42)}
    again = load(tmp_path, log=_silent)
    assert (again.bank, again.data) == ("A", data)


def test_migrate_refuses_unknown_versions() -> None:
    with pytest.raises(SchemaError, match="no migration"):
        migrate({}, 0)
    with pytest.raises(SchemaError, match="newer firmware"):
        migrate({}, 99)
    with pytest.raises(SchemaError, match="version 1 payload malformed"):
        migrate({"dips": 5}, 1)


@given(st.lists(st.integers(min_value=0, max_value=50), max_size=40))
def test_ranking_table_is_the_top_ten_in_arrival_order_for_ties(scores: list[int]) -> None:
    data = empty_tables(SaveData())  # no factory rows
    for n, score in enumerate(scores):
        rank = insert_ranking(data, "sega88", "normal",
                              RankEntry(f"{n:03}", {"score": score, "lines": 0, "level": 0}))
        table = data.rankings["sega88"]["normal"]
        if rank is not None:
            assert table[rank - 1].initials == f"{n:03}"
    # Expected: stable sort of everything by score, highest first, cut at ten.
    arrivals = sorted(enumerate(scores), key=lambda p: (-p[1], p[0]))[:10]
    table = data.rankings["sega88"]["normal"]
    assert [(e.initials, e.score) for e in table] == [(f"{n:03}", s) for n, s in arrivals]
