"""Bloxeed's own attract title: BLOXEED in block letters over rows rising from the floor
with a gap in each, and one power block. Our own lettering and art in the cabinet's font."""

from __future__ import annotations

import pygame

from cabinet.video.palette import UI
from cabinet.video.picture import NATIVE_W
from cabinet.video.text import draw_centred
from cabinet.video.title import block, draw_word, title_foot
from engine.pieces import PIECE_RGB, L, O, T

_ROWS = ("###.########", "######.#####", "##########.#")  # the rising rows, top first
_CELL = 10
_POWER = (0, 3)  # (row, column) of the power block


def draw_title(surface: pygame.Surface, frame: int, credits: int, free_play: bool) -> None:
    surface.fill(UI["background"])
    draw_word(surface, "BLOXEED", 32, 4, [PIECE_RGB[T], PIECE_RGB[O], PIECE_RGB[L]])
    draw_centred(surface, "THE ROWS RISE FROM BELOW", 76, UI["label"])
    left = (NATIVE_W - len(_ROWS[0]) * _CELL) // 2
    for r, row in enumerate(_ROWS):
        for c, cell in enumerate(row):
            if cell == "#":
                block(surface, UI["grey_cell"], left + c * _CELL, 100 + r * _CELL, _CELL)
    r, c = _POWER
    block(surface, UI["value"], left + c * _CELL, 100 + (r - 1) * _CELL, _CELL)
    title_foot(surface, frame, credits, free_play)
