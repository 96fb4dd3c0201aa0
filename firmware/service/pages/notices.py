"""Notices: configuration and wiring problems, DIP settings that fell back to factory,
the save writer's last error, failing inputs and outputs."""

from __future__ import annotations

import pygame

from firmware.service import draw
from firmware.service.page import EXIT, Page, Row

MAX_LINES = 14


class NoticesPage(Page):
    title = "NOTICES"

    def rows(self) -> list[Row]:
        return [Row(EXIT)]

    def draw(self, surface: pygame.Surface) -> None:
        draw.page_frame(surface, self.title)
        lines: list[str] = []
        for notice in self.menu.problems():
            lines.extend(draw.wrap(notice))
        if not lines:
            lines = ["NO NOTICES"]
        for i, line in enumerate(lines[:MAX_LINES]):
            draw.draw_text(surface, line.upper(), draw.LEFT, 26 + i * 10, draw.colour("alert"))
        if len(lines) > MAX_LINES:
            draw.draw_text(surface, f"... {len(lines) - MAX_LINES} MORE LINES IN THE LOG",
                           draw.LEFT, 26 + MAX_LINES * 10, draw.colour("label"))
        draw.rows(surface, self.rows(), self.cursor, top=180)
        draw.footer(surface, [("TEST: BACK", "label")])
