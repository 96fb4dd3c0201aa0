"""Flash Point's own attract title: FLASH over POINT in block letters, a pile under them
whose flashing blocks blink with the start prompt. Our own lettering and art in the
cabinet's font."""

from __future__ import annotations

import pygame

from cabinet.video.palette import UI
from cabinet.video.picture import NATIVE_W
from cabinet.video.screens import blink_on
from cabinet.video.text import draw_centred
from cabinet.video.title import block, draw_word, title_foot
from engine.pieces import PIECE_RGB, I, J, L, O, S, T, Z

# The pile, top row first: a letter is a piece's colour, * a flashing block.
_PILE = ("....*.......", "..TT*OO.*...", "ZZTSSOOJJ*LL", "IIII*SSJLLL*")
_CELL = 8
_KINDS = {"I": I, "Z": Z, "S": S, "O": O, "T": T, "L": L, "J": J}


def draw_title(surface: pygame.Surface, frame: int, credits: int, free_play: bool) -> None:
    surface.fill(UI["background"])
    draw_word(surface, "FLASH", 16, 4, [UI["text"], UI["value"]])
    draw_word(surface, "POINT", 52, 4, [UI["highlight"], UI["alert"]])
    draw_centred(surface, "CLEAR EVERY FLASHING BLOCK", 94, UI["label"])
    left = (NATIVE_W - len(_PILE[0]) * _CELL) // 2
    flash = UI["clear_flash"] if blink_on(frame) else UI["grey_cell"]
    for r, row in enumerate(_PILE):
        for c, cell in enumerate(row):
            if cell == "*":
                block(surface, flash, left + c * _CELL, 114 + r * _CELL, _CELL)
            elif cell != ".":
                block(surface, PIECE_RGB[_KINDS[cell]], left + c * _CELL, 114 + r * _CELL,
                      _CELL)
    title_foot(surface, frame, credits, free_play)
