"""Issue 34 item 9: a replay bomb (a few hundred bytes claiming hours of frames) costs no
more than its first failing checkpoint; a ranked replay must hold every checkpoint and end
when its game does; the kiosk checks rankings at low priority."""

from __future__ import annotations

import os
from pathlib import Path

from engine import GameSettings, InputFrame
from engine.replay import CHECKPOINT_EVERY, MAX_FRAMES, Replay, record, verify
from engine.session import GameSession
from firmware.rankings.checker import BackgroundChecker
from firmware.rankings.store import ReplayStore
from firmware.savedata import SaveData
from games.registry import new_session

SETTINGS = GameSettings().to_dict()
SEEDS = {"main": 5}


def fresh(replay: Replay) -> GameSession:
    return new_session(replay.rules, replay.settings, replay.seeds, replay.players)


def idle_replay(frames: int) -> Replay:
    session = new_session("sega88", SETTINGS, SEEDS, 1)
    return record(session, SETTINGS, SEEDS, 1, [InputFrame()] * frames)


def bomb() -> Replay:
    """Four hours of frames, its first checkpoint wrong: the text is a few hundred bytes."""
    replay = idle_replay(1200)
    replay.inputs = [0] * MAX_FRAMES
    replay.checkpoints = {f: "0" * 16 for f in range(CHECKPOINT_EVERY, MAX_FRAMES + 1,
                                                      CHECKPOINT_EVERY)}
    return Replay.from_text(replay.to_text())


def test_verification_stops_at_the_first_failing_checkpoint() -> None:
    replay = bomb()
    verdict = verify(replay, fresh(replay))
    assert not verdict.ok
    assert verdict.first_bad_checkpoint == CHECKPOINT_EVERY
    assert verdict.frames == CHECKPOINT_EVERY  # frames re-simulated, not the 864,000 claimed
    assert verdict.checkpoints_matched == 0


def test_an_edited_final_hash_counts_the_checkpoints_that_matched() -> None:
    replay = idle_replay(2100)
    replay.final_hash = "f" * 16
    verdict = verify(replay, fresh(replay))
    assert not verdict.ok and verdict.first_bad_checkpoint is None
    assert verdict.checkpoints_matched == 3 and verdict.frames == 2100


def test_a_ranked_replay_without_its_checkpoints_stops_at_the_first_missing_one() -> None:
    replay = idle_replay(1200)
    replay.inputs = [0] * MAX_FRAMES
    replay.checkpoints = {}
    verdict = verify(replay, fresh(replay), ranked=True)
    assert not verdict.ok and verdict.frames == CHECKPOINT_EVERY
    assert "no checkpoint at frame 600" in verdict.reason


def test_a_ranked_replay_that_goes_on_after_its_game_is_over_fails_there() -> None:
    session = new_session("sega88", SETTINGS, SEEDS, 1)
    over_at = 0
    while not session.over:
        session.step(InputFrame())
        over_at += 1
    replay = idle_replay(over_at + 3 * CHECKPOINT_EVERY)  # checkpoints of the idle tail
    assert verify(replay, fresh(replay)).ok  # as a plain file it re-simulates
    verdict = verify(replay, fresh(replay), ranked=True)
    assert not verdict.ok and verdict.frames == over_at
    assert f"over at frame {over_at}" in verdict.reason


def test_the_background_checker_runs_at_low_priority(tmp_path: Path) -> None:
    checker = BackgroundChecker(ReplayStore(tmp_path / "replays"))
    checker.request(SaveData())
    assert checker.done.wait(60)
    assert checker.niceness is not None
    assert checker.niceness >= min(os.getpriority(os.PRIO_PROCESS, 0) + 10, 19)
