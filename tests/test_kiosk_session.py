"""Whole sessions on the kiosk, headless, driven by input scripts as an operator would."""

import json
from pathlib import Path

import pytest

from firmware.cli import main
from firmware.inputscript import parse_script
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine import Screen
from firmware.savedata import factory, load
from tests.kiosk_kit import write_empty_tables

# Factory save data = the power-on pattern, so every frame below is reproducible:
# a Bloxeed game with the lever held down tops out on frame 789; GAME OVER is shown for
# name_entry_after_frames (240), so name entry opens on frame 1029. The save data starts
# with empty ranking tables (write_empty_tables), as the lever-held game's few points rank
# under no factory row.
SESSION = """
10 coin1 down
11 coin1 up
40 p1.start down
41 p1.start up
50 p1.down down
789 p1.down up
# name entry: A, then right to B, B, right to C, C
1040 p1.b1 down
1041 p1.b1 up
1050 p1.right down
1051 p1.right up
1060 p1.b1 down
1061 p1.b1 up
1070 p1.right down
1071 p1.right up
1080 p1.b1 down
1081 p1.b1 up
"""
SESSION_FRAMES = 1140


def kiosk(save_dir: Path, script: str = "", frames: int | None = None) -> Kiosk:
    return Kiosk(KioskOptions(mode="headless", inputs=parse_script(script), save_dir=save_dir,
                              audio=False, frames=frames))


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(list(argv)) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    return json.loads(lines[-1])


def test_full_session_coin_play_initials_ranking_after_restart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "session.txt"
    script.write_text(SESSION)
    write_empty_tables(tmp_path / "save")
    summary = run_cli(capsys, "run", "--headless", "--frames", str(SESSION_FRAMES), "--inputs",
                      str(script), "--save-dir", str(tmp_path / "save"), "--no-sound")
    # After the initials the game-over sequence has run through: attract mode's title.
    assert summary == {"frames": SESSION_FRAMES, "missed_frames": 0, "credits": 0,
                       "games_started": 1, "games_finished": 1, "screen": "title"}
    data = load(tmp_path / "save").data
    table = data.rankings["bloxeed"]["normal"]
    assert [e.initials for e in table] == ["ABC"]
    assert table[0].score > 0
    assert data.bookkeeping.coins == [1, 0]
    assert data.bookkeeping.games["bloxeed"].one_player == 1
    # After a restart the ranking is still there and the attract loop shows it.
    again = kiosk(tmp_path / "save")
    try:
        while again.machine.screen != Screen.RANKINGS:
            again.frame()
            assert again.machine.frame < 4000
        from firmware.kiosk_view import _rows

        assert _rows(again.machine)[0][0] == "ABC"
        blank = again.native.copy()
        again.machine.data.rankings["bloxeed"]["normal"].clear()
        from firmware import kiosk_view

        kiosk_view.draw(again.machine, blank)
        assert blank.get_view("2").raw != again.native.get_view("2").raw
    finally:
        again.close()


def test_tilt_ends_the_game_unranked_and_keeps_credits(tmp_path: Path) -> None:
    k = kiosk(tmp_path, "10 coin1 down\n11 coin1 up\n12 coin1 down\n13 coin1 up\n"
                        "40 p1.start down\n41 p1.start up\n300 tilt down\n301 tilt up\n")
    try:
        for _ in range(299):
            k.frame()
        assert k.machine.screen == Screen.PLAY
        k.frame()
        assert k.machine.screen == Screen.TITLE
        assert k.machine.credits == 1
        assert k.machine.games_finished == 0
        assert load(tmp_path).data.rankings["bloxeed"] == factory().rankings["bloxeed"]
    finally:
        k.close()


def test_demo_play_is_deterministic(tmp_path: Path) -> None:
    hashes = []
    for run in range(2):
        k = kiosk(tmp_path / str(run))
        try:
            while k.machine.screen != Screen.DEMO:
                k.frame()
            demo = k.machine.demo
            assert demo is not None
            replay = k.machine.demos["bloxeed"]
            while k.machine.screen == Screen.DEMO:
                k.frame()
            assert demo.frame == len(replay.inputs)
            assert demo.state_hash() == replay.final_hash
            hashes.append(demo.state_hash())
        finally:
            k.close()
    assert hashes[0] == hashes[1]


def test_headless_summary_is_one_json_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    summary = run_cli(capsys, "run", "--headless", "--frames", "5", "--save-dir",
                      str(tmp_path), "--game", "sega88", "--no-sound")
    assert set(summary) == {"frames", "missed_frames", "credits", "games_started",
                            "games_finished", "screen"}
    assert summary["screen"] == "notice"  # fresh save data: BACKUP DATA CLEARED


def test_run_rejects_bad_arguments_in_one_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("10 p1.fire down\n")
    assert main(["run", "--headless", "--frames", "5", "--inputs", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "p1.fire" in err[0]
