"""The 320x224 native screen and the display it is shown on.

Everything is drawn on a native 320x224 surface; ``Display.present`` puts it on the display
where ``cabinet.video.geometry`` says (integer, 240p or fit-4:3, inside the overscan), with
nearest-neighbour scaling and black around it. Where SDL has a renderer the scaling is the
GPU's: the 320x224 picture is uploaded once a frame as a texture and drawn into an integer
destination rectangle (about 280 KB a frame instead of 8 MB of scaled pixels at 1080p).
Elsewhere the picture is scaled in software into the display surface.
Sources: pygame-ce documentation (``pygame._sdl2.video`` Window, Renderer, Texture;
``set_mode(vsync=1)`` may raise, so fall back), SDL 2 wiki (SDL_HINT_RENDER_SCALE_QUALITY
"nearest").
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import pygame

from cabinet.decisions import VIDEO_DECISIONS
from cabinet.video.geometry import INTEGER, Placement, place
from cabinet.video.picture import NATIVE_H, NATIVE_SIZE, NATIVE_W

FULLSCREEN = "fullscreen"  # the bare console (SDL picks its driver, kmsdrm on a Pi)
WINDOW = "window"  # a window on a desktop
HEADLESS = "headless"  # SDL's dummy driver: nothing shown, everything drawn
MODES = (FULLSCREEN, WINDOW, HEADLESS)
GPU_AUTO, GPU_ON, GPU_OFF = "auto", "on", "off"  # auto: an accelerated renderer if SDL has one
GPU_CHOICES = (GPU_AUTO, GPU_ON, GPU_OFF)

DEFAULT_WINDOW_SCALE: int = VIDEO_DECISIONS["window_scale"].value
CAPTION = "bloxcab"

log = logging.getLogger("bloxcab.video")


class NoDisplay(RuntimeError):
    """No video driver could open a display (the message says which were tried)."""


def new_native() -> pygame.Surface:
    """A fresh native 320x224 surface to draw a frame on."""
    return pygame.Surface(NATIVE_SIZE)


def integer_fit(target: tuple[int, int], native: tuple[int, int] = NATIVE_SIZE) -> pygame.Rect:
    """Where the scaled picture goes on a ``target``-sized display: the largest integer
    factor that fits (at least 1, cropped if the display is smaller), centred."""
    factor = max(1, min(target[0] // native[0], target[1] // native[1]))
    w, h = native[0] * factor, native[1] * factor
    return pygame.Rect((target[0] - w) // 2, (target[1] - h) // 2, w, h)


# SDL falls back to these when no real display opens; asked for by name they are fine
# (headless runs and tests), reached by default they mean a cabinet showing nothing.
BLIND_DRIVERS = ("offscreen", "dummy")


def drivers_tried() -> str:
    """The video drivers SDL would try, for the one-line 'no display' message."""
    asked = os.environ.get("SDL_VIDEODRIVER")
    if asked:
        return asked
    return "SDL's default order: x11, wayland, kmsdrm, then only offscreen"


_WHOLE_PICTURE_EVENTS = frozenset((pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED,
                                    pygame.WINDOWRESTORED, pygame.WINDOWSHOWN,
                                    pygame.WINDOWSIZECHANGED))


class Display:
    """``open(mode)``, ``present(native)`` every frame, ``screenshot(path)``, ``close()``."""

    def mode_refresh(self) -> float | None:
        """The display mode's refresh in Hz when the driver sets the mode itself and states
        it (KMSDRM on a bare console), else None: a windowed or emulated display's
        refresh is not known, only measured."""
        # Source: pygame-ce documentation, display.get_desktop_refresh_rates (the refresh
        # rate of each desktop, 0 when unknown).
        if not pygame.display.get_init() or pygame.display.get_driver() != "kmsdrm":
            return None
        rates = [r for r in pygame.display.get_desktop_refresh_rates() if r > 0]
        return float(rates[0]) if rates else None

    def __init__(self) -> None:
        self.mode: str | None = None
        self.surface: pygame.Surface | None = None  # software path: the display surface
        self.picture = pygame.Rect(0, 0, *NATIVE_SIZE)
        self.placement = Placement(0, 0, NATIVE_W, NATIVE_H, 1.0)
        self.size = NATIVE_SIZE
        self.vsync = False
        self.gpu = False  # True: a renderer scales the picture
        self.renderer_name = "surface"
        self.fit = INTEGER
        self.overscan = 0
        self._window: Any = None
        self._renderer: Any = None
        self._texture: Any = None
        self._view: pygame.Surface | None = None  # display area the picture is scaled into
        self._buffer: pygame.Surface | None = None  # used if native and display formats differ
        self._last: pygame.Surface | None = None
        self._whole = True  # the next present shows the whole picture, whatever the damage

    # ---- opening -------------------------------------------------------------------
    def open(
        self, mode: str = WINDOW, scale: int = DEFAULT_WINDOW_SCALE,
        size: tuple[int, int] | None = None, fit: str = INTEGER, overscan: int = 0,
        gpu: str = GPU_AUTO,
    ) -> str:
        """Open the display and return its mode. ``scale`` sizes a window; ``size`` sizes a
        window or headless screen; ``fit`` and ``overscan`` place the picture
        (cabinet.video.geometry); ``gpu`` chooses renderer scaling. A window or fullscreen
        display that cannot open raises NoDisplay: a cabinet never runs blind."""
        if mode not in MODES:
            raise ValueError(f"display mode must be one of {', '.join(MODES)}, not {mode!r}")
        if scale < 1:
            raise ValueError(f"window scale must be 1 or more, not {scale}")
        if gpu not in GPU_CHOICES:
            raise ValueError(f"gpu must be one of {', '.join(GPU_CHOICES)}, not {gpu!r}")
        place(NATIVE_SIZE, fit, overscan)  # checks both settings before anything opens
        self.fit, self.overscan = fit, overscan
        wanted = size or (NATIVE_W * scale, NATIVE_H * scale)
        if mode == HEADLESS:
            if pygame.display.get_init() and pygame.display.get_driver() != "dummy":
                pygame.display.quit()
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        try:
            pygame.display.init()
            if (mode != HEADLESS and pygame.display.get_driver() in BLIND_DRIVERS
                    and not os.environ.get("SDL_VIDEODRIVER")):
                raise pygame.error("no driver shows a picture")
            if mode == FULLSCREEN:
                wanted = pygame.display.get_desktop_sizes()[0]
            if gpu == GPU_OFF or not self._open_renderer(mode, wanted, gpu == GPU_ON):
                self._open_surface(mode, wanted)
        except RuntimeError as exc:  # pygame.error and SDL2 errors both are
            pygame.display.quit()
            raise NoDisplay(f"cannot open a {mode} display (video drivers tried: "
                            f"{drivers_tried()}; {exc})") from None
        self.mode = mode
        if mode != HEADLESS:
            pygame.mouse.set_visible(mode == WINDOW)
        log.info("video: %dx%d, %s scaling, %s, picture %s", *self.size, self.fit,
                 self.renderer_name, self.placement.box)
        return mode

    def _open_renderer(self, mode: str, size: tuple[int, int], any_renderer: bool) -> bool:
        """A Window with an SDL renderer; False if SDL has none that fits the request."""
        from pygame._sdl2.sdl2 import error as sdl_error
        from pygame._sdl2.video import Renderer, Texture, Window

        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "nearest")
        window = Window(CAPTION, size=size, fullscreen_desktop=mode == FULLSCREEN)
        accelerated = -1 if any_renderer else 1
        renderer = None
        wants_vsync = mode != HEADLESS
        for vsync in ((True, False) if wants_vsync else (False,)):
            try:
                renderer = Renderer(window, accelerated=accelerated, vsync=vsync)
                self.vsync = vsync
                break
            except (pygame.error, sdl_error):
                continue
        if renderer is None:
            window.destroy()
            return False
        self._window, self._renderer = window, renderer
        self._texture = Texture(renderer, NATIVE_SIZE, streaming=True)
        self.gpu = True
        self.renderer_name = "gpu renderer"
        self.surface = None
        width, height = window.size
        self._layout((width, height))
        return True

    def _open_surface(self, mode: str, size: tuple[int, int]) -> None:
        flags = pygame.FULLSCREEN if mode == FULLSCREEN else 0
        if mode == FULLSCREEN:
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
            pygame.display.set_caption(CAPTION)
        self.surface = surface
        self.gpu = False
        self.renderer_name = "software scaling"
        self._layout(surface.get_size())

    def _layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.placement = place(size, self.fit, self.overscan)
        self.picture = pygame.Rect(self.placement.box)
        self._buffer = None
        self._whole = True
        if self.surface is not None:
            self.surface.fill((0, 0, 0))
            self._view = self.surface.subsurface(self.picture.clip(self.surface.get_rect()))

    # ---- every frame -----------------------------------------------------------------
    def present(self, native: pygame.Surface, damage: list[pygame.Rect] | None = None
                ) -> None:
        """Put ``native`` on the display (placed, nearest-neighbour) and show it.
        ``damage``: the only boxes of ``native`` that changed since the last present (None:
        all of it); the software path then rescales and updates just those."""
        self._last = native
        if self._whole:
            damage, self._whole = None, False
        if self._renderer is not None:
            self.upload(native, damage)
            self._renderer.present()
            return
        if self.surface is None:
            raise RuntimeError("display is not open")
        if self.surface.get_size() != self.size:  # window resized
            self._layout(self.surface.get_size())
            damage = None
        if damage is None or self.vsync or not self._scale_damage(native, damage):
            self.scale_into_view(native)
            pygame.display.flip()

    def notice(self, event: pygame.event.Event) -> None:
        """A window event: uncovered, restored or resized, the window's picture may be lost,
        so the next present shows all of it."""
        if event.type in _WHOLE_PICTURE_EVENTS:
            self._whole = True

    def _scale_damage(self, native: pygame.Surface, damage: list[pygame.Rect]) -> bool:
        """Rescale and show only the damaged boxes; False where that cannot give the same
        pixels as a whole rescale (a scale that is not a whole number of pixels on either
        axis, a cropped picture, a converting buffer): then the caller rescales it all."""
        if not damage and self._view is not None:  # nothing changed: nothing to show
            return True
        view = self._view
        width, height = self.picture.size
        if (view is None or self._buffer is not None or view.get_size() != (width, height)
                or width % NATIVE_W or height % NATIVE_H
                or native.get_bitsize() != view.get_bitsize()):
            return False
        sx, sy = width // NATIVE_W, height // NATIVE_H
        bounds = native.get_rect()
        shown: list[pygame.Rect] = []
        for box in damage:
            box = box.clip(bounds)
            if not box.w or not box.h:
                continue
            target = pygame.Rect(box.x * sx, box.y * sy, box.w * sx, box.h * sy)
            pygame.transform.scale(native.subsurface(box), target.size,
                                   view.subsurface(target))
            shown.append(target.move(self.picture.topleft))
        if shown:
            pygame.display.update(shown)
        return True

    def upload(self, native: pygame.Surface, damage: list[pygame.Rect] | None = None
               ) -> None:
        """The GPU path's work before the flip: upload 320x224 (or only its ``damage``
        boxes, the texture keeping the rest), draw it into its box."""
        renderer = self._renderer
        renderer.draw_color = (0, 0, 0, 255)
        renderer.clear()
        texture = self._texture
        if damage is None:
            texture.update(native)
        else:
            bounds = native.get_rect()
            for box in damage:
                box = box.clip(bounds)
                if box.w and box.h:  # a copy: the upload ignores a subsurface's pitch
                    # The area as a plain tuple, never a Rect: pygame-ce 2.5.8 reads memory it
                    # never set for a Rect and may put the box at the top-left corner
                    # (docs/video.md, "The GPU upload and pygame-ce's Rect area").
                    area = (box.x, box.y, box.w, box.h)
                    texture.update(native.subsurface(box).copy(), area=area)
        texture.draw(dstrect=self.placement.box)

    def scale_into_view(self, native: pygame.Surface) -> None:
        """The scaling step of ``present`` without showing it (also used by the benchmark)."""
        if self._renderer is not None:
            self.upload(native)
            return
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

    def shown(self) -> pygame.Surface:
        """What the display shows now, at its full size (read back from the renderer)."""
        if self._renderer is not None:
            surface: pygame.Surface = self._renderer.to_surface()
            return surface
        if self.surface is None:
            raise RuntimeError("display is not open")
        return self.surface

    def screenshot(self, path: str | Path) -> Path:
        """Save the last presented native 320x224 picture as a PNG."""
        if self._last is None:
            raise RuntimeError("nothing presented yet")
        target = Path(path)
        pygame.image.save(self._last, str(target))
        return target

    def close(self) -> None:
        self._texture = None
        self._renderer = None
        if self._window is not None:
            self._window.destroy()
            self._window = None
        self.surface = None
        self._view = None
        self._buffer = None
        self.mode = None
        self.gpu = False
        pygame.display.quit()
