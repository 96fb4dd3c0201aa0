"""TGM3's own attract title: TGM3 in flame-coloured blocks, TERROR-INSTINCT in double-size
letters, its modes and a row of pieces. Our own lettering and art in the cabinet's font
(no Arika logo)."""

from __future__ import annotations

import pygame

from cabinet.video.palette import UI
from cabinet.video.text import draw_centred
from cabinet.video.title import draw_piece_row, draw_word, title_foot
from engine.pieces import PIECE_RGB, I, J, L, O, S, T, Z

_FLAME = [(255, 64, 32), (255, 128, 32), (255, 192, 48), (255, 96, 32)]


def draw_title(surface: pygame.Surface, frame: int, credits: int, free_play: bool) -> None:
    surface.fill(UI["background"])
    draw_word(surface, "TGM3", 20, 4, _FLAME)
    draw_centred(surface, "TERROR-INSTINCT", 62, UI["text"], scale=2)
    draw_centred(surface, "EASY  MASTER  SAKURA  SHIRASE", 92, UI["label"])
    draw_piece_row(surface, (T, S, L, I, J, Z, O), PIECE_RGB, 116, 8)
    title_foot(surface, frame, credits, free_play)
