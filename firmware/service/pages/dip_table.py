"""The top of the DIP pages: the bank's eight switches ON/OFF, like the manual's table.

Source: Sega System 16 coinage DIP table (MAME segaipt) ("ON" means the bit reads 0);
dipswitch/bank.py keeps to it.
"""

from __future__ import annotations

from cabinet.video.picture import LEFT, Box, Item, Text
from dipswitch.bank import POSITIONS, is_on
from firmware.service.layout import on_off

GRID_X = 64
COLUMN = 32
SWITCH_Y = 24


def column_x(position: int) -> int:
    return GRID_X + (position - 1) * COLUMN


def bank_grid(bank_name: str, byte: int, marked: tuple[int, ...] = ()) -> list[Item]:
    """Switch numbers and ON/OFF for ``byte``; ``marked`` positions (the setting under the
    cursor) are underlined."""
    items: list[Item] = [Text(bank_name, SWITCH_Y, LEFT, "label")]
    for p in POSITIONS:
        x = column_x(p)
        items.append(Text(str(p), SWITCH_Y, x + 4, "label"))
        items.append(on_off(is_on(byte, p), x, SWITCH_Y + 10))
        if p in marked:
            items.append(Box(x, SWITCH_Y + 19, 24, 1, "highlight"))
    return items
