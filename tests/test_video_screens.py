"""Every screen renders, and says and shows what it should."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pygame
import pytest

from cabinet.video import screens
from cabinet.video.field_view import LAYOUT_2P, WELL_W
from cabinet.video.font import lit_pixels
from cabinet.video.palette import COLOUR_BARS, UI
from cabinet.video.screen import NATIVE_H, NATIVE_SIZE, NATIVE_W, new_native
from engine import Game
from games.gallery import scenes
from games.sega88.rules import SEGA88

SCENES = scenes()
SOLID_SCENES = {"monitor_red", "monitor_green", "monitor_blue", "monitor_white"}


def pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface)


def drawn(draw: Callable[[pygame.Surface], object]) -> pygame.Surface:
    surface = new_native()
    draw(surface)
    return surface


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_screen_renders_a_real_picture(name: str) -> None:
    surface = drawn(SCENES[name])
    assert surface.get_size() == NATIVE_SIZE
    colours = len(np.unique(pixels(surface).reshape(-1, 3), axis=0))
    assert colours == 1 if name in SOLID_SCENES else colours >= 2


def text_at(surface: pygame.Surface, text: str, x: int, y: int, colour: tuple[int, ...]) -> bool:
    """Whether ``text`` is drawn with its top-left at (x, y) in ``colour``: exactly the lit
    pixels of each glyph's 7x7 box have that colour."""
    for i, ch in enumerate(text):
        lit = set(lit_pixels(ch))
        for gy in range(7):
            for gx in range(7):
                here = tuple(surface.get_at((x + i * 8 + gx, y + gy)))[:3] == colour
                if here != ((gx, gy) in lit):
                    return False
    return True


def centred_x(text: str) -> int:
    return NATIVE_W // 2 - len(text) * 8 // 2


def test_credit_line_says_credit_n_or_free_play() -> None:
    assert screens.credit_text(3, False) == "CREDIT 3"
    assert screens.credit_text(3, True) == "FREE PLAY"
    for text, credits, free in (("CREDIT 2", 2, False), ("FREE PLAY", 0, True)):
        surface = drawn(lambda s, c=credits, f=free: screens.title(s, c, f, 0))
        assert text_at(surface, text, centred_x(text), screens.CREDIT_Y, UI["credit"])


def test_attract_prompt_blinks_and_depends_on_credits() -> None:
    y = 144
    on = drawn(lambda s: screens.title(s, 0, False, 0))
    off = drawn(lambda s: screens.title(s, 0, False, screens.BLINK_FRAMES))
    assert text_at(on, "INSERT COIN", centred_x("INSERT COIN"), y, UI["text"])
    assert not text_at(off, "INSERT COIN", centred_x("INSERT COIN"), y, UI["text"])
    paid = drawn(lambda s: screens.title(s, 1, False, 0))
    assert text_at(paid, "PUSH START", centred_x("PUSH START"), y, UI["text"])


def test_demo_overlay_asks_for_a_coin() -> None:
    game = Game(SEGA88, players=2)
    surface = drawn(lambda s: (screens.game(s, game.players), screens.demo_overlay(s, 0, False, 0)))
    assert text_at(surface, "INSERT COIN", centred_x("INSERT COIN"), 112, UI["text"])
    assert text_at(surface, "CREDIT 0", centred_x("CREDIT 0"), screens.CREDIT_Y, UI["credit"])


def test_two_player_screen_draws_both_wells() -> None:
    game = Game(SEGA88, players=2)
    surface = drawn(lambda s: screens.game(s, game.players))
    for layout in LAYOUT_2P:
        x, y = layout.well
        assert tuple(surface.get_at((x - 1, y + 50)))[:3] == UI["frame_light"]
        assert tuple(surface.get_at((x + WELL_W, y + 50)))[:3] == UI["frame_light"]
        assert tuple(surface.get_at((x + 40, y + 50)))[:3] == UI["well"]


def test_rankings_show_names_and_scores_in_order() -> None:
    rows = [("AAA", [5000, 10, 2]), ("BBB", [400, 4, 1])]
    surface = drawn(lambda s: screens.rankings(s, ("score", "lines", "level"), rows))
    assert text_at(surface, "1ST", 24, 64, UI["value"])
    assert text_at(surface, "AAA", 80, 64, UI["value"])
    assert text_at(surface, "BBB", 80, 78, UI["text"])
    assert text_at(surface, "5000", 200 - 32, 64, UI["value"])


def test_ordinals() -> None:
    assert [screens.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1ST", "2ND", "3RD", "4TH", "11TH", "12TH", "13TH", "21ST", "22ND"]


def test_menu_marks_the_cursor_and_scrolls_to_it() -> None:
    items = [(f"ITEM {i:02d}", str(i)) for i in range(30)]
    surface = drawn(lambda s: screens.menu(s, "TEST MENU", items, cursor=25))
    rows_shown = [
        i for i in range(30)
        if any(text_at(surface, f"ITEM {i:02d}", 24, screens.MENU_TOP + r * screens.MENU_ROW, c)
               for r in range(screens.MENU_ROWS) for c in (UI["text"], UI["highlight"]))
    ]
    assert 25 in rows_shown and 0 not in rows_shown
    assert len(rows_shown) == screens.MENU_ROWS


def test_name_entry_shows_the_initials_entered() -> None:
    surface = drawn(lambda s: screens.name_entry(s, 1, 2, 1000, "AB", "C", 10, 0))
    assert text_at(surface, "PLAYER 1", centred_x("PLAYER 1"), 36, UI["label"])
    assert text_at(surface, "TIME 10", centred_x("TIME 10"), 184, UI["text"])


def test_backup_cleared_notice() -> None:
    surface = drawn(screens.backup_cleared)
    text = "BACKUP DATA CLEARED"
    assert text_at(surface, text, centred_x(text), 72, UI["alert"])


def test_crosshatch_lines_every_16_pixels_and_on_every_edge() -> None:
    surface = drawn(screens.crosshatch)
    white = (255, 255, 255)
    for x in (0, 16, 160, 304, NATIVE_W - 1):
        assert tuple(surface.get_at((x, 8)))[:3] == white
    for y in (0, 16, 208, NATIVE_H - 1):
        assert tuple(surface.get_at((8, y)))[:3] == white
    assert tuple(surface.get_at((8, 8)))[:3] == (0, 0, 0)


def test_colour_bars_and_grey_steps() -> None:
    bars = drawn(screens.colour_bars)
    for i, colour in enumerate(COLOUR_BARS):
        assert tuple(bars.get_at((i * 40 + 20, 100)))[:3] == colour
    greys = [tuple(drawn(screens.grey_steps).get_at((i * 20 + 10, 100)))[:3] for i in range(16)]
    assert greys[0] == (0, 0, 0) and greys[-1] == (255, 255, 255)
    assert all(a[0] < b[0] and a[0] == a[1] == a[2] for a, b in itertools.pairwise(greys))


def test_solid_colours_fill_the_screen_and_reject_unknown_names() -> None:
    red = pixels(drawn(lambda s: screens.solid(s, "red")))
    assert (red == (255, 0, 0)).all()
    with pytest.raises(ValueError, match="solid colour must be one of"):
        screens.solid(new_native(), "mauve")
