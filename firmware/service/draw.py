"""Drawing helpers shared by the service pages (native 320x224, 8-pixel font)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cabinet.video.font import CELL
from cabinet.video.palette import RGB, UI
from cabinet.video.screen import NATIVE_H, NATIVE_W
from cabinet.video.text import draw_centred, draw_right, draw_text
from firmware.service.page import Row

COLUMNS = NATIVE_W // CELL  # 40 characters a line
HEADING_Y = 6
RULE_Y = 18
LEFT = 8
LABEL_X = 24
RIGHT = NATIVE_W - 8
FOOTER_PITCH = 10


def wrap(text: str, width: int = COLUMNS - 2) -> list[str]:
    """Split ``text`` into lines of at most ``width`` characters, at spaces where possible."""
    lines: list[str] = []
    for word in text.split():
        while len(word) > width:
            lines.append(word[:width])
            word = word[width:]
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def page_frame(surface: pygame.Surface, heading: str) -> None:
    surface.fill(UI["background"])
    draw_centred(surface, heading.upper(), HEADING_Y, UI["value"])
    surface.fill(UI["frame"], (LEFT, RULE_Y, NATIVE_W - 2 * LEFT, 1))


def rows(surface: pygame.Surface, items: Sequence[Row], cursor: int, top: int = 26,
         pitch: int = 12, value_right: int = RIGHT) -> None:
    """A list of rows; the cursor row gets the arrow and the highlight colour."""
    for i, row in enumerate(items):
        y = top + i * pitch
        chosen = i == cursor and row.selectable
        colour = UI["highlight"] if chosen else UI[row.colour or
                                                   ("text" if row.selectable else "label")]
        if chosen:
            draw_text(surface, ">", LEFT, y, colour)
        draw_text(surface, row.label.upper(), LABEL_X, y, colour)
        if row.value:
            value_colour = colour if chosen else UI[row.value_colour]
            draw_right(surface, row.value.upper(), value_right, y, value_colour)


def footer(surface: pygame.Surface, lines: Sequence[tuple[str, str]]) -> None:
    """Up to 4 lines at the bottom, each (text, UI colour name); the last line lowest."""
    shown = list(lines)[-4:]
    for i, (text, colour) in enumerate(shown):
        y = NATIVE_H - (len(shown) - i) * FOOTER_PITCH - 2
        draw_centred(surface, text.upper()[:COLUMNS], y, UI[colour])


def on_off(surface: pygame.Surface, on: bool, x: int, y: int, right: bool = False) -> None:
    text, colour = ("ON", UI["highlight"]) if on else ("OFF", UI["frame_light"])
    if right:
        draw_right(surface, text, x, y, colour)
    else:
        draw_text(surface, text, x, y, colour)


def colour(name: str) -> RGB:
    return UI[name]
