"""Issue #32: no text over text, none off the picture or its panel, none touching the next
one on its row. Every text goes through cabinet.video.text.draw_text, which records its box
inside ``recording()``; cabinet.video.text_check finds the faults. The screenshot tour
(``python -m tools.shots``) checks every shot the same way: its attract cycles and service
pages for every game run here, the whole tour in the long run (make test-long)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cabinet.video import screens
from cabinet.video.screen import new_native
from cabinet.video.text import draw_text, recording
from cabinet.video.text_check import problems
from games.arika.shots import mode_shots
from games.registry import CARTRIDGES
from games.tap import shots as tap_shots
from games.ti import shots as ti_shots
from tools.shots import attract, desk, picture, service

# The widest value each ranking column takes (a 7-digit score, a 4-digit TGM3 level, the
# Arika clock mm:ss:cc, a 3-digit fireworks count).
WIDEST = {"score": 9_999_999, "level": 1300, "clock": "59:59:99", "grade": "GM",
          "lines": 999, "line": 999, "stage": 100, "round": 99, "time": 99_999,
          "order": 99, "fireworks": 999}


def _texts(draw: object) -> list[str]:
    surface = new_native()
    with recording() as texts:
        draw(surface)  # type: ignore[operator]
    return problems(texts)


def test_the_recorder_sees_each_text_and_the_checker_each_fault() -> None:
    def clean(s: pygame.Surface) -> None:
        draw_text(s, "LV", 8, 8, (255, 255, 255))
        draw_text(s, "CLOCK", 32, 8, (255, 255, 255))

    def touching(s: pygame.Surface) -> None:
        draw_text(s, "LV", 8, 8, (255, 255, 255))
        draw_text(s, "CLOCK", 24, 8, (255, 255, 255))

    def over(s: pygame.Surface) -> None:
        draw_text(s, "999", 8, 8, (255, 255, 255))
        draw_text(s, "32:71", 16, 8, (255, 255, 255))

    def off(s: pygame.Surface) -> None:
        draw_text(s, "PROMOTION EXAM", 300, 8, (255, 255, 255))
        draw_text(s.subsurface((8, 100, 40, 40)), "SELECT MODE", 0, 0, (255, 255, 255))

    assert _texts(clean) == []
    assert ["touch" in p for p in _texts(touching)] == [True]
    assert ["overlap" in p for p in _texts(over)] == [True]
    found = _texts(off)
    assert "leaves the picture" in found[0] and "leaves its panel" in found[1]


@pytest.mark.parametrize("game", list(CARTRIDGES))
def test_a_full_ranking_table_of_the_widest_values_reads_clean(game: str) -> None:
    spec = CARTRIDGES[game].board.ranking
    for mode in spec.modes:
        columns = [name for _, name in spec.shown(mode)]
        values = [WIDEST.get(c, 99_999) for c in columns]
        rows = [("WWW", values)] * 10
        marks = [screens.VERIFIED_MARK] * 10
        title = f"{CARTRIDGES[game].title.split(' (')[0]}  {spec.title_of(mode)}"
        surface = new_native()
        with recording() as texts:
            screens.rankings(surface, columns, rows, 99, False, marks=marks, title=title)
        assert problems(texts) == [], mode


def test_every_attract_screen_and_service_page_of_every_game_reads_clean(
        tmp_path: Path) -> None:
    picture.PROBLEMS.clear()
    taken = attract.take(tmp_path) + service.take(tmp_path)
    assert len(taken) >= 6 * 3
    assert picture.PROBLEMS == []


@pytest.mark.slow
@pytest.mark.timeout(1800)  # much work, not a hang: 300 s ran out in an emulated arm64 root
def test_the_whole_screenshot_tour_reads_clean(tmp_path: Path) -> None:
    from tools.shots import take_all

    picture.PROBLEMS.clear()
    take_all(tmp_path)
    assert picture.PROBLEMS == []


@pytest.mark.parametrize(("game", "mode", "rights"), [
    *(("tap", mode, rights) for mode, rights in tap_shots.MODE_RIGHTS),
    *(("ti", mode, rights) for mode, rights in ti_shots.MODE_RIGHTS)])
def test_a_game_its_end_and_the_name_entry_of_every_mode_read_clean(
        tmp_path: Path, game: str, mode: str, rights: int) -> None:
    picture.PROBLEMS.clear()
    before = ti_shots.guest if game == "ti" else None
    demo = CARTRIDGES[game].presentation.demo_player
    assert demo is not None
    taken = desk.take(game, lambda d: mode_shots(d, mode, rights, demo, before), tmp_path)
    assert [p.name for p in taken] == [f"{mode}-{shot}.png" for shot in ("play", "over", "name")]
    assert picture.PROBLEMS == []
