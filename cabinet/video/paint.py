"""The one renderer of pictures (cabinet.video.picture): the service menu's pages and the
monitor test patterns are drawn here and nowhere else."""

from __future__ import annotations

import pygame

from cabinet.video.palette import RGB, UI
from cabinet.video.picture import (
    COLUMNS,
    FOOTER_LINES,
    FOOTER_PITCH,
    HEADING_Y,
    LABEL_X,
    LEFT,
    NATIVE_H,
    NATIVE_W,
    RULE_Y,
    Box,
    Colour,
    Item,
    MenuRow,
    Picture,
    Ring,
    Text,
)
from cabinet.video.text import draw_centred, draw_right, draw_text

CURSOR = ">"


def rgb(colour: Colour) -> RGB:
    """A UI palette name or an RGB triple as RGB; ValueError for a name the palette lacks."""
    if isinstance(colour, str):
        try:
            return UI[colour]
        except KeyError:
            raise ValueError(f"no UI colour {colour!r}; choose one of: {', '.join(UI)}") from None
    return colour


def paint(surface: pygame.Surface, picture: Picture) -> None:
    surface.fill(rgb(picture.background))
    if picture.heading is not None:
        draw_centred(surface, picture.heading.upper(), HEADING_Y, UI["value"])
        surface.fill(UI["frame"], (LEFT, RULE_Y, NATIVE_W - 2 * LEFT, 1))
    for item in picture.items:
        _item(surface, item)
    shown = picture.footer[-FOOTER_LINES:]
    for i, (text, colour) in enumerate(shown):
        y = NATIVE_H - (len(shown) - i) * FOOTER_PITCH - 2
        draw_centred(surface, text.upper()[:COLUMNS], y, rgb(colour))


def _item(surface: pygame.Surface, item: Item) -> None:
    if isinstance(item, Text):
        colour = rgb(item.colour)
        if item.align == "centre":
            draw_centred(surface, item.text, item.y, colour)
        elif item.align == "right":
            draw_right(surface, item.text, item.x, item.y, colour)
        else:
            draw_text(surface, item.text, item.x, item.y, colour)
    elif isinstance(item, MenuRow):
        colour = UI["highlight"] if item.chosen else rgb(item.colour)
        if item.chosen:
            draw_text(surface, CURSOR, LEFT, item.y, colour)
        draw_text(surface, item.label.upper(), LABEL_X, item.y, colour)
        if item.value:
            value_colour = colour if item.chosen else rgb(item.value_colour)
            draw_right(surface, item.value.upper(), item.value_right, item.y, value_colour)
    elif isinstance(item, Box):
        surface.fill(rgb(item.colour), (item.x, item.y, item.w, item.h))
    elif isinstance(item, Ring):
        pygame.draw.circle(surface, rgb(item.colour), (item.x, item.y), item.radius, item.width)
    else:
        raise TypeError(f"not a picture item: {item!r}")
