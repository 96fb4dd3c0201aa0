"""Notices: configuration and wiring problems, DIP settings that fell back to factory,
the save writer's last error, failing inputs and outputs."""

from __future__ import annotations

from cabinet.video.picture import LEFT, Colour, Item, Picture, Text
from firmware.service.layout import menu_rows, wrap
from firmware.service.page import EXIT, Page, Row

MAX_LINES = 14


class NoticesPage(Page):
    title = "NOTICES"

    def rows(self) -> list[Row]:
        return [Row(EXIT)]

    def items(self) -> list[Item]:
        lines: list[str] = []
        for notice in self.menu.problems():
            lines.extend(wrap(notice))
        if not lines:
            lines = ["NO NOTICES"]
        items: list[Item] = [Text(line.upper(), 26 + i * 10, LEFT, "alert")
                             for i, line in enumerate(lines[:MAX_LINES])]
        if len(lines) > MAX_LINES:
            items.append(Text(f"... {len(lines) - MAX_LINES} MORE LINES IN THE LOG",
                              26 + MAX_LINES * 10, LEFT, "label"))
        return [*items, *menu_rows(self.rows(), self.cursor, top=180)]

    def footer(self) -> list[tuple[str, Colour]]:
        return [("TEST: BACK", "label")]

    def picture(self) -> Picture:
        return Picture(tuple(self.items()), heading=self.title, footer=tuple(self.footer()))
