"""Scaling settings: every mode on every display size, by the picture's box and pixel aspect
(arithmetic), then rendered through both present paths (software and SDL renderer)."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame
import pytest

from cabinet.video.geometry import FIT_43, INTEGER, LINES_240P, SCALES, describe, place
from cabinet.video.screen import GPU_OFF, GPU_ON, HEADLESS, Display, new_native

DISPLAYS = [(720, 240), (1920, 240), (320, 240), (640, 480), (1280, 720), (1920, 1080)]

# (display, scale) -> the picture's box (x, y, w, h) and its pixel aspect as seen.
EXPECTED = {
    # integer: whole multiples in the display's own pixels (thin pixels on a 240-line tube).
    ((720, 240), INTEGER): ((200, 8, 320, 224), 4 / 9),
    ((1920, 240), INTEGER): ((800, 8, 320, 224), 1 / 6),
    ((320, 240), INTEGER): ((0, 8, 320, 224), 1.0),
    ((640, 480), INTEGER): ((0, 16, 640, 448), 1.0),
    ((1280, 720), INTEGER): ((160, 24, 960, 672), 1.0),
    ((1920, 1080), INTEGER): ((320, 92, 1280, 896), 1.0),
    # 240p: lines 1:1 on 240-line modes, width 2.25x / 6x / 1x; whole lines elsewhere.
    ((720, 240), LINES_240P): ((0, 8, 720, 224), 1.0),
    ((1920, 240), LINES_240P): ((0, 8, 1920, 224), 1.0),
    ((320, 240), LINES_240P): ((0, 8, 320, 224), 1.0),
    ((640, 480), LINES_240P): ((0, 16, 640, 448), 1.0),
    ((1280, 720), LINES_240P): ((160, 24, 960, 672), 1.0),
    ((1920, 1080), LINES_240P): ((320, 92, 1280, 896), 1.0),
    # fit-4:3: the largest 4:3 picture (224 of its 240 lines), square pixels as seen.
    ((720, 240), FIT_43): ((0, 8, 720, 224), 1.0),
    ((1920, 240), FIT_43): ((0, 8, 1920, 224), 1.0),
    ((320, 240), FIT_43): ((0, 8, 320, 224), 1.0),
    ((640, 480), FIT_43): ((0, 16, 640, 448), 1.0),
    ((1280, 720), FIT_43): ((160, 24, 960, 672), 1.0),
    ((1920, 1080), FIT_43): ((240, 36, 1440, 1008), 1.0),
}


@pytest.mark.parametrize(("display", "scale"), list(EXPECTED))
def test_each_mode_places_the_picture(display: tuple[int, int], scale: str) -> None:
    box, aspect = EXPECTED[(display, scale)]
    placed = place(display, scale)
    assert placed.box == box
    assert placed.pixel_aspect == pytest.approx(aspect)


def test_240p_factors_are_the_documented_ones() -> None:
    assert place((720, 240), LINES_240P).factors == (2.25, 1.0)
    assert place((1920, 240), LINES_240P).factors == (6.0, 1.0)
    assert place((320, 240), LINES_240P).factors == (1.0, 1.0)


@pytest.mark.parametrize("display", DISPLAYS)
@pytest.mark.parametrize("scale", SCALES)
def test_overscan_keeps_the_picture_inside_the_visible_area(
    display: tuple[int, int], scale: str
) -> None:
    full = place(display, scale)
    inside = place(display, scale, overscan=5)
    safe_w, safe_h = display[0] * 0.9, display[1] * 0.9
    assert inside.w <= full.w and inside.h <= full.h
    if scale == INTEGER and (safe_w < 320 or safe_h < 224):
        assert inside.factors == (1.0, 1.0)  # never below one whole pixel
        return
    margin_x = display[0] * 5 / 100
    assert inside.x >= margin_x - 1 and inside.x + inside.w <= display[0] - margin_x + 1
    if scale == LINES_240P and display[1] == 240:
        # Lines stay 1:1: the 8 spare lines and the monitor's vertical size do the rest.
        assert inside.h == 224
    else:
        margin_y = display[1] * 5 / 100
        assert inside.y >= margin_y - 1 and inside.y + inside.h <= display[1] - margin_y + 1


def test_bad_settings_are_clear_errors() -> None:
    with pytest.raises(ValueError, match="scale must be one of"):
        place((640, 480), "stretch")
    with pytest.raises(ValueError, match="overscan must be 0-10"):
        place((640, 480), INTEGER, overscan=11)


def test_describe_names_the_mode_and_factors() -> None:
    assert describe((720, 240), place((720, 240), LINES_240P)) == "720X240 CRT 2.25X1"
    assert describe((1920, 1080), place((1920, 1080), INTEGER)) == "1920X1080 LCD 4X4"


def _pattern() -> pygame.Surface:
    native = new_native()
    native.fill((10, 20, 30))
    native.fill((255, 0, 0), (0, 0, 1, 1))
    native.fill((0, 255, 0), (319, 223, 1, 1))
    return native


@pytest.fixture
def display() -> Iterator[Display]:
    d = Display()
    yield d
    d.close()


def _colour(surface: pygame.Surface, x: int, y: int) -> tuple[int, int, int]:
    r, g, b, *_ = surface.get_at((x, y))
    return (r, g, b)


@pytest.mark.parametrize("gpu", [GPU_OFF, GPU_ON])
@pytest.mark.parametrize("display_size", DISPLAYS)
@pytest.mark.parametrize("scale", SCALES)
def test_rendered_picture_fills_exactly_its_box(
    display: Display, gpu: str, display_size: tuple[int, int], scale: str
) -> None:
    display.open(HEADLESS, size=display_size, fit=scale, gpu=gpu)
    assert display.gpu == (gpu == GPU_ON)
    display.present(_pattern())
    shown = display.shown()
    assert shown.get_size() == display_size
    x, y, w, h = place(display_size, scale).box
    # Corners of the box carry the native corners; just outside the box is black.
    assert _colour(shown, x, y) == (255, 0, 0)
    assert _colour(shown, x + w - 1, y + h - 1) == (0, 255, 0)
    assert _colour(shown, x + w // 2, y + h // 2) == (10, 20, 30)
    if y > 0:
        assert _colour(shown, x + w // 2, y - 1) == (0, 0, 0)
        assert _colour(shown, x + w // 2, y + h) == (0, 0, 0)
    if x > 0:
        assert _colour(shown, x - 1, y + h // 2) == (0, 0, 0)
        assert _colour(shown, x + w, y + h // 2) == (0, 0, 0)
    # The native pixel (0, 0) covers factor-sized block (nearest neighbour).
    fx, fy = int(w / 320), int(h / 224)
    assert _colour(shown, x + fx - 1, y + fy - 1) == (255, 0, 0)
    assert _colour(shown, x + math.ceil(w / 320), y + math.ceil(h / 224)) == (10, 20, 30)


def test_the_kiosk_paces_at_the_cartridges_rate_and_says_so(tmp_path: object) -> None:
    from dataclasses import replace
    from pathlib import Path

    from firmware.kiosk import Kiosk, KioskOptions
    from firmware.pacer import DeadlinePacer
    from games.registry import CARTRIDGES, DEFAULT_GAME, register, unregister

    cart = CARTRIDGES[DEFAULT_GAME]
    unregister(DEFAULT_GAME)
    # a board of another rate
    register(replace(cart, presentation=replace(cart.presentation, refresh_hz=57.44)))
    try:
        kiosk = Kiosk(KioskOptions(mode="headless", realtime=True, frames=2, audio=False,
                                   save_dir=Path(str(tmp_path))))
        kiosk.run()
    finally:
        unregister(DEFAULT_GAME)
        register(cart)
    assert isinstance(kiosk.pacer, DeadlinePacer)  # no vsync on the dummy driver
    assert kiosk.pacer.period == pytest.approx(1 / 57.44)
    assert kiosk.video_line.endswith("57.44HZ OUR CLOCK")
    assert kiosk.video_line.startswith("960X672 LCD 3X3")
    assert kiosk.service_cabinet.video is not None
    assert kiosk.service_cabinet.video() == kiosk.video_line
