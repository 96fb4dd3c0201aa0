"""The seam holds: a cartridge defined only in tests/ plays through the headless kiosk
(coin, start, game over, initials, the ranking after a restart, its DIP page), with no
change to firmware/, cabinet/ or dipswitch/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import InputFrame
from firmware import kiosk_view
from firmware.cli import main
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine import Screen
from firmware.savedata import load
from games import registry
from tests.tiny_cartridge import CARTRIDGE, FRAMES, TAP_SOUND
from tools.operator import Operator

# Three taps in a Long (240-frame) game, GAME OVER for name_entry_after_frames (240), then
# initials A, B, C.
SESSION = """
10 coin1 down
11 coin1 up
40 p1.start down
41 p1.start up
60 p1.b1 down
61 p1.b1 up
70 p1.b1 down
71 p1.b1 up
80 p1.b1 down
81 p1.b1 up
540 p1.b1 down
541 p1.b1 up
550 p1.right down
551 p1.right up
560 p1.b1 down
561 p1.b1 up
570 p1.right down
571 p1.right up
580 p1.b1 down
581 p1.b1 up
"""



def test_a_tiny_cartridge_plays_through_the_kiosk_and_ranks_after_a_restart(
    tiny: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "session.txt"
    script.write_text(SESSION)
    save = tmp_path / "save"
    assert main(["run", "--headless", "--game", "tiny", "--frames", "640", "--inputs",
                 str(script), "--save-dir", str(save), "--no-sound"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["games_started"] == 1 and summary["games_finished"] == 1
    assert summary["screen"] == "title"  # the initials are in; attract mode follows

    data = load(save).data
    assert data.selected_game == "tiny"
    table = data.rankings["tiny"]["normal"]
    assert [(e.initials, e.values) for e in table] == [("ABC", {"score": 30, "taps": 3})]
    assert data.bookkeeping.games["tiny"].one_player == 1
    assert data.seeds["tiny"] == {"main": 3}

    kiosk = Kiosk(KioskOptions(mode="headless", save_dir=save, audio=False, inputs=[]))
    try:
        machine = kiosk.machine
        assert machine.game_id == "tiny"
        machine.screen = Screen.RANKINGS
        assert kiosk_view._rows(machine) == [("ABC", [30, 3])]
        kiosk_view.draw(machine, kiosk.native)
        op = Operator(kiosk)
        op.enter()
        op.choose("GAME ASSIGNMENTS")
        rows = [(row.label, row.value) for row in op.menu.page.rows()]
        assert ("1 Game Time", "Long") in rows and ("2 Demo Sounds", "On") in rows
        kiosk_view.draw(machine, kiosk.native)
    finally:
        kiosk.close()


def test_the_tiny_cartridge_is_in_game_select_and_the_cli(tiny: None) -> None:
    assert "tiny" in registry.rules_ids()
    assert registry.cartridge("tiny").title == "TAP ATTACK (TEST)"
    session = registry.new_session("tiny", {"frames": 3}, {"main": 0}, 1)
    session.step(InputFrame())
    assert session.summary(0) == {"score": 0, "taps": 0}


def test_a_second_cartridge_with_the_same_id_is_refused(tiny: None) -> None:
    with pytest.raises(ValueError, match="already registered"):
        registry.register(CARTRIDGE)


def test_the_tiny_cartridge_brings_its_own_cli_option_and_sound(
        tiny: None, capsys: pytest.CaptureFixture[str]) -> None:
    from firmware.sound_palette import cabinet_palette

    assert main(["sim", "--rules", "tiny", "--game-time", "short", "--frames", "200",
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["frames"] == FRAMES["Short"] and result["game_over"]
    assert main(["pieces", "--rules", "tiny", "--count", "2"]) == 0
    assert capsys.readouterr().out.split() == ["TAP", "TAP"]
    assert main(["sim", "--rules", "sega88", "--game-time", "short", "--frames", "5"]) == 2
    assert "--game-time is not an option of" in capsys.readouterr().err
    assert cabinet_palette()["tiny_tap"] == TAP_SOUND
