"""Display: integer scaling, letterbox, centring, modes, fallback, screenshots."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from cabinet.video.screen import (
    FULLSCREEN,
    HEADLESS,
    NATIVE_SIZE,
    WINDOW,
    Display,
    NoDisplay,
    integer_fit,
    new_native,
)


@pytest.fixture
def display() -> Iterator[Display]:
    d = Display()
    yield d
    d.close()


def test_integer_fit_picks_the_largest_whole_factor_and_centres() -> None:
    assert integer_fit((1920, 1080)) == pygame.Rect(320, 92, 1280, 896)  # x4 (1080 // 224)
    assert integer_fit((1280, 960)) == pygame.Rect(0, 32, 1280, 896)
    assert integer_fit((320, 224)) == pygame.Rect(0, 0, 320, 224)
    assert integer_fit((3840, 2160)) == pygame.Rect(480, 72, 2880, 2016)  # x9 (2160 // 224)
    assert integer_fit((200, 100)) == pygame.Rect(-60, -62, 320, 224)  # too small: x1, cropped


def test_a_display_smaller_than_native_shows_the_centre(display: Display) -> None:
    display.open(HEADLESS, size=(200, 100))
    native = _pattern()
    native.set_at((60, 62), (255, 255, 255))
    display.present(native)
    assert display.surface is not None
    assert tuple(display.surface.get_at((0, 0)))[:3] == (255, 255, 255)


def _pattern() -> pygame.Surface:
    native = new_native()
    native.fill((10, 20, 30))
    native.set_at((0, 0), (255, 0, 0))
    native.set_at((319, 223), (0, 255, 0))
    native.set_at((100, 50), (0, 0, 255))
    return native


def test_present_letterboxes_and_centres_for_a_1920x1080_screen(display: Display) -> None:
    assert display.open(HEADLESS, size=(1920, 1080)) == HEADLESS
    display.present(_pattern())
    screen = display.surface
    assert screen is not None and screen.get_size() == (1920, 1080)

    def at(x: int, y: int) -> tuple[int, ...]:
        return tuple(screen.get_at((x, y)))[:3]

    # Bars: black left/right of x 320..1599 and above/below y 92..987.
    for x, y in ((0, 0), (319, 540), (1600, 540), (1919, 1079), (960, 91), (960, 988)):
        assert at(x, y) == (0, 0, 0), (x, y)
    # Native (0,0) is a 4x4 block at the picture's corner; (319,223) at the other corner.
    for dx in range(4):
        for dy in range(4):
            assert at(320 + dx, 92 + dy) == (255, 0, 0)
            assert at(1596 + dx, 984 + dy) == (0, 255, 0)
    assert at(324, 92) == (10, 20, 30)
    assert at(320 + 400 + 3, 92 + 200 + 3) == (0, 0, 255)  # native (100, 50) x4


def test_window_mode_opens_at_the_default_scale(display: Display) -> None:
    assert display.open(WINDOW) == WINDOW
    assert display.surface is not None
    assert display.surface.get_size() == (960, 672)
    display.present(_pattern())
    assert tuple(display.surface.get_at((2, 2)))[:3] == (255, 0, 0)


def test_fullscreen_takes_the_display_size_and_fits_the_picture(display: Display) -> None:
    assert display.open(FULLSCREEN) == FULLSCREEN
    assert display.surface is not None
    size = display.surface.get_size()
    assert display.picture == integer_fit(size)
    display.present(_pattern())
    corner = display.picture.topleft
    assert tuple(display.surface.get_at(corner))[:3] == (255, 0, 0)


def test_no_display_is_an_error_naming_the_drivers_tried(
    display: Display, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.display.quit()
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-video-driver")
    with pytest.raises(NoDisplay, match="video drivers tried: no-such-video-driver"):
        display.open(WINDOW)
    assert display.mode is None  # never on SDL's offscreen or dummy driver instead


def test_bad_mode_is_a_clear_error(display: Display) -> None:
    with pytest.raises(ValueError, match="display mode must be one of"):
        display.open("hologram")


def test_screenshot_saves_the_native_picture_as_png(display: Display, tmp_path: Path) -> None:
    display.open(HEADLESS, size=(1280, 960))
    with pytest.raises(RuntimeError):
        display.screenshot(tmp_path / "none.png")
    display.present(_pattern())
    path = display.screenshot(tmp_path / "shot.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    loaded = pygame.image.load(str(path))
    assert loaded.get_size() == NATIVE_SIZE
    assert tuple(loaded.get_at((100, 50)))[:3] == (0, 0, 255)
