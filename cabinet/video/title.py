"""The parts of the cartridges' attract titles: big lettering built from small blocks, one
per lit pixel of the cabinet's 8x8 font; pieces drawn as blocks; and the title's foot (the
blinking start prompt, the maker line, the credit line). Our own art: no game's logo."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from cabinet.video.font import CELL as CHAR
from cabinet.video.font import glyph
from cabinet.video.palette import RGB, UI, shade
from cabinet.video.picture import NATIVE_W
from cabinet.video.screens import blink_on, draw_credit_line, start_prompt
from cabinet.video.text import draw_centred

_KEY = (255, 0, 254)  # the colour key of the letter surfaces
_WORDS: dict[tuple[str, int, tuple[RGB, ...]], pygame.Surface] = {}

PROMPT_Y = 160  # the blinking start prompt
MAKER_Y = 188  # the maker line, above the credit line
MAKER = "© BLOXCAB PROJECT"


def block(surface: pygame.Surface, rgb: RGB, x: int, y: int, size: int) -> None:
    """One block: a dark edge, the face and a light top edge."""
    light = (min(255, rgb[0] + 80), min(255, rgb[1] + 80), min(255, rgb[2] + 80))
    surface.fill(shade(rgb, 0.5), (x, y, size, size))
    surface.fill(rgb, (x, y, size - 1, size - 1))
    surface.fill(light, (x, y, max(1, size - 2), 1))


def block_word(text: str, pixel: int, colours: Sequence[RGB]) -> pygame.Surface:
    """``text`` in big letters: each lit font pixel a ``pixel``-square block; letter ``i``
    takes ``colours[i % len(colours)]`` (spaces take none)."""
    key = (text, pixel, tuple(colours))
    made = _WORDS.get(key)
    if made is None:
        step = CHAR * pixel
        made = pygame.Surface((len(text) * step, step))
        made.fill(_KEY)
        for i, ch in enumerate(text):
            rgb = colours[i % len(colours)]
            for y, row in enumerate(glyph(ch)):
                for x, lit in enumerate(row):
                    if lit == "#":
                        block(made, rgb, i * step + x * pixel, y * pixel, pixel)
        made.set_colorkey(_KEY)
        _WORDS[key] = made
    return made


def draw_word(surface: pygame.Surface, text: str, y: int, pixel: int,
              colours: Sequence[RGB]) -> pygame.Rect:
    """``block_word`` centred across the screen with its top at ``y``; where it went."""
    word = block_word(text, pixel, colours)
    return surface.blit(word, ((NATIVE_W - word.get_width()) // 2, y))


def draw_cells(surface: pygame.Surface, cells: Sequence[tuple[int, int]], rgb: RGB,
               x: int, y: int, size: int) -> None:
    """Blocks at (row, column) cells of a grid whose top-left is (x, y)."""
    for r, c in cells:
        block(surface, rgb, x + c * size, y + r * size, size)


def title_foot(surface: pygame.Surface, frame: int, credits: int, free_play: bool,
               prompt_y: int = PROMPT_Y, maker: str = MAKER) -> None:
    """The blinking start prompt, the maker line and the credit line."""
    if blink_on(frame):
        draw_centred(surface, start_prompt(credits, free_play), prompt_y, UI["text"])
    draw_centred(surface, maker, MAKER_Y, UI["frame_light"])
    draw_credit_line(surface, credits, free_play)


# Each piece flat, as it first appears (our own art; kinds as engine/pieces.py numbers them:
# I Z S O T L J).
PIECE_CELLS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((1, 0), (1, 1), (1, 2), (1, 3)),
    ((0, 0), (0, 1), (1, 1), (1, 2)),
    ((0, 1), (0, 2), (1, 0), (1, 1)),
    ((0, 0), (0, 1), (1, 0), (1, 1)),
    ((0, 0), (0, 1), (0, 2), (1, 1)),
    ((0, 0), (0, 1), (0, 2), (1, 0)),
    ((0, 0), (0, 1), (0, 2), (1, 2)),
)


def piece_width(kind: int) -> int:
    return 1 + max(c for _, c in PIECE_CELLS[kind])


def draw_piece_row(surface: pygame.Surface, kinds: Sequence[int], colours: dict[int, RGB],
                   y: int, size: int, gap: int = 1) -> pygame.Rect:
    """The pieces ``kinds`` side by side, ``gap`` cells apart, centred across the screen."""
    cells = sum(piece_width(k) for k in kinds) + gap * (len(kinds) - 1)
    x = (NATIVE_W - cells * size) // 2
    box = pygame.Rect(x, y, cells * size, 2 * size)
    for kind in kinds:
        draw_cells(surface, PIECE_CELLS[kind], colours[kind], x, y, size)
        x += (piece_width(kind) + gap) * size
    return box
