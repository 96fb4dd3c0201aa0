"""Building blocks of the service pages' pictures (cabinet.video.picture): menu rows with
the cursor, ON/OFF marks, wrapped text. The pages only say what they show;
cabinet.video.paint draws it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cabinet.video.picture import COLUMNS, RIGHT, MenuRow, Text

if TYPE_CHECKING:
    from firmware.service.page import Row

ROWS_TOP = 26  # the first menu row under the page title
ROW_PITCH = 12


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


def menu_rows(rows: Sequence[Row], cursor: int, top: int = ROWS_TOP, pitch: int = ROW_PITCH,
              value_right: int = RIGHT) -> list[MenuRow]:
    """The page's rows from ``top`` down; the cursor row is marked (``cursor`` -1: none).
    An information row is in the label colour unless it names its own."""
    return [
        MenuRow(row.label, top + i * pitch, row.value,
                colour=row.colour or ("text" if row.selectable else "label"),
                value_colour=row.value_colour, chosen=i == cursor and row.selectable,
                value_right=value_right)
        for i, row in enumerate(rows)
    ]


def on_off(on: bool, x: int, y: int, right: bool = False) -> Text:
    """ON in the highlight colour or OFF in the light frame colour."""
    text, colour = ("ON", "highlight") if on else ("OFF", "frame_light")
    return Text(text, y, x, colour, "right" if right else "left")
