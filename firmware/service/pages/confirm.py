"""YES/NO before anything is cleared. Source: Sega service manuals (Daytona USA, NAOMI-era test
menus) (clear high scores
and clear bookkeeping each need confirmation). The cursor starts on NO
(SERVICE_DECISIONS confirm_default)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cabinet.video.picture import Item, Picture, Text
from firmware.service.layout import menu_rows
from firmware.service.page import Page, Row

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

NO, YES = 0, 1


class ConfirmPage(Page):
    def __init__(self, menu: ServiceMenu, question: str, action: Callable[[], None],
                 done: str, detail: tuple[str, ...] = ()) -> None:
        self.question = question
        self.action = action
        self.done = done
        self.detail = detail
        self.title = question
        super().__init__(menu)

    def rows(self) -> list[Row]:
        return [Row("NO"), Row("YES")]

    def select_row(self, index: int) -> None:
        self.menu.pop()
        if index == YES:
            self.action()
            self.menu.save()
            self.menu.say(self.done)
        else:
            self.menu.say("NOTHING CHANGED")

    def items(self) -> list[Item]:
        lines: list[Item] = [Text(line.upper(), 40 + i * 12, align="centre")
                             for i, line in enumerate(self.detail)]
        return [*lines, *menu_rows(self.rows(), self.cursor, top=112, pitch=16)]

    def picture(self) -> Picture:
        return Picture(tuple(self.items()), heading=self.title,
                       footer=(("TEST: SELECT   SERVICE: MOVE", "label"),))
