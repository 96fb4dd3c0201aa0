"""Issue #32 item 2: attract mode shows every ranking table that has rows, one after
another, each titled with its game and mode; each table's TOP PLAY in turn; TGM3 Easy's
fireworks under their own name; `rankings list` keeps the internal ``order`` to itself."""

from __future__ import annotations

from pathlib import Path

import pygame

from cabinet.video.text import recording
from firmware import kiosk_view
from firmware.machine import Screen
from firmware.machine.decisions import frames
from firmware.rankings.check import RowCheck
from firmware.savedata import RankEntry
from games.tap.rules.modes import DEATH, MASTER, NORMAL
from tests.kiosk_kit import Rig, write_empty_tables

RANKINGS_FRAMES = frames("rankings_frames")


def _row(initials: str, level: int) -> RankEntry:
    return RankEntry(initials, {"grade": "S9", "level": level, "clock": "09:32:71",
                                "line": 100, "time": 34_000, "score": 50_000})


def _tap_rig(tmp_path: Path) -> Rig:
    write_empty_tables(tmp_path)
    rig = Rig(tmp_path, game="tap")
    tables = rig.machine.data.rankings["tap"]
    tables[MASTER][:] = [_row("AAA", 999), _row("BBB", 500)]
    tables[DEATH][:] = [_row("CCC", 300)]
    return rig


def _texts(rig: Rig) -> list[str]:
    with recording() as texts:
        kiosk_view.draw(rig.machine, pygame.Surface((320, 224)))
    return [t.text for t in texts]


def test_attract_shows_each_table_with_rows_titled_and_skips_the_empty_ones(
        tmp_path: Path) -> None:
    rig = _tap_rig(tmp_path)
    m = rig.machine
    assert m.ranking_tables() == [MASTER, DEATH]  # NORMAL and TGM+ have no rows
    m.screen, m.screen_frames = Screen.RANKINGS, 0
    shown = _texts(rig)
    assert "TGM2 PLUS  MASTER" in shown and "AAA" in shown and "CCC" not in shown
    rig.frames(RANKINGS_FRAMES)
    assert m.screen == Screen.RANKINGS
    shown = _texts(rig)
    assert "TGM2 PLUS  T.A.DEATH" in shown and "CCC" in shown and "AAA" not in shown
    rig.frames(RANKINGS_FRAMES)
    assert m.screen.name == "TITLE"  # (mypy narrowed m.screen above)
    rig.writer.close()


def test_a_game_whose_tables_are_all_empty_shows_its_first(tmp_path: Path) -> None:
    write_empty_tables(tmp_path)
    rig = Rig(tmp_path, game="tap")
    assert rig.machine.ranking_tables() == [NORMAL]
    rig.writer.close()


def test_top_play_takes_each_table_in_turn(tmp_path: Path) -> None:
    rig = _tap_rig(tmp_path)
    m = rig.machine
    every = frames("top_play_every")
    chosen = []
    for cycle in (every - 1, 2 * every - 1, 3 * every - 1):
        m.attract_cycles = cycle
        m._start_demo()
        chosen.append(m.top_play_mode)
    assert chosen == [MASTER, DEATH, MASTER]
    rig.writer.close()


def test_easy_lists_fireworks_and_no_row_lists_its_order() -> None:
    values: dict[str, int | str] = {"grade": "146", "level": 200, "clock": "05:12:33",
                                    "order": 146_200_000}
    line = RowCheck("ti", "ti-easy", 1, "AAA", values, None, "factory").line()
    assert "fireworks=146" in line and "grade=" not in line and "order=" not in line
    master = RowCheck("ti", "ti-master", 1, "AAA", {**values, "grade": "GM"}, None,
                      "factory").line()
    assert "grade=GM" in master and "order=" not in master
