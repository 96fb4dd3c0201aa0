"""The bundled attract-mode demos are real engine games: each one verifies frame by frame
against the engine in force (a demo that no longer verifies is a bug, not a test to drop)."""

from __future__ import annotations

import pytest

from engine.game import ENGINE_VERSION
from engine.replay import verify
from firmware.kiosk import DEMO_DIR, load_demos
from firmware.machine.decisions import frames


def test_there_is_a_demo_for_every_game_file() -> None:
    demos = load_demos()
    assert len(demos) == len(list(DEMO_DIR.glob("demo-*.rpl"))) >= 2


@pytest.mark.parametrize("game_id", sorted(load_demos()))
def test_demo_verifies_with_this_engine(game_id: str) -> None:
    replay = load_demos()[game_id]
    assert replay.engine == ENGINE_VERSION
    verdict = verify(replay)
    assert verdict.ok, (game_id, verdict)
    assert verdict.frames == frames("demo_frames")
