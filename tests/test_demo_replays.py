"""The bundled attract-mode demos are real engine games: each one verifies frame by frame
against the engine in force (a demo that no longer verifies is a bug, not a test to drop)."""

from __future__ import annotations

import pytest

from engine.replay import verify
from firmware.game_files import demo_folder
from firmware.kiosk import load_demos
from firmware.machine.decisions import frames
from games.registry import CARTRIDGES, new_session


def test_every_cartridge_with_a_demo_folder_has_a_demo() -> None:
    demos = load_demos()
    with_demos = {gid for gid, cart in CARTRIDGES.items()
                  if (folder := demo_folder(cart)) is not None and any(folder.glob("*.rpl"))}
    assert with_demos and with_demos <= set(demos)


@pytest.mark.parametrize("game_id", sorted(load_demos()))
def test_demo_verifies_with_this_engine(game_id: str) -> None:
    replay = load_demos()[game_id]
    assert replay.rules_version == CARTRIDGES[game_id].rules_version
    session = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
    verdict = verify(replay, session)
    assert verdict.ok, (game_id, verdict)
    assert verdict.frames == frames("demo_frames")
