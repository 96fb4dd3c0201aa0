"""Game select: which game the board runs (save data ``selected_game``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from firmware.savedata import GAMES
from firmware.service.decisions import GAME_NAMES
from firmware.service.page import EXIT, Page, Row

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu


class GameSelectPage(Page):
    title = "GAME SELECT"

    def __init__(self, menu: ServiceMenu) -> None:
        super().__init__(menu)
        self.cursor = GAMES.index(menu.data.selected_game)

    def rows(self) -> list[Row]:
        chosen = self.menu.data.selected_game
        return [*(Row(GAME_NAMES[g], "<" if g == chosen else "") for g in GAMES), Row(EXIT)]

    def select_row(self, index: int) -> None:
        if index < len(GAMES):
            self.menu.data.selected_game = GAMES[index]
            self.menu.save()
            self.menu.say(f"{GAME_NAMES[GAMES[index]]} FROM THE NEXT GAME")
        self.menu.pop()

    def footer(self) -> list[tuple[str, str]]:
        return [("TAKES EFFECT FROM THE NEXT GAME", "label"),
                ("SERVICE: MOVE   TEST: SELECT", "label")]
