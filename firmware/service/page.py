"""A page of the service menu: rows, a cursor that skips information rows, and the keys.

Each page is one screen of the test mode. ``handle`` runs once per frame with the menu's
keys; the default moves the cursor (SERVICE or lever down / lever up), selects (TEST or
button 1), changes a setting (lever left/right) and goes back (button 2). ``picture`` says
what the page shows (cabinet.video.picture); cabinet.video.paint draws it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cabinet.video.picture import Colour, Item, Picture
from engine import InputFrame
from firmware.service.keys import Keys
from firmware.service.layout import menu_rows

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

EXIT = "EXIT"


@dataclass(frozen=True)
class Row:
    label: str
    value: str = ""
    selectable: bool = True
    colour: str | None = None  # a UI colour name; None = text / label by selectable
    value_colour: str = "value"


class Page:
    title = ""
    pitch = 12  # pixels between rows

    def __init__(self, menu: ServiceMenu) -> None:
        self.menu = menu
        self.cursor = 0
        self.cursor = self._step_cursor(0, 1, include_start=True)

    # ---- what the page shows ----------------------------------------------------------
    def rows(self) -> list[Row]:
        return [Row(EXIT)]

    def footer(self) -> list[tuple[str, Colour]]:
        return [("SERVICE: MOVE   TEST: SELECT", "label")]

    def items(self) -> list[Item]:
        """What the page shows under its title; by default its rows, the cursor marked."""
        return list(menu_rows(self.rows(), self.cursor, pitch=self.pitch))

    def heading(self) -> str:
        return self.title

    def picture(self) -> Picture:
        return Picture(tuple(self.items()), heading=self.heading(),
                       footer=(*self.menu.status_lines(), *self.footer()))

    # ---- what the keys do -------------------------------------------------------------
    def handle(self, keys: Keys, inputs: InputFrame) -> None:
        if keys.back:
            self.menu.pop()
        elif keys.select:
            self.select_row(self.cursor)
        elif keys.next:
            self.cursor = self._step_cursor(self.cursor, 1)
        elif keys.up:
            self.cursor = self._step_cursor(self.cursor, -1)
        elif keys.left or keys.right:
            self.change(self.cursor, 1 if keys.right else -1)

    def select_row(self, index: int) -> None:
        """TEST on a row; the default leaves the page on EXIT and changes a setting
        otherwise."""
        rows = self.rows()
        if rows[index].label == EXIT:
            self.menu.pop()
        else:
            self.change(index, 1)

    def change(self, index: int, step: int) -> None:
        """Lever left/right (step -1/+1) on a row; nothing by default."""

    def leave(self) -> None:
        """Called when the page is taken off the stack."""

    def _step_cursor(self, start: int, step: int, include_start: bool = False) -> int:
        rows = self.rows()
        if not rows:
            return 0
        index = start if include_start else start + step
        for _ in range(len(rows)):
            index %= len(rows)
            if rows[index].selectable:
                return index
            index += step
        return start
