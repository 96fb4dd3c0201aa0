"""A picture as plain data: text rows and shapes placed on the 320x224 screen.

The service menu's pages and the monitor test patterns say what they show with these
values; ``cabinet.video.paint`` is the one place that draws them. Nothing here needs pygame,
so the menu's pages can be built and checked without a display.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cabinet.video.font import CELL

NATIVE_W = 320
NATIVE_H = 224
NATIVE_SIZE = (NATIVE_W, NATIVE_H)

# The service pages' grid (decision: the project's own layout, 8-pixel font).
COLUMNS = NATIVE_W // CELL  # 40 characters a line
HEADING_Y = 6  # the page title, centred
RULE_Y = 18  # the line under the title
LEFT = 8  # the cursor arrow and full-width text start here
LABEL_X = 24  # a menu row's label
RIGHT = NATIVE_W - 8  # right-aligned values end here
FOOTER_PITCH = 10
FOOTER_LINES = 4  # at most this many footer lines, the last one lowest

Colour = str | tuple[int, int, int]  # a UI palette name or an RGB triple
Align = Literal["left", "right", "centre"]


@dataclass(frozen=True)
class Text:
    """One line of text. ``x`` is the left edge (align left), the right edge (align right)
    or ignored (centre: centred on the screen)."""

    text: str
    y: int
    x: int = LEFT
    colour: Colour = "text"
    align: Align = "left"


@dataclass(frozen=True)
class MenuRow:
    """A row of a menu: the label at LABEL_X, its value right-aligned at ``value_right``.
    The row under the cursor (``chosen``) gets the arrow, and label and value take the
    highlight colour."""

    label: str
    y: int
    value: str = ""
    colour: Colour = "text"
    value_colour: Colour = "value"
    chosen: bool = False
    value_right: int = RIGHT


@dataclass(frozen=True)
class Box:
    """A filled rectangle."""

    x: int
    y: int
    w: int
    h: int
    colour: Colour


@dataclass(frozen=True)
class Ring:
    """A circle's outline, ``width`` pixels thick."""

    x: int
    y: int
    radius: int
    colour: Colour
    width: int = 1


Item = Text | MenuRow | Box | Ring


@dataclass(frozen=True)
class Picture:
    """A whole screen: the background, then the heading (a service page's title over a
    rule; None for a test pattern), the items in order, then the footer lines (each text
    and colour, centred at the bottom)."""

    items: tuple[Item, ...] = ()
    heading: str | None = None
    footer: tuple[tuple[str, Colour], ...] = ()
    background: Colour = "background"
