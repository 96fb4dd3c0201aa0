"""Drawing text with the cabinet's font: glyph sprites rendered once per colour, then blitted."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from cabinet.video.font import CELL, glyph
from cabinet.video.palette import RGB

_KEY = (255, 0, 254)  # transparent colour of glyph sprites (never a text colour)
_cache: dict[tuple[str, RGB, int], pygame.Surface] = {}


def glyph_surface(char: str, colour: RGB, scale: int = 1) -> pygame.Surface:
    """The sprite of one character: lit pixels in ``colour``, the rest transparent."""
    key = (char, colour, scale)
    found = _cache.get(key)
    if found is None:
        found = pygame.Surface((CELL * scale, CELL * scale))
        found.fill(_KEY)
        for y, row in enumerate(glyph(char)):
            for x, ch in enumerate(row):
                if ch == "#":
                    found.fill(colour, (x * scale, y * scale, scale, scale))
        found.set_colorkey(_KEY, pygame.RLEACCEL)
        if len(_cache) >= GLYPHS_KEPT:  # the texts' colours are the palette's: never reached
            _cache.clear()
            _by_look.clear()
        _cache[key] = found
    return found


GLYPHS_KEPT = 8192


def text_width(text: str, scale: int = 1) -> int:
    return len(text) * CELL * scale


# The sprites of one colour and scale by character: a string's glyphs are looked up by
# character alone (a key of character, colour and scale for each glyph was a third of
# drawing a text).
_by_look: dict[tuple[RGB, int], dict[str, pygame.Surface]] = {}


def _blit_glyphs(surface: pygame.Surface, text: str, x: int, y: int, colour: RGB,
                 scale: int) -> None:
    step = CELL * scale
    look = _by_look.get((colour, scale))
    if look is None:
        look = _by_look[(colour, scale)] = {}
    blits = []
    for ch in text:
        sprite = look.get(ch)
        if sprite is None:
            sprite = look[ch] = glyph_surface(ch, colour, scale)
        blits.append((sprite, (x, y)))
        x += step
    surface.fblits(blits)


Box = tuple[int, int, int, int]  # x, y, width, height in the picture


@dataclass(frozen=True)
class DrawnText:
    """One text as drawn: ``box`` covers its printed characters (spaces at either end
    left out), ``panel`` the surface it was drawn on (a subsurface is a panel; its clip
    counts), both in the picture's pixels; ``picture`` is the size of the whole picture."""

    text: str
    box: Box
    panel: Box
    picture: tuple[int, int]


_log: list[DrawnText] | None = None


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Every text drawn inside the ``with`` block, in drawing order (for tests and the
    screenshot tour: tools/shots checks that no text runs over another)."""
    global _log
    outer, _log = _log, []
    try:
        yield _log
    finally:
        _log = outer


def painted_over(surface: pygame.Surface, rect: tuple[int, int, int, int]) -> None:
    """A screen painted ``rect`` over texts it drew: those texts are gone from the
    picture, and from the record (one drawn over another screen: TAP's challenge question
    over the mode select)."""
    if _log is None:
        return
    ox, oy = surface.get_abs_offset()
    x, y, w, h = rect[0] + ox, rect[1] + oy, rect[2], rect[3]
    _log[:] = [t for t in _log if not (x <= t.box[0] and y <= t.box[1]
                                        and t.box[0] + t.box[2] <= x + w
                                        and t.box[1] + t.box[3] <= y + h)]


def _record(log: list[DrawnText], surface: pygame.Surface, text: str, x: int, y: int,
            scale: int) -> None:
    stripped = text.strip(" ")
    if not stripped:
        return
    step = CELL * scale
    first = len(text) - len(text.lstrip(" "))
    ox, oy = surface.get_abs_offset()
    clip = surface.get_clip()
    log.append(DrawnText(
        stripped, (ox + x + first * step, oy + y, len(stripped) * step, step),
        (ox + clip.x, oy + clip.y, clip.width, clip.height),
        surface.get_abs_parent().get_size()))


def draw_text(
    surface: pygame.Surface, text: str, x: int, y: int, colour: RGB, scale: int = 1
) -> int:
    """Draw ``text`` with its top-left corner at (x, y); returns the x after the last cell."""
    if text:
        # Glyph by glyph, straight onto the surface: no sprite is made for a string. A
        # kept sprite per string cost a new surface for each new string (a clock or a score
        # makes one every frame), and those pushed the labels out of any bounded keep, so a
        # redraw made twenty sprites in one frame (about a millisecond); the glyphs' blits
        # cost 2-10 us a string, whatever was drawn before.
        _blit_glyphs(surface, text, x, y, colour, scale)
        if _log is not None:
            _record(_log, surface, text, x, y, scale)
    return x + len(text) * CELL * scale


def draw_centred(
    surface: pygame.Surface, text: str, y: int, colour: RGB, scale: int = 1,
    centre_x: int | None = None,
) -> int:
    """Draw ``text`` centred on ``centre_x`` (default: the middle of ``surface``)."""
    cx = surface.get_width() // 2 if centre_x is None else centre_x
    return draw_text(surface, text, cx - text_width(text, scale) // 2, y, colour, scale)


def draw_right(
    surface: pygame.Surface, text: str, right: int, y: int, colour: RGB, scale: int = 1
) -> int:
    """Draw ``text`` ending at x = ``right``."""
    return draw_text(surface, text, right - text_width(text, scale), y, colour, scale)
