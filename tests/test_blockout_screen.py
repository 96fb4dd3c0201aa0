"""BLOCKOUT's play screen drawn with SDL's dummy driver: the pit, the gauge, the panel,
the banners, in 1P, 2P versus and bonus stages."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from cabinet.video.screen import new_native
from games.blockout import CARTRIDGE, bench_session
from games.blockout.pit_view import layer_colour, projection
from games.blockout.rules.player import HOST_START
from games.blockout.screen import TAUNTS, taunt
from games.cartridge import PlayView
from tests.blockout_kit import p1, session, step


def colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 2) for y in range(0, h, 2)}


def draw(s, frame: int = 0) -> pygame.Surface:
    surface = new_native()
    CARTRIDGE.presentation.draw_play(surface, PlayView(s, credits=1, free_play=False, frame=frame))
    return surface


def test_refresh_is_the_boards():
    # Source: MAME technos/blockout.cpp screen timing (28 MHz / 4, 448 x 272): ~57.44 Hz.
    assert abs(CARTRIDGE.presentation.refresh_hz - 28_000_000 / 4 / (448 * 272)) < 0.01


def test_half_full_pit_shows_its_layer_colours():
    s = bench_session(1)
    surface = draw(s)
    assert surface.get_size() == (320, 224)
    seen = colours(surface)
    for z in range(4):
        assert layer_colour(z) in seen, z


def test_perspective_floor_is_smaller_than_the_rim():
    pr = projection(5, 5, 7, (24, 10, 196, 196))
    rim = pr.point(5, 0, 7)[0] - pr.point(0, 0, 7)[0]
    floor = pr.point(5, 0, 0)[0] - pr.point(0, 0, 0)[0]
    assert rim == 196 and 0 < floor < rim / 2


def test_taunt_banner_after_the_start():
    s = session(1)
    step(s)
    p = p1(s)
    assert p.host == HOST_START and taunt(p) in TAUNTS[HOST_START]
    before = draw(s)
    p.host_left = 0
    after = draw(s)
    assert (255, 160, 255) in colours(before) and (255, 160, 255) not in colours(after)


def test_two_pits_in_versus_and_an_empty_side_in_1p_with_2_sides():
    s = session(1, players=2, versus=True)
    step(s)
    surface = draw(s)
    left = surface.subsurface((0, 0, 160, 224))
    right = surface.subsurface((160, 0, 160, 224))
    assert (0, 150, 70) in colours(left) and (0, 150, 70) in colours(right)


def test_draw_is_read_only():
    s = bench_session(2)
    before = s.state_hash()
    for frame in range(5):
        draw(s, frame)
    assert s.state_hash() == before
