"""Colours of the screen: pieces, garbage, power blocks, text, frames, test patterns."""

from __future__ import annotations

import functools

from engine.pieces import PIECE_RGB

RGB = tuple[int, int, int]

# Cell colour values (low 4 bits of a field cell): piece kind + 1, then these.
# Source: engine/field.py (0 empty, kind + 1 for a piece, 8 grey, 9+ garbage colours).
GARBAGE_BASE = 9

# Garbage rows take the colour of the piece their hole fits (OGA "Introduction of Bloxeed";
# tetris.wiki "Bloxeed"); our art draws them a shade darker than the piece, so colour value
# GARBAGE_BASE + kind; other values are grey.
GARBAGE_SHADE = 0.6

BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)

# The screen's own colours (our art; no source gives the board's palette).
UI: dict[str, RGB] = {
    "background": (0, 0, 24),
    "well": (0, 0, 0),
    "frame": (120, 120, 168),
    "frame_light": (200, 200, 232),
    "text": (255, 255, 255),
    "label": (96, 200, 255),
    "value": (255, 232, 96),
    "credit": (255, 255, 255),
    "alert": (255, 64, 64),
    "verified": (96, 232, 96),  # the mark of a ranking row its replay proves
    "highlight": (255, 128, 32),
    "lamp_off": (48, 24, 24),
    "lamp_on": (255, 64, 32),
    "clear_flash": (255, 255, 255),
    "grey_cell": (144, 144, 144),
}

# Power-block kinds (bits 4-7 of a cell) and the letter shown in the cell, in the priority
# order of OGA "Introduction of Bloxeed"; tetris.wiki "Bloxeed": 4 Lines, 16t, Bomb, Flicky,
# Satellite.

# Monitor test patterns: the eight colour bars, brightest first (SMPTE-style order).
# Source: Sega service manuals (Daytona USA, NAOMI-era test menus) (colour bars among the monitor
# test patterns).
COLOUR_BARS: tuple[RGB, ...] = (
    (255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0),
    (255, 0, 255), (255, 0, 0), (0, 0, 255), (0, 0, 0),
)
SOLID: dict[str, RGB] = {
    "red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255), "white": (255, 255, 255),
}
GREY_STEPS = 16  # the grey-steps pattern: 16 steps from black to white


@functools.lru_cache(maxsize=4096)
def shade(rgb: RGB, factor: float) -> RGB:
    """``rgb`` scaled by ``factor`` (clipped to 0..255); kept, as a well's stack shades
    every cell each time it is drawn."""
    r, g, b = (min(255, max(0, round(c * factor))) for c in rgb)
    return (r, g, b)


def cell_rgb(colour: int) -> RGB:
    """The RGB of a cell colour value (low 4 bits of a field cell); 0 is the empty well."""
    if colour == 0:
        return UI["well"]
    if 1 <= colour <= len(PIECE_RGB):
        return PIECE_RGB[colour - 1]
    kind = colour - GARBAGE_BASE
    if kind in PIECE_RGB:
        return shade(PIECE_RGB[kind], GARBAGE_SHADE)
    return UI["grey_cell"]
