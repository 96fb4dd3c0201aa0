"""Tetris (1988)'s own attract title: TETRIS in block letters, one piece colour a letter,
the seven pieces under it. Our own lettering and art in the cabinet's font (the original
board's title is Sega's art)."""

from __future__ import annotations

import pygame

from cabinet.video.palette import UI
from cabinet.video.text import draw_centred
from cabinet.video.title import draw_piece_row, draw_word, title_foot
from engine.pieces import PIECE_RGB, I, J, L, O, S, T, Z

_ORDER = (I, Z, S, O, T, L, J)


def draw_title(surface: pygame.Surface, frame: int, credits: int, free_play: bool) -> None:
    surface.fill(UI["background"])
    draw_word(surface, "TETRIS", 32, 4, [PIECE_RGB[k] for k in (I, O, T, L, J, S)])
    draw_centred(surface, "THE ARCADE RULES OF 1988", 76, UI["label"])
    draw_piece_row(surface, _ORDER, PIECE_RGB, 104, 8)
    title_foot(surface, frame, credits, free_play)
