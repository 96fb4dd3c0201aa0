"""Game select: which game the board runs (save data ``selected_game``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.video.picture import Colour
from firmware.service.page import EXIT, Page, Row
from firmware.service.pages.dips import short_title
from games.registry import CARTRIDGES

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu


class GameSelectPage(Page):
    title = "GAME SELECT"

    def __init__(self, menu: ServiceMenu) -> None:
        self.games = list(CARTRIDGES)
        super().__init__(menu)
        chosen = menu.data.selected_game
        self.cursor = self.games.index(chosen) if chosen in self.games else 0

    def rows(self) -> list[Row]:
        chosen = self.menu.data.selected_game
        return [*(Row(CARTRIDGES[g].title, "<" if g == chosen else "") for g in self.games),
                Row(EXIT)]

    def select_row(self, index: int) -> None:
        if index < len(self.games):
            game = self.games[index]
            self.menu.data.selected_game = game
            self.menu.save()
            self.menu.say(f"{short_title(game)} FROM THE NEXT GAME")
        self.menu.pop()

    def footer(self) -> list[tuple[str, Colour]]:
        return [("TAKES EFFECT FROM THE NEXT GAME", "label"),
                ("SERVICE: MOVE   TEST: SELECT", "label")]
