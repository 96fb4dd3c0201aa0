"""The Flash Point cartridge on the board: SW2, the CLI (pieces, sim, rules), the stage set
in play, the demo replay and the screen."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.replay import Replay, verify
from firmware.game_files import demo_folder
from games.flashpoint import CARTRIDGE
from games.flashpoint.dips import SW2, decode_dips
from games.flashpoint.stagefile import active_stages, builtin_stages, use_stage_file
from games.registry import cartridge, new_session

BLOXCAB = [sys.executable, "-m", "firmware.cli"]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BLOXCAB, *args], capture_output=True, text=True, timeout=120)


def test_registered() -> None:
    assert cartridge("flashpoint") is CARTRIDGE
    session = new_session("flashpoint", {"stage": 3}, {"main": 0}, 1)
    assert session.summary(0)["stage"] == 3


def test_factory_sw2() -> None:
    # Source: MAME segas16b.cpp fpoint: Demo Sounds On, Normal, Clear Round 2, 2 Cell Yes.
    # SW2:1, 3, 4 unused (OFF = 1), Demo Sounds On 0x00, Normal 0x30, 2 = 0x40, Yes = 0x80.
    assert SW2.factory == 0xFD
    dips, notice = decode_dips(SW2.factory)
    assert notice is None and dips.demo_sounds
    assert dict(dips.settings) == {"difficulty": "normal", "clear_round_allowed": 2,
                                   "two_cell_move": True}


@pytest.mark.parametrize(("labels", "settings"), [
    ({"Clear Round Allowed": "1"}, {"clear_round_allowed": 1}),
    ({"2 Cell Move": "No"}, {"two_cell_move": False}),
    ({"Difficulty": "Hardest"}, {"difficulty": "hardest"}),
])
def test_sw2_settings_reach_the_session(labels, settings) -> None:
    byte = SW2.encode({**{s.name: s.default for s in SW2.switches}, **labels})
    dips, _ = decode_dips(byte)
    for key, value in settings.items():
        assert dips.settings[key] == value
    session = new_session("flashpoint", dips.settings, {"main": 0}, 1)
    assert session.settings.to_dict() | settings == session.settings.to_dict()


def test_pieces_cli() -> None:
    result = cli("pieces", "--rules", "flashpoint", "--count", "30")
    assert result.returncode == 0 and result.stdout.strip() == "SJJTJJITJSLOIOTTJIISIZJOTTZSZI"


def test_sim_cli_fields() -> None:
    # 30 frames: the stage's ARE, before the first piece (and before random input could
    # press button 3 for a Clear Round)
    result = cli("sim", "--rules", "flashpoint", "--stage", "5", "--frames", "30", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["stage"] == 5 and data["stages_cleared"] == 0
    assert data["flashing_left"] == builtin_stages()[4].flashing
    assert data["bonus"] == 2000 and data["frames"] == 30
    bad = cli("sim", "--rules", "flashpoint", "--stage", "0", "--frames", "5", "--json")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_rules_cli_gravity_and_stage_list() -> None:
    result = cli("rules", "flashpoint", "--json")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert [g["frames_per_row"] for g in data["gravity"]["normal"][:16]] == [
        16, 14, 12, 10, 8, 6, 4, 3, 2, 1, 10, 8, 6, 4, 2, 1]
    stages = data["stage_list"]
    assert len(stages) == 100 and stages[0]["flashing"] == 2
    assert [s["flashing"] for s in stages] == [s.flashing for s in builtin_stages()]
    assert "clear_round_allowed" in data["decisions"]


def test_operator_stage_file(tmp_path: Path) -> None:
    text = "\n".join(f"stage {n}: mine\n*.........\n########.." for n in range(1, 101))
    path = tmp_path / "original.txt"
    path.write_text(text)
    try:
        assert use_stage_file(path) is None
        session = new_session("flashpoint", {"stage": 1}, {"main": 0}, 1)
        assert session.stages[0].title == "mine" and session.side(0).extras.flashing_left == 1
        path.write_text(text.replace("stage 77: mine\n*.........", "stage 77: mine\n*......"))
        problem = use_stage_file(path)
        assert problem is not None and "stage 77, row 2" in problem
        assert active_stages() == builtin_stages()
    finally:
        use_stage_file(None)


def test_demo_replay_is_real_engine_play() -> None:
    folder = demo_folder(CARTRIDGE)
    assert folder is not None
    replay = Replay.from_text((folder / "demo.rpl").read_text())
    assert replay.rules == "flashpoint"
    session = new_session(replay.rules, replay.settings, replay.seeds, replay.players)
    assert verify(replay, session).ok
    summary = session.summary(0)
    assert summary is not None and summary["stages_cleared"] >= 3


def test_screen_draws_select_play_and_choice() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from games.cartridge import PlayView
    from games.flashpoint.screen import FLASH_RGB

    pygame.display.init()
    surface = pygame.Surface((320, 224))
    session = new_session("flashpoint", {"stage": 1}, {"main": 0}, 1)
    CARTRIDGE.presentation.draw_play(surface, PlayView(session, 0, False, frame=0))
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(120, 200) for y in range(40, 200)}
    assert FLASH_RGB in colours  # lit flashing cells
    CARTRIDGE.presentation.draw_play(surface, PlayView(session, 0, False, frame=8))
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(120, 200) for y in range(40, 200)}
    assert FLASH_RGB not in colours  # and dark 8 frames later
    selecting = new_session("flashpoint", {}, {"main": 0}, 2)
    CARTRIDGE.presentation.draw_play(surface, PlayView(selecting, 0, False, frame=0))


def test_attract_mode_has_the_demo() -> None:
    from firmware.kiosk import load_demos

    demo = load_demos()["flashpoint"]
    # As long as attract mode plays a demo (the cabinet's demo_frames decision).
    assert demo.rules == "flashpoint" and len(demo.inputs) == 2400
