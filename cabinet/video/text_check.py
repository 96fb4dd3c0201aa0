"""Checks on the texts a picture drew (cabinet.video.text.recording): none leaves the
picture or its panel, none runs over another, and two on one row keep at least one
character cell apart."""

from __future__ import annotations

from collections.abc import Sequence

from cabinet.video.font import CELL
from cabinet.video.text import Box, DrawnText

SHADOW = 2  # a text drawn again this close, same characters: its shadow or outline


def _inside(box: Box, outer: Box) -> bool:
    x, y, w, h = box
    ox, oy, ow, oh = outer
    return ox <= x and oy <= y and x + w <= ox + ow and y + h <= oy + oh


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _gap(a: Box, b: Box) -> int | None:
    """Pixels between two boxes side by side on one row (None: not on one row)."""
    if not (a[1] < b[1] + b[3] and b[1] < a[1] + a[3]):
        return None
    return max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]))


def _shadow(a: DrawnText, b: DrawnText) -> bool:
    return (a.text == b.text and abs(a.box[0] - b.box[0]) <= SHADOW
            and abs(a.box[1] - b.box[1]) <= SHADOW)


def _joined(a: DrawnText, b: DrawnText) -> bool:
    """A figure and its "/100" (the section's end after the level) are one reading."""
    left, right = (a, b) if a.box[0] < b.box[0] else (b, a)
    return right.text.startswith("/") or left.text.endswith("/")


def problems(texts: Sequence[DrawnText]) -> list[str]:
    """What is wrong with the texts of one picture, one line each (empty: all clean)."""
    found: list[str] = []
    for t in texts:
        w, h = t.picture
        if not _inside(t.box, (0, 0, w, h)):
            found.append(f"{t.text!r} at {t.box} leaves the picture")
        elif t.box[0] == 0 or t.box[0] + t.box[2] == w:
            found.append(f"{t.text!r} at {t.box} touches the picture's edge")
        elif not _inside(t.box, t.panel):
            found.append(f"{t.text!r} at {t.box} leaves its panel {t.panel}")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if _shadow(a, b) or (a.text == b.text and a.box == b.box):
                continue
            if _overlap(a.box, b.box):
                found.append(f"{a.text!r} at {a.box} and {b.text!r} at {b.box} overlap")
                continue
            gap = _gap(a.box, b.box)
            cell = CELL * min(a.box[3], b.box[3]) // CELL
            if gap is not None and gap < cell and not _joined(a, b):
                found.append(f"{a.text!r} at {a.box} and {b.text!r} at {b.box} touch"
                             f" ({gap} px apart)")
    return found
