"""Certified rankings in the cabinet: the rankings screen marks proven rows, and attract
mode now and then plays the best game back ("TOP PLAY")."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.video import screens
from cabinet.video.palette import UI
from firmware.inputscript import parse_script
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine import Screen
from firmware.machine.decisions import frames
from firmware.savedata import load
from tests.kiosk_kit import write_empty_tables
from tests.test_kiosk_session import SESSION, SESSION_FRAMES

CHECK_WAIT_S = 600  # a bound for a broken checker, not a speed: the check sets ``done``


def ranked_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The kiosk session of test_kiosk_session, then the ranked row's replay waited for (an
    event: the store's queue is empty), so a busy machine's slow fsync loses no row."""
    save = tmp_path / "save"
    write_empty_tables(save)
    kiosk = Kiosk(KioskOptions(mode="headless", save_dir=save, audio=False,
                               inputs=parse_script(SESSION)))
    try:
        for _ in range(SESSION_FRAMES):
            kiosk.frame()
        assert kiosk.replays.wait_idle(CHECK_WAIT_S)
        kiosk.frame()  # the desk sees the durable replay and the row goes in
        assert not kiosk.machine.rankings.pending
    finally:
        kiosk.close()
    capsys.readouterr()
    return save


def test_the_rankings_screen_marks_a_proven_row(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    save = ranked_save(tmp_path, capsys)
    [row] = load(save).data.rankings["bloxeed"]["normal"]
    assert row.replay_id is not None
    kiosk = Kiosk(KioskOptions(mode="headless", save_dir=save, audio=False, inputs=[]))
    try:
        kiosk.frame()  # the first frame goes up before any replay is checked (fast boot)
        kiosk.frame()
        assert kiosk.checker.done.wait(CHECK_WAIT_S)
        assert kiosk.checker.status("bloxeed", "normal", 1, row) == "verified"
        kiosk.machine.screen = Screen.RANKINGS
        kiosk.frame()
        y = 48 + 16  # the first row
        lit = {tuple(kiosk.native.get_at((8 + x, y + dy)))[:3] for x in range(7)
               for dy in range(7)}
        assert UI["verified"] in lit
        assert screens.VERIFIED_MARK == "*"
    finally:
        kiosk.close()


def test_attract_mode_plays_the_top_game_back(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    save = ranked_save(tmp_path, capsys)
    [row] = load(save).data.rankings["bloxeed"]["normal"]
    kiosk = Kiosk(KioskOptions(mode="headless", save_dir=save, audio=False, inputs=[]))
    machine = kiosk.machine
    every = frames("top_play_every")
    try:
        demos = []
        for _ in range(60_000):
            kiosk.frame()
            if machine.screen == Screen.DEMO and machine.screen_frames == 1:
                demos.append(machine.top_play)
                if machine.top_play:
                    break
        assert demos == [False] * (every - 1) + [True]
        demo = machine.demo
        assert demo is not None
        while machine.screen == Screen.DEMO:
            kiosk.frame()
        # The best game played to its end: the same final score as the row.
        assert (demo.summary(0) or {})["score"] == row.score
    finally:
        kiosk.close()


def test_the_service_menu_verifies_the_tables(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from tools.operator import Operator

    save = ranked_save(tmp_path, capsys)
    [row] = load(save).data.rankings["bloxeed"]["normal"]
    kiosk = Kiosk(KioskOptions(mode="headless", save_dir=save, audio=False, inputs=[]))
    try:
        op = Operator(kiosk)
        op.enter()
        op.choose("RANKINGS VERIFY")
        page = op.menu.page
        assert page.checker is not None and page.checker.done.wait(CHECK_WAIT_S)
        lines = [text for text, _ in page.lines()]
        assert lines[0] == "1 OF 1 ROWS VERIFIED, 0 FAILED"
        assert lines[1].startswith("BLOXEED  1 ABC") and lines[1].endswith("VERIFIED")
        assert str(row.score) in lines[1]
        op.run()
        op.screenshot(tmp_path / "verify.png")
    finally:
        kiosk.close()


def test_rankings_verify_on_a_fresh_board_has_nothing_to_verify(tmp_path: Path) -> None:
    """Issue #32 item 6: factory rows only must not read like a failure."""
    from tools.operator import Operator

    kiosk = Kiosk(KioskOptions(mode="headless", save_dir=tmp_path / "save", audio=False,
                               inputs=[]))
    try:
        op = Operator(kiosk)
        op.run(2)
        op.enter()
        op.choose("RANKINGS VERIFY")
        page = op.menu.page
        assert page.checker is not None and page.checker.done.wait(30)
        factory_rows = len(page.checker.checks)
        assert factory_rows > 0
        lines = [text for text, _ in page.lines()]
        assert lines[0] == f"{factory_rows} FACTORY ROWS, NOTHING TO VERIFY"
    finally:
        kiosk.close()
