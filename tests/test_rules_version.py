"""One rules version per cartridge: a change to one game (its RULES_VERSION bumped) leaves
every other game's demos and certified rankings valid; its own older rows are listed as
RULES v1 and keep their place; replays of the release before rules versions (engine 2)
read as version 1 and still verify; save files without versions load as version 1."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from engine.digest import ARIKA_V1, SEGA_V1, state_digest
from engine.inputs import InputFrame
from engine.replay import Replay, ReplayError, record, verify
from engine.session import GameSession
from firmware.cli import main
from firmware.rankings.check import FAILED, OLDER_RULES, VERIFIED, check_tables
from firmware.rankings.recorder import replay_id
from firmware.rankings.store import ReplayStore
from firmware.replay_file import read_replay
from firmware.savedata import RankEntry, SaveData, SaveWriter, insert_ranking, load
from firmware.savedata.schema import from_dict, to_dict
from fleet.verify import check_rank
from games.blockout.rules.session import BlockoutSession
from games.registry import CARTRIDGES, Cartridge, cartridge_of_rules, new_session
from tests.kiosk_kit import empty_tables

ROOT = Path(__file__).parent.parent
DEMOS = sorted(ROOT.glob("games/*/demos/*.rpl"))
TEST_REPLAYS = sorted((ROOT / "tests" / "data").glob("*.rpl"))


def _bumped(cart: Cartridge) -> Cartridge:
    """``cart`` with rules version 2."""
    return replace(cart, rules=replace(cart.rules, version=2))


@pytest.fixture
def blockout_v2(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """BLOCKOUT's RULES_VERSION bumped to 2, as an edit of games/blockout/rules would: its
    sessions and its cartridge record both say 2; no other cartridge changes."""
    monkeypatch.setattr(BlockoutSession, "rules_version", 2)
    monkeypatch.setitem(CARTRIDGES, "blockout", _bumped(CARTRIDGES["blockout"]))
    yield


def game_of(path: Path) -> str:
    return path.parent.parent.name


# The cartridges whose rules changed since rules versions began, with their version now
# (issue 31: TAP's M-roll Tetris count and medals, TGM3's I kick and Sakura bonuses; then
# version 3 of each: no TGM3 replay keeps a PIN, T.A. Death earns medals). Their demos and
# test replays were recorded again under it; every other game's are still the release's
# engine-2 files.
BUMPED = {"tap": 3, "ti": 3}


def _cart_of_replay(path: Path) -> str:
    return cartridge_of_rules(Replay.from_text(path.read_text()).rules).id


V1_DEMOS = [p for p in DEMOS if game_of(p) not in BUMPED]
V1_TEST_REPLAYS = [p for p in TEST_REPLAYS if _cart_of_replay(p) not in BUMPED]
BUMPED_REPLAYS = [p for p in DEMOS + TEST_REPLAYS if p not in V1_DEMOS + V1_TEST_REPLAYS]


def fresh(replay: Replay) -> GameSession:
    return new_session(replay.rules, replay.settings, replay.seeds, replay.players)


# ---- every cartridge declares one, and its sessions carry it --------------------------------
@pytest.mark.parametrize("game", sorted(CARTRIDGES))
def test_every_session_carries_its_cartridges_rules_version(game: str) -> None:
    cart = CARTRIDGES[game]
    assert cart.rules_version == BUMPED.get(game, 1)
    dips, _ = cart.board.decode_dips(cart.board.dip_bank.factory)
    for rules in cart.rules.ids:
        players = 2 if dips.settings.get("versus") else 1
        seeds = dict(cart.board.factory_seeds)
        session = cart.rules.new_session(rules, dips.settings, seeds, players)
        assert session.rules_version == cart.rules_version, rules


# ---- the state digest ------------------------------------------------------------------------
def test_version_1_keeps_each_familys_engine_2_digest_and_later_versions_hash_the_version(
) -> None:
    items = ("2", "sega88", 600, 12345, ((1, 2), None))
    assert state_digest(items, 1) == SEGA_V1(repr(items))
    assert state_digest(items, 1, ARIKA_V1) == ARIKA_V1(repr(items))
    assert len(state_digest(items, 1)) == 32 and len(state_digest(items, 1, ARIKA_V1)) == 16
    two, three = state_digest(items, 2), state_digest(items, 3)
    assert len({state_digest(items, 1), two, three}) == 3
    assert state_digest(items, 2, ARIKA_V1) == two  # one digest from version 2 on
    with pytest.raises(ValueError, match="not a version"):
        state_digest(items, 0)


# ---- replays of the release before rules versions -------------------------------------------
@pytest.mark.parametrize("path", V1_DEMOS + V1_TEST_REPLAYS, ids=lambda p: p.name)
def test_engine_2_replays_read_as_version_1_and_verify_unchanged(path: Path) -> None:
    text = path.read_text()
    assert '"engine": "2"' in text and "rules_version" not in text  # as the release wrote it
    replay = Replay.from_text(text)
    assert replay.rules_version == 1
    assert verify(replay, fresh(replay)).ok


@pytest.mark.parametrize("path", BUMPED_REPLAYS, ids=lambda p: p.name)
def test_a_bumped_games_replays_carry_its_version_and_verify(path: Path) -> None:
    replay = Replay.from_text(path.read_text())
    assert replay.rules_version == BUMPED[cartridge_of_rules(replay.rules).id]
    assert verify(replay, fresh(replay)).ok


def test_a_header_with_neither_a_rules_version_nor_engine_2_is_refused_in_one_line() -> None:
    text = V1_DEMOS[0].read_text()
    for old, new in [('"engine": "2"', '"engine": "1"'), ('"engine": "2"', '"engine": 2'),
                     ('"engine": "2", ', "")]:
        edited = text.replace(old, new)
        assert edited != text
        with pytest.raises(ReplayError) as refused:
            Replay.from_text(edited)
        assert "\n" not in str(refused.value)
        assert "engine" in str(refused.value) or "rules_version" in str(refused.value)


@pytest.mark.parametrize("bad", [0, -1, True, "1", 10**4, None])
def test_a_bad_rules_version_is_damage(bad: object) -> None:
    replay = Replay.from_text(V1_DEMOS[0].read_text())
    header = json.loads(replay.to_text().splitlines()[1])
    header["rules_version"] = bad
    lines = replay.to_text().splitlines()
    with pytest.raises(ReplayError, match="rules_version"):
        Replay.from_text("\n".join([lines[0], json.dumps(header), *lines[2:]]))


def test_the_header_carries_the_rules_version_and_no_engine_version() -> None:
    replay = Replay.from_text(V1_DEMOS[0].read_text())
    replay.rules_version = 7
    text = replay.to_text()
    header = json.loads(text.splitlines()[1])
    assert header["rules_version"] == 7 and "engine" not in header
    back = Replay.from_text(text)
    assert back.rules_version == 7 and back.inputs == replay.inputs


# ---- one cartridge's version bumped -----------------------------------------------------------
@pytest.mark.parametrize("path", DEMOS, ids=lambda p: f"{game_of(p)}-{p.name}")
def test_bumping_blockout_leaves_every_other_demo_valid(blockout_v2: None, path: Path) -> None:
    if game_of(path) == "blockout":
        with pytest.raises(ReplayError, match="rules v1 of blockout, an older version than "
                                              "this build's v2"):
            read_replay(path)
        return
    replay = read_replay(path)
    assert verify(replay, fresh(replay)).ok


def test_a_game_under_the_bumped_version_records_it_and_verifies(blockout_v2: None) -> None:
    settings, seeds = {"round": 2}, {"main": 5}
    inputs = [InputFrame.from_bits((n * 37) & 0x1F) for n in range(1500)]
    session = new_session("blockout", settings, seeds, 1)
    replay = record(session, settings, seeds, 1, inputs)
    back = Replay.from_text(replay.to_text())
    assert back.rules_version == 2
    assert verify(back, fresh(back)).ok
    # The same game under version 1 hashes otherwise: a replay never crosses versions.
    v1 = new_session("blockout", settings, seeds, 1)
    v1.rules_version = 1
    assert not verify(back, v1).ok


def certify(save: Path, paths: list[Path]) -> SaveData:
    """Each replay as a certified ranking row of its game, saved as the release before rules
    versions saved them: the replay as it was recorded (engine 2, no rules version), the row
    without one."""
    store = ReplayStore(save / "replays")
    data = empty_tables(SaveData())
    for path in paths:
        game = game_of(path)
        lines = path.read_text().splitlines()
        header = json.loads(lines[1])
        header["meta"] = {"cartridge": game, "player": 0}
        text = "\n".join([lines[0], json.dumps(header), *lines[2:]]) + "\n"
        replay = Replay.from_text(text)
        session = fresh(replay)
        assert verify(replay, session).ok
        spec = CARTRIDGES[game].board.ranking
        summary = session.summary(0) or {}
        rid = replay_id(text)
        store.put(rid, text)
        insert_ranking(data, game, spec.mode(summary),
                       RankEntry("AAA", {c: summary.get(c, 0) for c in spec.columns}, rid))
    assert store.wait_idle()
    store.close()
    save_file = to_dict(data)
    for section in save_file["games"].values():
        for rows in section["rankings"].values():
            for row in rows:
                del row["rules_version"]  # as the release before rules versions wrote rows
    loaded = from_dict(save_file)
    writer = SaveWriter(save)
    assert writer.wait_durable(writer.submit(loaded), 5)
    writer.close()
    return loaded


def test_bumping_blockout_keeps_the_others_certified_rows_and_lists_its_own_as_rules_v1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    data = certify(tmp_path, V1_DEMOS)
    rows = [e for tables in data.rankings.values() for t in tables.values() for e in t]
    assert len(rows) == len(V1_DEMOS) and all(e.rules_version == 1 for e in rows)
    store = ReplayStore(tmp_path / "replays")
    assert {c.status for c in check_tables(data, store)} == {VERIFIED}

    monkeypatch.setattr(BlockoutSession, "rules_version", 2)
    monkeypatch.setitem(CARTRIDGES, "blockout", _bumped(CARTRIDGES["blockout"]))
    checks = check_tables(load(tmp_path).data, store)
    store.close()
    assert len(checks) == len(V1_DEMOS)
    older = [c for c in checks if c.game == "blockout"]
    assert older and all(c.status == OLDER_RULES and c.shown == "RULES v1" for c in older)
    assert all(c.status == VERIFIED for c in checks if c.game != "blockout")

    capsys.readouterr()
    assert main(["rankings", "verify", "--save-dir", str(tmp_path)]) == 0  # nothing failed
    out = capsys.readouterr().out.splitlines()
    [blockout] = [line for line in out if line.startswith("blockout ")]
    assert blockout.endswith("rules v1: RULES v1 (played under rules v1; this build plays "
                             "blockout v2 and cannot re-simulate it)")
    assert all("rules v1: VERIFIED" in line for line in out[:-1] if line != blockout)
    assert out[-1] == (f"{len(V1_DEMOS) - 1} of {len(V1_DEMOS)} rows verified, "
                       "0 factory rows, "
                       f"1 of older rules, 0 failed")
    assert main(["rankings", "--json", "--game", "blockout", "--save-dir", str(tmp_path)]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["rules_version"] == 1 and row["status"] == OLDER_RULES


def test_a_row_claiming_a_newer_version_than_this_build_knows_fails(tmp_path: Path) -> None:
    [path] = [p for p in DEMOS if game_of(p) == "sega88"]
    data = certify(tmp_path, [path])
    [entry] = data.rankings["sega88"]["normal"]
    store = ReplayStore(tmp_path / "replays")
    text = store.read(entry.replay_id or "").replace('"engine": "2"', '"rules_version": 2')
    newer = replay_id(text)
    store.put(newer, text)
    assert store.wait_idle()
    entry.replay_id, entry.rules_version = newer, 2
    [check] = check_tables(data, store)
    assert check.status == FAILED and check.rules_version == 2
    assert check.reason == "recorded under rules v2 of sega88, newer than this build's v1"
    entry.rules_version = 1  # the row and its replay disagree
    [check] = check_tables(data, store)
    store.close()
    assert check.status == FAILED and check.reason == "the row says rules v1, its replay v2"


# ---- save data and the fleet ------------------------------------------------------------------
def test_a_save_file_without_rules_versions_loads_as_version_1_and_writes_them(
        tmp_path: Path) -> None:
    data = certify(tmp_path, V1_DEMOS[:2])
    loaded = load(tmp_path).data
    assert loaded.rankings == data.rankings
    rows = [e for tables in loaded.rankings.values() for t in tables.values() for e in t]
    assert rows and all(e.rules_version == 1 for e in rows)
    written = to_dict(loaded)
    assert all(row["rules_version"] == 1 for s in written["games"].values()
               for t in s["rankings"].values() for row in t)
    assert from_dict(written) == loaded


def rank_body(path: Path) -> dict[str, object]:
    """A fleet ranking message's body as a cabinet of the release before rules versions sent
    it (no rules_version): the replay as recorded, the row's figures from re-simulating it."""
    game = game_of(path)
    lines = path.read_text().splitlines()
    header = json.loads(lines[1])
    header["meta"] = {"cartridge": game, "player": 0}
    text = "\n".join([lines[0], json.dumps(header), *lines[2:]]) + "\n"
    replay = Replay.from_text(text)
    session = fresh(replay)
    assert verify(replay, session).ok
    spec = CARTRIDGES[game].board.ranking
    summary = session.summary(0) or {}
    return {"game": game, "mode": spec.mode(summary), "replay_id": replay_id(text),
            "initials": "AAA", "attached": text,
            "values": {c: summary.get(c, 0) for c in spec.columns}}


def test_the_fleet_reads_a_message_without_a_version_as_version_1_and_keeps_older_rows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    bodies = {game_of(p): rank_body(p) for p in DEMOS if game_of(p) in ("blockout", "sega88")}
    assert check_rank(bodies["blockout"]) == (VERIFIED, "")
    monkeypatch.setattr(BlockoutSession, "rules_version", 2)
    monkeypatch.setitem(CARTRIDGES, "blockout", _bumped(CARTRIDGES["blockout"]))
    assert check_rank(bodies["sega88"]) == (VERIFIED, "")  # no rules_version: version 1
    status, reason = check_rank(bodies["blockout"])
    assert status == OLDER_RULES and reason.startswith("played under rules v1;")
    status, reason = check_rank({**bodies["sega88"], "rules_version": 2})
    assert status == FAILED and reason == "the row says rules v2, its replay v1"
