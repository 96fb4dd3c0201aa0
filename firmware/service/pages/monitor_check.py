"""Monitor test: the patterns of cabinet.video.patterns.MONITOR_PATTERNS.

A pattern fills the screen; TEST or button 1 shows the next one, SERVICE or button 2 goes
back to the list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.video.patterns import MONITOR_PATTERNS
from cabinet.video.picture import Colour, Picture
from engine import InputFrame
from firmware.service.keys import Keys
from firmware.service.layout import wrap
from firmware.service.page import EXIT, Page, Row

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

PATTERNS = tuple(MONITOR_PATTERNS)


class MonitorTestPage(Page):
    title = "MONITOR TEST"

    def rows(self) -> list[Row]:
        return [*(Row(name) for name in PATTERNS), Row(EXIT)]

    def change(self, index: int, step: int) -> None:
        if index < len(PATTERNS):
            self.menu.push(PatternPage(self.menu, index))

    def footer(self) -> list[tuple[str, Colour]]:
        # The mode, the picture's scale and the frame rate (game's or display's), so an
        # operator setting geometry sees what the board drives.
        video = self.menu.cabinet.video
        # (two lines when it is wider than the picture: "... 60.05HZ MEASURED REFRESH")
        shown = [(line, "value") for line in wrap(video())] if video is not None else []
        return [*shown, ("IN A PATTERN: TEST NEXT, SERVICE BACK", "label"),
                ("SERVICE: MOVE   TEST: SELECT", "label")]


class PatternPage(Page):
    def __init__(self, menu: ServiceMenu, index: int) -> None:
        self.index = index
        super().__init__(menu)

    @property
    def pattern(self) -> str:
        return PATTERNS[self.index]

    def rows(self) -> list[Row]:
        return []

    def handle(self, keys: Keys, inputs: InputFrame) -> None:
        if keys.service or keys.b2:
            self.menu.pop()
        elif keys.test or keys.b1:
            self.index = (self.index + 1) % len(PATTERNS)

    def picture(self) -> Picture:
        return MONITOR_PATTERNS[self.pattern]
