"""The 320x224 native screen, integer scaling with letterbox, and the display itself.

Everything is drawn on a native 320x224 surface; ``Display.present`` scales it by the largest
integer factor that fits the display (nearest neighbour), centres it and leaves black bars.
Source: Raspberry Pi config.txt video docs; SDL2 KMSDRM notes (draw at native size, integer-scale,
centre; do not rely on
SCALED to pick an integer factor; vsync may raise, so fall back).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pygame

from cabinet.video.picture import NATIVE_H, NATIVE_SIZE, NATIVE_W

FULLSCREEN = "fullscreen"  # the bare console (SDL picks its driver, kmsdrm on a Pi)
WINDOW = "window"  # a window on a desktop
HEADLESS = "headless"  # SDL's dummy driver: nothing shown, everything drawn
MODES = (FULLSCREEN, WINDOW, HEADLESS)

DEFAULT_WINDOW_SCALE = 3  # decision: 960x672 window on a desktop
CAPTION = "bloxcab"

log = logging.getLogger("bloxcab.video")


def new_native() -> pygame.Surface:
    """A fresh native 320x224 surface to draw a frame on."""
    return pygame.Surface(NATIVE_SIZE)


def integer_fit(target: tuple[int, int], native: tuple[int, int] = NATIVE_SIZE) -> pygame.Rect:
    """Where the scaled picture goes on a ``target``-sized display: the largest integer
    factor that fits (at least 1, cropped if the display is smaller), centred."""
    factor = max(1, min(target[0] // native[0], target[1] // native[1]))
    w, h = native[0] * factor, native[1] * factor
    return pygame.Rect((target[0] - w) // 2, (target[1] - h) // 2, w, h)


class Display:
    """``open(mode)``, ``present(native)`` every frame, ``screenshot(path)``, ``close()``."""

    def __init__(self) -> None:
        self.mode: str | None = None
        self.surface: pygame.Surface | None = None
        self.picture = pygame.Rect(0, 0, *NATIVE_SIZE)
        self.vsync = False
        self._view: pygame.Surface | None = None  # display area the picture is scaled into
        self._buffer: pygame.Surface | None = None  # used if native and display formats differ
        self._last: pygame.Surface | None = None
        self._size = (0, 0)

    # ---- opening -------------------------------------------------------------------
    def open(
        self, mode: str = WINDOW, scale: int = DEFAULT_WINDOW_SCALE,
        size: tuple[int, int] | None = None,
    ) -> str:
        """Open the display; returns the mode really opened (headless if the display could
        not be opened). ``scale`` sizes a window; ``size`` sizes a window or headless screen."""
        if mode not in MODES:
            raise ValueError(f"display mode must be one of {', '.join(MODES)}, not {mode!r}")
        if scale < 1:
            raise ValueError(f"window scale must be 1 or more, not {scale}")
        wanted = size or (NATIVE_W * scale, NATIVE_H * scale)
        if mode != HEADLESS:
            try:
                self._set_mode(mode, wanted)
                self.mode = mode
                return mode
            except pygame.error as exc:
                log.warning("video: cannot open a %s display (%s); running headless", mode, exc)
                pygame.display.quit()
        self._open_headless(wanted)
        self.mode = HEADLESS
        return HEADLESS

    def _open_headless(self, size: tuple[int, int]) -> None:
        if pygame.display.get_init() and pygame.display.get_driver() != "dummy":
            pygame.display.quit()
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        self._set_mode(HEADLESS, size)

    def _set_mode(self, mode: str, size: tuple[int, int]) -> None:
        pygame.display.init()
        flags = 0
        if mode == FULLSCREEN:
            flags = pygame.FULLSCREEN
            size = (0, 0)  # the display's own mode
        self.vsync = False
        if mode == HEADLESS:  # nothing to wait for
            surface = pygame.display.set_mode(size, flags)
        else:
            try:
                surface = pygame.display.set_mode(size, flags, vsync=1)
                self.vsync = True
            except pygame.error:
                surface = pygame.display.set_mode(size, flags)
        if mode != HEADLESS:
            pygame.display.set_caption(CAPTION)
            pygame.mouse.set_visible(mode == WINDOW)
        self.surface = surface
        self._layout()

    def _layout(self) -> None:
        assert self.surface is not None
        self._size = self.surface.get_size()
        self.picture = integer_fit(self._size)
        self.surface.fill((0, 0, 0))
        self._view = self.surface.subsurface(self.picture.clip(self.surface.get_rect()))
        self._buffer = None

    # ---- every frame -----------------------------------------------------------------
    def present(self, native: pygame.Surface) -> None:
        """Scale ``native`` onto the display (letterboxed, centred) and show it."""
        if self.surface is None:
            raise RuntimeError("display is not open")
        self._last = native
        if self.surface.get_size() != self._size:  # window resized
            self._layout()
        self.scale_into_view(native)
        pygame.display.flip()

    def scale_into_view(self, native: pygame.Surface) -> None:
        """The scaling step of ``present`` without showing it (also used by the benchmark)."""
        view = self._view
        assert view is not None
        if self.picture.size != view.get_size():  # display smaller than the picture: crop
            shown = self.picture.clip(self.surface.get_rect()) if self.surface else self.picture
            offset = (self.picture.x - shown.x, self.picture.y - shown.y)
            view.blit(pygame.transform.scale(native, self.picture.size), offset)
            return
        if self._buffer is None and native.get_bitsize() == view.get_bitsize():
            pygame.transform.scale(native, self.picture.size, view)
            return
        if self._buffer is None or self._buffer.get_bitsize() != native.get_bitsize():
            self._buffer = pygame.Surface(self.picture.size, 0, native)
        pygame.transform.scale(native, self.picture.size, self._buffer)
        view.blit(self._buffer, (0, 0))

    def screenshot(self, path: str | Path) -> Path:
        """Save the last presented native 320x224 picture as a PNG."""
        if self._last is None:
            raise RuntimeError("nothing presented yet")
        target = Path(path)
        pygame.image.save(self._last, str(target))
        return target

    def close(self) -> None:
        self.surface = None
        self._view = None
        self._buffer = None
        self.mode = None
        pygame.display.quit()
