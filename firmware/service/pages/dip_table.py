"""The top of the DIP pages: the bank's eight switches ON/OFF, like the manual's table.

Source: reference/cabinet.md 7.1 ("ON" means the bit reads 0); dipswitch/bank.py keeps to it.
"""

from __future__ import annotations

import pygame

from dipswitch.bank import POSITIONS, is_on
from firmware.service import draw

GRID_X = 64
COLUMN = 32
SWITCH_Y = 24


def column_x(position: int) -> int:
    return GRID_X + (position - 1) * COLUMN


def bank_grid(surface: pygame.Surface, bank_name: str, byte: int,
              marked: tuple[int, ...] = ()) -> int:
    """Draw switch numbers and ON/OFF for ``byte``; ``marked`` positions (the setting under
    the cursor) are underlined. Returns the y below the grid."""
    label = draw.colour("label")
    draw.draw_text(surface, bank_name, draw.LEFT, SWITCH_Y, label)
    for p in POSITIONS:
        x = column_x(p)
        draw.draw_text(surface, str(p), x + 4, SWITCH_Y, label)
        draw.on_off(surface, is_on(byte, p), x, SWITCH_Y + 10)
        if p in marked:
            surface.fill(draw.colour("highlight"), (x, SWITCH_Y + 19, 24, 1))
    return SWITCH_Y + 26
