"""A versus result (WIN, LOSE, DRAW) on a framed band across a well, so the word reads over
any stack: a frame-coloured box with the background inside it, a line of frame top and
bottom. Every game's versus screen draws its results this way (TAP's match, Bloxeed's and
BLOCKOUT's versus wells)."""

from __future__ import annotations

from cabinet.video.palette import RGB, UI

Rect = tuple[int, int, int, int]

WIN, LOSE, DRAW = "WIN", "LOSE", "DRAW"


def band_fills(box: Rect) -> tuple[tuple[RGB, Rect], tuple[RGB, Rect]]:
    """The two fills of a band over ``box`` (x, y, w, h), in order: its frame, then its
    backing one pixel in from the top and bottom."""
    x, y, w, h = box
    return (UI["frame"], box), (UI["background"], (x, y + 1, w, h - 2))


def result_colour(word: str) -> RGB:
    """WIN in the highlight colour, LOSE and DRAW in the alert colour."""
    return UI["highlight"] if word == WIN else UI["alert"]
