"""The ranked replays' inputs are coded while the game is played, so a row is sealed in the
frame its initials go in without a pass over every frame of the game. A long 2P session
ranks many results before the initials are asked (BLOCKOUT's frames bench: eleven): each
row must find its coded inputs, and the texts go once their rows are in."""

from __future__ import annotations

import random
from pathlib import Path

from engine import InputFrame, PlayerInput
from firmware.machine.ranking_desk import RankingDesk
from firmware.rankings.recorder import seal
from firmware.rankings.store import ReplayStore
from firmware.savedata import RankEntry, SaveWriter, load
from games.registry import CARTRIDGES, new_session
from tests.kiosk_kit import empty_tables

RESULTS = 12  # more than the eight the desk used to keep


def test_every_row_waiting_for_its_initials_is_sealed_from_its_coded_inputs(
        tmp_path: Path) -> None:
    loaded = load(tmp_path)
    writer = SaveWriter(tmp_path)
    store = ReplayStore(tmp_path / "replays")
    desk = RankingDesk(empty_tables(loaded.data), writer, store, lambda _notice: None)
    settings = CARTRIDGES["sega88"].tooling.cli_settings({})
    seeds = {"main": 7}
    desk.start("sega88", "sega88", settings, seeds, 2)
    session = new_session("sega88", settings, seeds, 2)
    recorder = desk.recorder
    assert recorder is not None
    rng = random.Random(3)
    waiting = []
    try:
        for result in range(RESULTS):
            for _ in range(40):
                inputs = InputFrame(p1=PlayerInput(left=rng.random() < 0.3),
                                    p2=PlayerInput(down=rng.random() < 0.5))
                session.step(inputs)
                recorder.frame(inputs, session)
            replay = desk.replay_for(session, result % 2)
            assert replay is not None
            waiting.append(replay)
        assert desk.coded_waiting == RESULTS  # the old desk kept eight
        for n, replay in enumerate(waiting):
            entry = RankEntry("ZZZ", {"score": 100 - n, "lines": 0, "level": 0}, None)
            desk.enter("sega88", "normal", entry, replay)
            # sealed as if its inputs were coded afresh: the same replay, the same id
            assert entry.replay_id == seal(replay, "ZZZ", "normal")[0]
        assert desk.coded_waiting == 0  # the old desk kept eight for good
    finally:
        store.close()
        writer.close()
