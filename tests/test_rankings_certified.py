"""Certified rankings: every ranked game keeps its replay, each row re-simulates to its
figures, an edited row or replay fails, and the store stays bounded and never blocks."""

from __future__ import annotations

import json
import os
import random
import threading
from pathlib import Path

import pytest

from engine import InputFrame, PlayerInput
from engine.replay import Replay
from firmware.cli import main
from firmware.machine import Screen
from firmware.machine.ranking_desk import RankingDesk
from firmware.rankings.check import FAILED, MISSING, UNRECORDED, VERIFIED, check_tables
from firmware.rankings.recorder import replay_id
from firmware.rankings.store import DURABLE, PENDING, ReplayStore
from firmware.savedata import RankEntry, SaveWriter, load
from tests.kiosk_kit import Rig, empty_tables, p1


def play_ranked_game(save: Path, game: str, seed: int = 3) -> None:
    """Coin, start, random play until the game ends, initials AAA; the row committed."""
    store = ReplayStore(save / "replays")
    rig = Rig(save, game=game, replays=store)
    machine = rig.machine
    empty_tables(machine.data)  # no factory rows: the random game ranks
    rig.coin()
    rig.press(p1(start=True))
    assert machine.screen == Screen.PLAY
    rng = random.Random(seed)
    for _ in range(200_000):
        if machine.screen != Screen.PLAY:
            break
        rig.step(InputFrame(p1=PlayerInput(down=rng.random() < 0.7, left=rng.random() < 0.2,
                                           right=rng.random() < 0.2, b1=rng.random() < 0.3)))
    assert machine.screen == Screen.GAME_OVER  # GAME OVER, then the initials
    while machine.screen == Screen.GAME_OVER:
        rig.step()
    assert machine.screen == Screen.NAME_ENTRY
    for _ in range(3):
        rig.press(p1(b1=True))
    assert store.wait_idle()
    rig.step()
    assert rig.writer.wait_durable(rig.writer.submit(machine.data), 5)
    rig.close()
    store.close()


@pytest.mark.parametrize("game", ["sega88", "bloxeed", "tiny"])
def test_every_cartridge_records_a_ranked_game_that_verifies(
    game: str, tiny: None, tmp_path: Path
) -> None:
    play_ranked_game(tmp_path, game)
    data = load(tmp_path).data
    table = data.rankings[game]["normal"]
    assert len(table) == 1 and table[0].initials == "AAA" and table[0].replay_id
    store = ReplayStore(tmp_path / "replays")
    [check] = check_tables(data, store, game)
    store.close()
    assert check.status == VERIFIED, check.reason
    replay = Replay.from_text((tmp_path / "replays" / f"{table[0].replay_id}.rpl").read_text())
    assert replay.meta == {"cartridge": game, "player": 0, "initials": "AAA", "mode": "normal"}


def test_cli_lists_verifies_and_exports(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    save = tmp_path / "save"
    play_ranked_game(save, "sega88")
    capsys.readouterr()  # the coin log lines of the game
    assert main(["rankings", "--json", "--game", "sega88", "--save-dir", str(save)]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["game"] == "sega88" and row["status"] == VERIFIED and row["initials"] == "AAA"
    assert main(["rankings", "verify", "--save-dir", str(save)]) == 0
    out = capsys.readouterr().out
    assert "VERIFIED" in out and "1 of 1 rows verified, 0 factory rows, 0 failed" in out
    assert main(["rankings", "export", str(tmp_path / "out"), "--save-dir", str(save)]) == 0
    exported = json.loads((tmp_path / "out" / "rankings.json").read_text())
    assert exported[0]["replay"] == row["replay"]
    assert (tmp_path / "out" / "replays" / f"{row['replay']}.rpl").exists()
    assert main(["rankings", "export", "--save-dir", str(save)]) == 2
    assert "export needs a folder" in capsys.readouterr().err


def test_an_edited_score_fails_verification(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    play_ranked_game(tmp_path, "bloxeed")
    loaded = load(tmp_path)
    row = loaded.data.rankings["bloxeed"]["normal"][0]
    true_score = row.score
    row.values["score"] = true_score + 1000
    writer = SaveWriter(tmp_path)
    assert writer.wait_durable(writer.submit(loaded.data), 5)
    writer.close()
    capsys.readouterr()
    assert main(["rankings", "verify", "--save-dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"FAILED (the replay gives score {true_score}" in out


def test_an_edited_replay_fails_verification(tmp_path: Path) -> None:
    play_ranked_game(tmp_path, "sega88")
    data = load(tmp_path).data
    path = tmp_path / "replays" / f"{data.rankings['sega88']['normal'][0].replay_id}.rpl"
    head, body = path.read_text().split("\n", 2)[:2], path.read_text().split("\n", 2)[2]
    tokens = body.split()
    # Flip the lever's left switch through the first quarter (same frame count).
    for at in range(len(tokens) // 4):
        bits, _, count = tokens[at].partition("*")
        tokens[at] = f"{int(bits, 16) ^ 0x04:x}" + (f"*{count}" if count else "")
    path.write_text("\n".join([*head, " ".join(tokens)]) + "\n")
    store = ReplayStore(tmp_path / "replays")
    [check] = check_tables(data, store)
    store.close()
    assert check.status == FAILED and "is not its id" in check.reason


def test_a_replay_of_a_previous_engine_version_is_refused_clearly(tmp_path: Path) -> None:
    play_ranked_game(tmp_path, "sega88")
    data = load(tmp_path).data
    path = tmp_path / "replays" / f"{data.rankings['sega88']['normal'][0].replay_id}.rpl"
    text = path.read_text()
    assert '"rules_version": 1' in text and '"engine"' not in text
    path.write_text(text.replace('"rules_version": 1', '"engine": "1"'))
    store = ReplayStore(tmp_path / "replays")
    [check] = check_tables(data, store)
    store.close()
    assert check.status == FAILED
    assert check.reason == ("recorded by engine version '1', before engine 2: this build "
                            "re-simulates engine 2 replays and those with a rules version only")


def test_a_row_whose_replay_is_gone_is_missing_and_one_without_is_unrecorded(
    tmp_path: Path
) -> None:
    play_ranked_game(tmp_path, "sega88")
    data = load(tmp_path).data
    table = data.rankings["sega88"]["normal"]
    (tmp_path / "replays" / f"{table[0].replay_id}.rpl").unlink()
    table.append(RankEntry("OLD", {"score": 1, "lines": 0, "level": 0}))
    store = ReplayStore(tmp_path / "replays")
    statuses = [c.status for c in check_tables(data, store, "sega88")]
    store.close()
    assert statuses == [MISSING, UNRECORDED]


def _desk(save: Path) -> tuple[RankingDesk, ReplayStore, SaveWriter, list[str]]:
    loaded = load(save)
    writer = SaveWriter(save)
    store = ReplayStore(save / "replays")
    notices: list[str] = []
    data = empty_tables(loaded.data) if loaded.cleared else loaded.data  # fresh: no rows
    return RankingDesk(data, writer, store, notices.append), store, writer, notices


def _entry(score: int, rid: str | None) -> RankEntry:
    return RankEntry("ZZZ", {"score": score, "lines": 0, "level": 0}, rid)


def test_a_row_commits_only_after_its_replay_is_durable(tmp_path: Path) -> None:
    """The store's thread is held up by a slow write (a FIFO nobody reads yet, as a card
    that stalls): the row waits, the frame goes on, and it commits once the replay is
    on disk."""
    desk, store, writer, _ = _desk(tmp_path)
    stall = tmp_path / "replays" / f"{'0' * 16}.tmp"
    os.mkfifo(stall)
    store.put("0" * 16, "stalled\n")
    text = "a replay\n"
    rid = replay_id(text)
    store.put(rid, text)
    desk.enter("sega88", "normal", _entry(500, rid))
    assert store.state(rid) == PENDING
    assert desk.data.rankings["sega88"]["normal"] == []  # not before its replay
    reader = threading.Thread(target=lambda: stall.open("rb").read())
    reader.start()
    assert store.wait_idle()
    reader.join()
    assert store.state(rid) == DURABLE
    desk.update()
    assert [e.replay_id for e in desk.data.rankings["sega88"]["normal"]] == [rid]
    writer.close()
    store.close()


def test_a_replay_store_that_cannot_write_keeps_the_row_unrecorded(tmp_path: Path) -> None:
    desk, store, writer, notices = _desk(tmp_path)
    (tmp_path / "replays").chmod(0o500)
    try:
        if os.access(tmp_path / "replays", os.W_OK):  # root ignores modes: use a dangling name
            (tmp_path / "replays").chmod(0o700)
            store.directory = tmp_path / "no" / "such" / "dir"
        store.put("1" * 16, "replay\n")
        assert store.wait_idle()
        desk.enter("sega88", "normal", _entry(700, "1" * 16))
    finally:
        (tmp_path / "replays").chmod(0o700)
    [row] = desk.data.rankings["sega88"]["normal"]
    assert row.replay_id is None and row.score == 700
    assert any("WITHOUT ITS REPLAY" in n for n in notices)
    writer.close()
    store.close()


def test_replays_of_rows_that_fall_out_are_deleted_and_orphans_cleaned(tmp_path: Path) -> None:
    desk, store, writer, _ = _desk(tmp_path)
    ids = []
    for n in range(11):
        text = f"replay {n}\n"
        ids.append(replay_id(text))
        store.put(ids[-1], text)
        assert store.wait_idle()
        desk.enter("sega88", "normal", _entry(100 * (n + 1), ids[-1]))
    assert writer.wait_durable(desk.prune_after or 0, 5)
    desk.update()
    assert store.wait_idle()
    on_disk = {p.stem for p in (tmp_path / "replays").glob("*.rpl")}
    assert on_disk == set(ids[1:])  # the lowest score fell out of the table
    # A replay written just before a power cut, its row never committed: an orphan.
    orphan = tmp_path / "replays" / f"{'f' * 16}.rpl"
    orphan.write_text("orphan\n")
    writer.close()
    store.close()
    _, store2, writer2, _ = _desk(tmp_path)
    assert store2.wait_idle()
    assert not orphan.exists()
    assert {p.stem for p in (tmp_path / "replays").glob("*.rpl")} == set(ids[1:])
    writer2.close()
    store2.close()
