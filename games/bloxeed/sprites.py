"""Pixel art of the Bloxeed power-block characters, as data, and their sprites.

Rows are top to bottom; each letter is a colour from SPRITE_RGB, ``.`` is transparent. A
character stands on its (row, column) cell: 1 column wide (8 px), 16t 3 columns (24 px),
at most 2 rows (16 px) high. Source: tetris.wiki "Bloxeed" (16t is 3 columns wide);
abomination.jp OGA "Introduction of Bloxeed" (2-row-high hitbox). The art is ours.
"""

from __future__ import annotations

import pygame

from cabinet.video.palette import RGB

SPRITE_RGB: dict[str, RGB] = {
    "k": (16, 16, 16), "w": (255, 255, 255), "r": (232, 40, 40), "y": (255, 224, 48),
    "o": (255, 144, 32), "b": (40, 96, 240), "c": (64, 216, 240), "s": (176, 176, 192),
    "d": (96, 96, 112), "n": (56, 56, 136),
}

# Power-block kind -> art. Source for the kind numbers: palette.POWER_LETTERS.
CHARACTER_ART: dict[int, tuple[str, ...]] = {
    2: (  # 16t: a weight with "16t" on it, 3 columns wide
        "..........dddd..........",
        "..........d..d..........",
        "........dddddddd........",
        "......dssssssssssd......",
        ".....dssssssssssssd.....",
        "....dssksskkkssksssd....",
        "...dsskksskssskkksssd...",
        "...dsssksskkksskssssd...",
        "..dssssksskskssksssssd..",
        "..dssskkkskkksskkssssd..",
        ".dssssssssssssssssssssd.",
        "dssssssssssssssssssssssd",
        "dssssssssssssssssssssssd",
        "dddddddddddddddddddddddd",
    ),
    3: (  # Bomb
        ".....y..",
        "....ro..",
        "....d...",
        "..nnnn..",
        ".nnnnnn.",
        "nnwnnnnn",
        "nwnnnnnn",
        "nnnnnnnn",
        "nnnnnnnn",
        "nnnnnnnn",
        ".nnnnnn.",
        "..nnnn..",
    ),
    4: (  # Flicky
        "..bbbb..",
        ".bbbbbb.",
        "bbwkbbb.",
        "bbwwbbbo",
        ".bbbbboo",
        "bwwwbbb.",
        "bwwwwbb.",
        "bwwwwbbb",
        ".bwwwbbb",
        "..bbbbb.",
        "...o.o..",
        "..oo.oo.",
    ),
    5: (  # Satellite
        "...ss...",
        "...ss...",
        "..cccc..",
        "cwssssc.",
        "cwsrrswc",
        "cwsrrswc",
        "cwssssc.",
        "..cccc..",
        "...dd...",
        "..d..d..",
        ".d....d.",
    ),
}

_KEY = (255, 0, 254)
_sprites: dict[int, pygame.Surface] = {}


def character_sprite(kind: int) -> pygame.Surface | None:
    """The sprite of power-block character ``kind`` (None for a kind with no character)."""
    art = CHARACTER_ART.get(kind)
    if art is None:
        return None
    found = _sprites.get(kind)
    if found is None:
        found = pygame.Surface((len(art[0]), len(art)))
        found.fill(_KEY)
        for y, row in enumerate(art):
            for x, ch in enumerate(row):
                if ch != ".":
                    found.set_at((x, y), SPRITE_RGB[ch])
        found.set_colorkey(_KEY, pygame.RLEACCEL)
        _sprites[kind] = found
    return found
