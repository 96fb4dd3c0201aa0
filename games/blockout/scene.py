"""BLOCKOUT's own attract title: BLOCKOUT in block letters over a pit seen from above, its
walls drawn in perspective, a few cubes on its floor. Our own lettering and art in the
cabinet's font (no Technos logo)."""

from __future__ import annotations

import pygame

from cabinet.video.palette import UI
from cabinet.video.text import draw_centred
from cabinet.video.title import block, draw_word, title_foot
from engine.pieces import PIECE_RGB, I, L, O, T

_MOUTH = pygame.Rect(100, 58, 120, 84)  # the pit's top edge on the screen
_FLOOR = pygame.Rect(140, 86, 40, 28)  # its floor, further down
_RINGS = 3  # depth lines between the mouth and the floor
_FLOOR_CUBES = ((0, 0, L), (1, 0, L), (0, 1, T), (2, 2, I), (3, 2, I), (3, 1, O))


def _ring(t: float) -> pygame.Rect:
    """The pit's outline ``t`` of the way from the mouth (0) to the floor (1)."""
    a, b = _MOUTH, _FLOOR
    return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                       round(a.w + (b.w - a.w) * t), round(a.h + (b.h - a.h) * t))


def draw_title(surface: pygame.Surface, frame: int, credits: int, free_play: bool) -> None:
    surface.fill(UI["background"])
    draw_word(surface, "BLOCKOUT", 16, 4, [PIECE_RGB[O], PIECE_RGB[L], PIECE_RGB[I]])
    green = (48, 200, 96)
    surface.fill(UI["well"], _MOUTH)
    for n in range(1, _RINGS + 1):
        pygame.draw.rect(surface, shade_of(green, n), _ring(n / (_RINGS + 1)), 1)
    pygame.draw.rect(surface, green, _MOUTH, 1)
    pygame.draw.rect(surface, green, _FLOOR, 1)
    for corner in ("topleft", "topright", "bottomleft", "bottomright"):
        pygame.draw.line(surface, green, getattr(_MOUTH, corner), getattr(_FLOOR, corner))
    for col, row, kind in _FLOOR_CUBES:
        block(surface, PIECE_RGB[kind], _FLOOR.x + 1 + col * 8, _FLOOR.y + 1 + row * 9, 8)
    draw_centred(surface, "FILL THE LAYERS OF A 3D PIT", 150, UI["label"])
    title_foot(surface, frame, credits, free_play, prompt_y=168)


def shade_of(rgb: tuple[int, int, int], ring: int) -> tuple[int, int, int]:
    """Depth lines fade towards the floor."""
    f = 1 - 0.18 * ring
    return (round(rgb[0] * f), round(rgb[1] * f), round(rgb[2] * f))
