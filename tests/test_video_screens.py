"""Every screen renders, and says and shows what it should."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pygame
import pytest

from cabinet.video import patterns, screens
from cabinet.video.font import lit_pixels
from cabinet.video.paint import paint
from cabinet.video.palette import COLOUR_BARS, UI
from cabinet.video.picture import FOOTER_PITCH, LABEL_X, LEFT, RIGHT, MenuRow, Picture, Text
from cabinet.video.screen import NATIVE_H, NATIVE_SIZE, NATIVE_W, new_native
from games.sega import screen as sega_screen
from games.sega.field_view import LAYOUT_2P, WELL_H, WELL_W
from games.sega.game import Game
from games.sega88.rules import SEGA88
from tools.gallery import scenes

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


def test_demo_overlay_asks_for_a_coin_below_the_wells() -> None:
    game = Game(SEGA88, players=2)
    surface = drawn(lambda s: (sega_screen.game(s, game.players),
                               screens.demo_overlay(s, 0, False, 0)))
    line = "DEMO PLAY   INSERT COIN"
    assert text_at(surface, line, centred_x(line), screens.DEMO_CAPTION_Y, UI["label"])
    assert text_at(surface, "CREDIT 0", centred_x("CREDIT 0"), screens.CREDIT_Y, UI["credit"])
    # The caption is below every well: the falling piece is never hidden.
    frame_bottom = max(layout.well[1] + WELL_H + 1 for layout in LAYOUT_2P)
    assert frame_bottom < screens.DEMO_CAPTION_Y - 1
    top = drawn(lambda s: screens.demo_overlay(s, 1, False, 0, "TOP PLAY"))
    line = "TOP PLAY   PUSH START"
    assert text_at(top, line, centred_x(line), screens.DEMO_CAPTION_Y, UI["label"])


def test_two_player_screen_draws_both_wells() -> None:
    game = Game(SEGA88, players=2)
    surface = drawn(lambda s: sega_screen.game(s, game.players))
    for layout in LAYOUT_2P:
        x, y = layout.well
        assert tuple(surface.get_at((x - 1, y + 50)))[:3] == UI["frame_light"]
        assert tuple(surface.get_at((x + WELL_W, y + 50)))[:3] == UI["frame_light"]
        assert tuple(surface.get_at((x + 40, y + 50)))[:3] == UI["well"]


def test_rankings_show_names_and_scores_in_order() -> None:
    rows = [("AAA", [5000, 10, 2]), ("BBB", [400, 4, 1])]
    surface = drawn(lambda s: screens.rankings(s, ("score", "lines", "level"), rows))
    assert text_at(surface, "1ST", 24, 64, UI["value"])
    assert text_at(surface, "AAA", screens.NAME_X, 64, UI["value"])
    assert text_at(surface, "BBB", screens.NAME_X, 78, UI["text"])
    assert text_at(surface, "5000", 184 - 32, 64, UI["value"])


def test_ordinals() -> None:
    assert [screens.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1ST", "2ND", "3RD", "4TH", "11TH", "12TH", "13TH", "21ST", "22ND"]


def test_a_menu_row_under_the_cursor_gets_the_arrow_and_the_highlight() -> None:
    picture = Picture((MenuRow("DEMO SOUNDS", 26, "ON"), MenuRow("DIFFICULTY", 38, "HARD",
                                                                 chosen=True)),
                      heading="GAME ASSIGNMENTS")
    surface = drawn(lambda s: paint(s, picture))
    assert text_at(surface, "GAME ASSIGNMENTS", centred_x("GAME ASSIGNMENTS"), 6, UI["value"])
    assert text_at(surface, "DEMO SOUNDS", LABEL_X, 26, UI["text"])
    assert text_at(surface, "ON", RIGHT - 16, 26, UI["value"])
    assert not text_at(surface, ">", LEFT, 26, UI["highlight"])
    assert text_at(surface, ">", LEFT, 38, UI["highlight"])
    assert text_at(surface, "DIFFICULTY", LABEL_X, 38, UI["highlight"])
    assert text_at(surface, "HARD", RIGHT - 32, 38, UI["highlight"])


def test_the_footer_keeps_its_last_four_lines_the_last_lowest() -> None:
    lines = tuple((f"LINE {i}", "label") for i in range(6))
    surface = drawn(lambda s: paint(s, Picture(footer=lines)))
    bottom = NATIVE_H - FOOTER_PITCH - 2
    assert text_at(surface, "LINE 5", centred_x("LINE 5"), bottom, UI["label"])
    assert text_at(surface, "LINE 2", centred_x("LINE 2"), bottom - 3 * FOOTER_PITCH,
                   UI["label"])
    assert not text_at(surface, "LINE 1", centred_x("LINE 1"), bottom - 4 * FOOTER_PITCH,
                       UI["label"])


def test_text_aligns_left_right_and_centre_and_takes_rgb_or_palette_names() -> None:
    picture = Picture((Text("AB", 40, 16, (1, 2, 3)), Text("CD", 60, 100, "alert", "right"),
                       Text("EF", 80, 0, "label", "centre")))
    surface = drawn(lambda s: paint(s, picture))
    assert text_at(surface, "AB", 16, 40, (1, 2, 3))
    assert text_at(surface, "CD", 100 - 16, 60, UI["alert"])
    assert text_at(surface, "EF", centred_x("EF"), 80, UI["label"])
    with pytest.raises(ValueError, match="no UI colour 'mauve'"):
        paint(new_native(), Picture((Text("X", 0, 0, "mauve"),)))


def test_name_entry_shows_the_initials_entered() -> None:
    surface = drawn(lambda s: screens.name_entry(s, 1, 2, 1000, "AB", "C", 10, 0))
    assert text_at(surface, "PLAYER 1", centred_x("PLAYER 1"), 36, UI["label"])
    assert text_at(surface, "TIME 10", centred_x("TIME 10"), 184, UI["text"])


def test_backup_cleared_notice() -> None:
    surface = drawn(screens.backup_cleared)
    text = "BACKUP DATA CLEARED"
    assert text_at(surface, text, centred_x(text), 72, UI["alert"])


def test_crosshatch_lines_every_16_pixels_and_on_every_edge() -> None:
    surface = drawn(lambda s: paint(s, patterns.crosshatch()))
    white = (255, 255, 255)
    for x in (0, 16, 160, 304, NATIVE_W - 1):
        assert tuple(surface.get_at((x, 8)))[:3] == white
    for y in (0, 16, 208, NATIVE_H - 1):
        assert tuple(surface.get_at((8, y)))[:3] == white
    assert tuple(surface.get_at((8, 8)))[:3] == (0, 0, 0)


def test_colour_bars_and_grey_steps() -> None:
    bars = drawn(lambda s: paint(s, patterns.colour_bars()))
    for i, colour in enumerate(COLOUR_BARS):
        assert tuple(bars.get_at((i * 40 + 20, 100)))[:3] == colour
    steps = drawn(lambda s: paint(s, patterns.grey_steps()))
    greys = [tuple(steps.get_at((i * 20 + 10, 100)))[:3] for i in range(16)]
    assert greys[0] == (0, 0, 0) and greys[-1] == (255, 255, 255)
    assert all(a[0] < b[0] and a[0] == a[1] == a[2] for a, b in itertools.pairwise(greys))


def test_solid_colours_fill_the_screen_and_reject_unknown_names() -> None:
    red = pixels(drawn(lambda s: paint(s, patterns.solid("red"))))
    assert (red == (255, 0, 0)).all()
    with pytest.raises(ValueError, match="solid colour must be one of"):
        patterns.solid("mauve")
