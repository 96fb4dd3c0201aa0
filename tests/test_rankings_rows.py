"""Ranking rows and their replays (issue 34 items 2-5): in 2P neither player's replay is
pruned before its row is in; a stop puts rows still waiting for their replay in before the
last commit; each row is bound to its replay (initials, table, figures, one row per
replay, the text matches its id) and its mark is its own; a row played on an operator's
stage file carries the file and verifies whatever file is in play later."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine import InputFrame, PlayerInput
from engine.replay import Replay, verify
from firmware.cli import main
from firmware.kiosk import Kiosk, KioskOptions, configure_games
from firmware.machine import Screen
from firmware.rankings.check import FAILED, VERIFIED, check_row, check_tables
from firmware.rankings.checker import BackgroundChecker
from firmware.rankings.recorder import GameRecorder
from firmware.rankings.store import ReplayStore
from firmware.savedata import RankEntry, load
from games.registry import cartridge, new_session, stages_in_play
from tests.kiosk_kit import Rig, empty_tables, p1, p2, write_empty_tables

WAIT_S = 10.0
TAPS = {0: 7, 1: 4}  # player 1 taps 7 times, player 2 four times


def play_2p_to_name_entry(save: Path) -> tuple[Rig, ReplayStore, list[str]]:
    """Tiny cartridge, both players: coin twice, 1P start, 2P joins, each taps, both games
    end; the machine waits for player 1's initials."""
    store = ReplayStore(save / "replays")
    rig = Rig(save, game="tiny", replays=store)
    notices: list[str] = []
    rig.machine.rankings.notice = notices.append
    empty_tables(rig.machine.data)
    rig.coin()
    rig.coin()
    rig.press(p1(start=True))
    rig.press(p2(start=True))
    for n in range(max(TAPS.values())):
        rig.press(InputFrame(p1=PlayerInput(b1=n < TAPS[0]), p2=PlayerInput(b1=n < TAPS[1])))
    while rig.machine.screen == Screen.PLAY:
        rig.step()
    while rig.machine.screen == Screen.GAME_OVER:
        rig.step()
    assert rig.machine.screen == Screen.NAME_ENTRY
    return rig, store, notices


def initials(rig: Rig, player: int) -> None:
    press = p1 if player == 0 else p2
    for _ in range(3):
        rig.press(press(b1=True))


def settle(rig: Rig, store: ReplayStore) -> None:
    """Every replay written, the rows in, the save durable and the prune after it done."""
    desk = rig.machine.rankings
    for _ in range(3):
        assert store.wait_idle(WAIT_S)
        rig.step()
        if desk.prune_after is not None:
            assert rig.writer.wait_durable(desk.prune_after, WAIT_S)
            rig.step()
    assert store.wait_idle(WAIT_S)


# ---- item 2: 2P, the other player's replay is not pruned -----------------------------------

def test_2p_both_rows_keep_their_replays(tiny: None, tmp_path: Path) -> None:
    rig, store, notices = play_2p_to_name_entry(tmp_path)
    initials(rig, 0)
    settle(rig, store)  # player 1's row is in and durable; the prune after it has run
    assert rig.machine.screen == Screen.NAME_ENTRY  # player 2 is entering initials
    initials(rig, 1)
    settle(rig, store)
    rows = rig.machine.data.rankings["tiny"]["normal"]
    assert [r.values["taps"] for r in rows] == [TAPS[0], TAPS[1]]
    assert all(r.replay_id for r in rows), notices
    assert not [n for n in notices if "WITHOUT ITS REPLAY" in n]
    on_disk = {p.stem for p in (tmp_path / "replays").glob("*.rpl")}
    assert on_disk == {r.replay_id for r in rows}
    assert [c.status for c in check_tables(rig.machine.data, store, "tiny")] == \
        [VERIFIED, VERIFIED]
    rig.close()
    store.close()


def test_a_pending_rows_replay_is_kept_by_the_prune(tiny: None, tmp_path: Path) -> None:
    rig, store, _ = play_2p_to_name_entry(tmp_path)
    initials(rig, 0)
    desk = rig.machine.rankings
    pending = [e.replay_id for _, _, e in desk.pending]
    assert store.wait_idle(WAIT_S)
    kept = desk.kept()
    assert set(pending) <= kept  # still pending rows count as rows for the prune
    rig.close()
    store.close()


# ---- item 3: a stop waits for pending replays, then commits --------------------------------

def test_a_stop_during_name_entry_keeps_both_rows(tiny: None, tmp_path: Path) -> None:
    rig, store, _ = play_2p_to_name_entry(tmp_path)
    initials(rig, 0)  # player 1's row waits for its replay; player 2 has not begun
    rig.machine.shutdown(WAIT_S)
    assert rig.writer.wait_durable(rig.writer.submit(rig.machine.data), WAIT_S)
    rig.close()
    store.close()
    rows = load(tmp_path).data.rankings["tiny"]["normal"]
    assert [(r.initials, r.values["taps"]) for r in rows] == [("AAA", TAPS[0]),
                                                               ("---", TAPS[1])] or \
        [r.values["taps"] for r in rows] == [TAPS[0], TAPS[1]]
    assert all(r.replay_id for r in rows)
    again = ReplayStore(tmp_path / "replays")
    assert [c.status for c in check_tables(load(tmp_path).data, again, "tiny")] == \
        [VERIFIED, VERIFIED]
    again.close()


def test_kiosk_close_puts_a_row_waiting_for_its_replay_in(tmp_path: Path) -> None:
    write_empty_tables(tmp_path)
    kiosk = Kiosk(KioskOptions(mode="headless", save_dir=tmp_path, audio=False, frames=1))
    replay = Replay("sega88", {}, {"main": 1}, 1, [0] * 30, final_hash="0" * 16,
                    meta={"cartridge": "sega88", "player": 0}, rules_version=1)
    kiosk.machine.rankings.enter("sega88", "normal", RankEntry(
        "KIO", {"score": 100, "lines": 1, "level": 0}, None, 1), replay)
    kiosk.close()  # at once: the replay is still being written
    [row] = load(tmp_path).data.rankings["sega88"]["normal"]
    assert row.initials == "KIO" and row.replay_id is not None
    assert (tmp_path / "replays" / f"{row.replay_id}.rpl").is_file()


# ---- item 4: each row bound to its replay ----------------------------------------------------

@pytest.fixture
def one_row(tiny: None, tmp_path: Path) -> tuple[ReplayStore, list[RankEntry]]:
    rig, store, _ = play_2p_to_name_entry(tmp_path)
    initials(rig, 0)
    initials(rig, 1)
    settle(rig, store)
    rig.close()
    table = rig.machine.data.rankings["tiny"]["normal"]
    return store, table


def _statuses(store: ReplayStore, table: list[RankEntry]) -> list[str]:
    data = load(store.directory.parent).data
    data.rankings["tiny"]["normal"] = table
    return [c.status for c in check_tables(data, store, "tiny")]


def test_a_copied_row_with_a_higher_score_fails_and_is_not_marked(
        one_row: tuple[ReplayStore, list[RankEntry]]) -> None:
    store, table = one_row
    first = table[0]
    copy = replace(first, values={**first.values, "score": first.score * 10})
    forged = [copy, *table]
    assert _statuses(store, forged) == [FAILED, VERIFIED, VERIFIED]
    data = load(store.directory.parent).data
    data.rankings["tiny"]["normal"] = forged
    checker = BackgroundChecker(store)
    checker.request(data)
    assert checker.done.wait(WAIT_S)
    assert checker.status("tiny", "normal", 1, copy) == FAILED
    assert checker.status("tiny", "normal", 2, first) == VERIFIED
    # The mark is the row's own: the copy never gets the original's, whatever its id.
    assert checker.status("tiny", "normal", 1, first) is None
    store.close()


def test_edited_initials_fail(one_row: tuple[ReplayStore, list[RankEntry]]) -> None:
    store, table = one_row
    assert _statuses(store, [replace(table[0], initials="ZZZ"), table[1]]) == [FAILED,
                                                                              VERIFIED]
    store.close()


def test_a_duplicated_row_fails(one_row: tuple[ReplayStore, list[RankEntry]]) -> None:
    store, table = one_row
    assert _statuses(store, [table[0], table[0], table[1]]) == [VERIFIED, FAILED, VERIFIED]
    store.close()


def test_a_replay_whose_text_no_longer_matches_its_id_fails(
        one_row: tuple[ReplayStore, list[RankEntry]]) -> None:
    store, table = one_row
    path = store.path(table[0].replay_id or "")
    text = path.read_text()
    path.write_text(text.replace('"player": 0', '"player":  0'))  # same replay, other text
    assert Replay.from_text(path.read_text()) == Replay.from_text(text)
    status, reason = check_row("tiny", table[0], store, "normal")
    assert status == FAILED and "is not its id" in reason
    store.close()


def test_a_row_in_another_table_than_its_replay_fails(
        one_row: tuple[ReplayStore, list[RankEntry]]) -> None:
    store, table = one_row
    assert check_row("tiny", table[0], store, "normal") == (VERIFIED, "")
    status, reason = check_row("tiny", table[0], store, "expert")
    assert status == FAILED and "table" in reason
    store.close()


# ---- item 5: rows played on an operator's stage file -------------------------------------------

BUILTIN_FIRST = "....**....\n...####...\n..######..\n.########."
OTHER_FIRST = "*.........\n##........\n###.......\n####.....*"


def operator_file(game: str) -> str:
    """An operator's stage file that plays otherwise than the built-in set."""
    if game == "ti":
        from tests.test_ti_sakura import file_text
        return file_text()
    builtin = Path(__file__).parent.parent / "games" / "flashpoint" / "stages.txt"
    return builtin.read_text().replace(BUILTIN_FIRST, OTHER_FIRST, 1)


PLACES = {"flashpoint": ("flashpoint", "stages"), "ti": ("ti-sakura", "sakura_stages")}


def _ranked_row(game: str, frames: int = 1500) -> tuple[str, RankEntry]:
    """A game played on the stages in play: (replay text, its row)."""
    cart = cartridge(game)
    rules, _ = PLACES[game]
    dips, _ = cart.board.decode_dips(cart.board.dip_bank.factory)
    seeds = dict(cart.board.factory_seeds)
    session = new_session(rules, dict(dips.settings), seeds, 1)
    recorder = GameRecorder(game, rules, dict(dips.settings), seeds, 1, stages_in_play(game))
    rng = random.Random(5)
    for _ in range(frames):
        frame = InputFrame(p1=PlayerInput(down=rng.random() < 0.5, left=rng.random() < 0.2,
                                          right=rng.random() < 0.2, b1=rng.random() < 0.3,
                                          start=rng.random() < 0.05))
        session.step(frame)
        recorder.frame(frame, session)
        if session.over:  # a ranked replay ends with its game (a longer one is refused)
            break
    summary = session.summary(0) or {}
    values = {c: summary.get(c, 0) for c in cart.board.ranking.columns}
    mode = cart.board.ranking.modes[0]
    rid, text = recorder.finish(session, 0, "OPS", mode)
    return text, RankEntry("OPS", values, rid, session.rules_version)


@pytest.mark.parametrize("game", ["flashpoint", "ti"])
def test_a_row_on_an_operator_stage_file_verifies_after_the_file_changes(
        game: str, tmp_path: Path) -> None:
    _, key = PLACES[game]
    own = tmp_path / "stages.txt"
    own.write_text(operator_file(game))
    store = ReplayStore(tmp_path / "replays")
    mode = cartridge(game).board.ranking.modes[0]
    try:
        assert configure_games({game: {key: str(own)}}) == []
        text, row = _ranked_row(game)
        assert Replay.from_text(text).stages == own.read_text()
        assert row.replay_id is not None
        store.put(row.replay_id, text)
        assert store.wait_idle(WAIT_S)
        assert check_row(game, row, store, mode) == (VERIFIED, "")
        configure_games({game: {}})  # the operator goes back to the built-in set
        played = Replay.from_text(text)
        on_builtin = new_session(played.rules, played.settings, played.seeds, 1)
        assert not verify(played, on_builtin).ok  # without its stages the row would be red
        assert check_row(game, row, store, mode) == (VERIFIED, "")
        exported = tmp_path / "row.rpl"
        exported.write_text(text)
        assert main(["replay", str(exported)]) == 0  # the CLI plays it on its own stages
        own.write_text(own.read_text().replace("stage 3:", "stage 3: edited\n; ", 1))
        assert configure_games({game: {key: str(own)}}) == []
        assert check_row(game, row, store, mode) == (VERIFIED, "")
        # Built-in stages: the replay carries none, as replays always did.
        configure_games({game: {}})
        text, row = _ranked_row(game, 300)
        assert Replay.from_text(text).stages is None and '"stages"' not in text
    finally:
        configure_games({game: {}})
        store.close()
