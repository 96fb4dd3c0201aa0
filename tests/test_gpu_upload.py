"""The GPU present's partial upload: each damaged box must land where it belongs in the texture.

pygame-ce 2.5.8's ``Texture.update(surface, area)`` with a ``Rect`` as ``area`` reads memory it
never set and then puts the box at the top-left corner (docs/video.md, "GPU upload"), on ARM
nearly always, on x86 depending on what ran before. Many partial uploads at varied positions in
one process, each checked against a whole upload of the same picture, catch it wherever it
shows."""

from __future__ import annotations

import os
from collections.abc import Callable

import pygame

from cabinet.video.screen import HEADLESS, NATIVE_SIZE, Display, new_native

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

UPLOADS = 200


def _box(n: int) -> pygame.Rect:
    """Boxes all over the picture, of varied sizes, none at the origin."""
    w, h = 4 + n % 29, 3 + n % 17
    x = 1 + (n * 37) % (NATIVE_SIZE[0] - w - 1)
    y = 1 + (n * 23) % (NATIVE_SIZE[1] - h - 1)
    return pygame.Rect(x, y, w, h)


def _nested(depth: int, present: Callable[[], None]) -> None:
    """``present`` called under ``depth`` more interpreter frames on the C stack (map calls
    back into Python), so the memory the faulty upload reads holds something else each time."""
    if depth == 0:
        present()
        return
    list(map(lambda _: _nested(depth - 1, present), [0]))


def test_every_partial_upload_shows_what_a_whole_upload_does() -> None:
    display = Display()
    display.open(HEADLESS, size=(640, 448), gpu="on")
    assert display.gpu
    try:
        picture = new_native()
        picture.fill((0, 0, 40))
        display.present(picture)
        misplaced = []
        for n in range(UPLOADS):
            box = _box(n)
            picture.fill(((n * 53) % 256, (n * 97) % 256, 255 - n % 256), box)
            _nested(n % 16, lambda: display.present(picture, [box]))  # noqa: B023
            partial = pygame.image.tobytes(display.shown(), "RGBX")
            display.present(picture)
            if partial != pygame.image.tobytes(display.shown(), "RGBX"):
                misplaced.append(tuple(box))
        assert not misplaced, f"{len(misplaced)} of {UPLOADS} boxes misplaced: {misplaced[:5]}"
    finally:
        display.close()
