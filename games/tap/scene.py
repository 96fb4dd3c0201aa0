"""TGM2 PLUS's own attract title: TGM2 in silver blocks and PLUS in gold, the game's full
name under them and its modes. Our own lettering and art in the cabinet's font (no Arika
logo)."""

from __future__ import annotations

import pygame

from cabinet.video.palette import UI
from cabinet.video.text import draw_centred
from cabinet.video.title import draw_word, title_foot

_SILVER = (200, 200, 232)
_GOLD = (240, 200, 64)


def draw_title(surface: pygame.Surface, frame: int, credits: int, free_play: bool) -> None:
    surface.fill(UI["background"])
    draw_word(surface, "TGM2 PLUS", 24, 4, [_SILVER] * 5 + [_GOLD] * 4)
    draw_centred(surface, "TETRIS THE ABSOLUTE", 68, UI["label"])
    draw_centred(surface, "THE GRAND MASTER 2 PLUS", 80, UI["label"])
    draw_centred(surface, "NORMAL  MASTER  TGM+  T.A.DEATH", 108, UI["value"])
    draw_centred(surface, "DOUBLES  VERSUS", 122, UI["value"])
    title_foot(surface, frame, credits, free_play)
