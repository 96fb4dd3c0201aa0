"""The JVS link in the cabinet: the attract screen's "JVS ERROR" while the board is down,
and line errors on the service menu's notices (headless kiosk, simulator on a real pty)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from cabinet.jvs.health import ALARM
from cabinet.jvs.simulator import IoBoardSimulator, paired_error
from cabinet.jvs.source import JvsSource, open_jvs
from cabinet.video import screens
from cabinet.video.font import CELL
from cabinet.video.palette import UI
from cabinet.video.screen import NATIVE_H, NATIVE_W
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine.screens import ATTRACT
from tests.test_jvs_master import PATIENT, wait_for
from tools.operator import Operator


def alert_pixels(surface: pygame.Surface, top: int, height: int) -> int:
    alert = pygame.Color(*UI["alert"])
    return sum(
        surface.get_at((x, y)) == alert
        for y in range(top, top + height)
        for x in range(NATIVE_W)
    )


def test_alarm_line_draws_only_its_row_and_nothing_without_alarms() -> None:
    surface = pygame.Surface((NATIVE_W, NATIVE_H))
    surface.fill((1, 2, 3))
    before = pygame.image.tobytes(surface, "RGB")
    screens.alarm_line(surface, [])
    assert pygame.image.tobytes(surface, "RGB") == before
    screens.alarm_line(surface, ["JVS ERROR"])
    assert screens.ALARM_Y == 0  # the top text row
    assert alert_pixels(surface, screens.ALARM_Y, CELL) > 0
    assert alert_pixels(surface, 0, screens.ALARM_Y) == 0
    assert alert_pixels(surface, screens.ALARM_Y + CELL, NATIVE_H - screens.ALARM_Y - CELL) == 0


@pytest.fixture
def sim() -> Iterator[IoBoardSimulator]:
    with IoBoardSimulator() as simulator:
        yield simulator


# A poll waits up to 0.5 s for its reply: on a loaded machine (an arm64 emulation under load
# average 100 wrote nothing to the pty for seconds) short timeouts would drop a board that
# is up, or take a late reply for a line error; a silent board is still down in 2 s.
PATIENT_POLLS = replace(PATIENT, poll_timeout=0.5)


@pytest.fixture
def kiosk(sim: IoBoardSimulator, tmp_path: Path) -> Iterator[tuple[Kiosk, JvsSource]]:
    source, outputs = open_jvs(sim.port, timing=PATIENT_POLLS)
    cabinet = Kiosk(KioskOptions(mode="headless", inputs=[], save_dir=tmp_path, audio=False),
                    sources=[source], sinks=[outputs])
    try:
        yield cabinet, source
    finally:
        cabinet.close()


def test_attract_screen_shows_jvs_error_while_the_board_is_down(
    sim: IoBoardSimulator, kiosk: tuple[Kiosk, JvsSource]
) -> None:
    cabinet, source = kiosk
    wait_for(lambda: "up" in source.status())
    for _ in range(1200):  # past the first-boot notice to the attract screens
        cabinet.frame()
        if cabinet.machine.screen in ATTRACT:
            break
    assert cabinet.alarms() == []
    sim.silent = True
    wait_for(lambda: source.alarm == ALARM, timeout=30)
    cabinet.frame()
    assert cabinet.machine.screen in ATTRACT
    assert cabinet.alarms() == ["JVS ERROR"]
    assert alert_pixels(cabinet.native, screens.ALARM_Y, CELL) > 0
    sim.silent = False
    wait_for(lambda: source.alarm is None, timeout=30)
    cabinet.frame()
    assert cabinet.alarms() == []
    # The screen keeps what did not change from frame to frame; the line must still go.
    assert alert_pixels(cabinet.native, screens.ALARM_Y, CELL) == 0


def test_line_errors_show_on_the_notices_page(
    sim: IoBoardSimulator, kiosk: tuple[Kiosk, JvsSource]
) -> None:
    cabinet, source = kiosk
    wait_for(lambda: "up" in source.status())
    sim.tamper_next_replies(paired_error(0, 0x03, balance=3))  # a status 03 reply
    wait_for(lambda: source.master.health.line_errors == 1)
    operator = Operator(cabinet)
    operator.run(2)
    operator.enter()
    assert "input jvs: JVS line errors: 1 (last: reply status 03 from node 1)" in (
        operator.menu.problems()
    )
