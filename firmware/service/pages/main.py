"""The test mode's first page: every item of the service menu.

Source: Sega service manuals (Daytona USA, NAOMI-era test menus) (typical items: input test, output
test, sound test,
monitor test, game assignments, coin assignments, bookkeeping, backup data clear, exit).
"""

from __future__ import annotations

from collections.abc import Callable

from cabinet.video.picture import HEADING_Y, RIGHT, Item, Text
from dipswitch import decode_coinage, override
from firmware.service.menu import ServiceMenu
from firmware.service.page import EXIT, Page, Row
from firmware.service.pages.bookkeeping import BookkeepingPage
from firmware.service.pages.clear import backup_page, rankings_page
from firmware.service.pages.coins import CoinPage
from firmware.service.pages.dips import DipPage
from firmware.service.pages.game_select import GameSelectPage
from firmware.service.pages.input_check import InputTestPage
from firmware.service.pages.monitor_check import MonitorTestPage
from firmware.service.pages.notices import NoticesPage
from firmware.service.pages.output_check import OutputTestPage
from firmware.service.pages.rankings_verify import RankingsVerifyPage
from firmware.service.pages.sound_check import SoundTestPage
from games.registry import CARTRIDGES

ITEMS: tuple[tuple[str, Callable[[ServiceMenu], Page]], ...] = (
    ("INPUT TEST", InputTestPage),
    ("OUTPUT TEST", OutputTestPage),
    ("SOUND TEST", SoundTestPage),
    ("MONITOR TEST", MonitorTestPage),
    ("GAME ASSIGNMENTS", DipPage),
    ("COIN ASSIGNMENTS", CoinPage),
    ("GAME SELECT", GameSelectPage),
    ("BOOKKEEPING", BookkeepingPage),
    ("RANKINGS VERIFY", RankingsVerifyPage),
    ("RANKINGS CLEAR", rankings_page),
    ("BACKUP DATA CLEAR", backup_page),
    ("NOTICES", NoticesPage),
)


class MainPage(Page):
    title = "TEST MODE"

    def rows(self) -> list[Row]:
        data = self.menu.data
        game = CARTRIDGES[data.selected_game].title
        coins, _ = decode_coinage(override(data.dips[data.selected_game].sw1,
                                           self.menu.machine.physical_sw1))
        values = {
            "GAME ASSIGNMENTS": game.split(" ")[0],
            "COIN ASSIGNMENTS": "FREE PLAY" if coins.free_play else "",
            "GAME SELECT": game.split(" ")[0],
            "NOTICES": str(len(self.menu.problems())),
        }
        rows = [Row(name, values.get(name, "")) for name, _ in ITEMS]
        problems = len(self.menu.problems())
        rows[-1] = Row("NOTICES", str(problems), value_colour="alert" if problems else "value")
        return [*rows, Row(EXIT)]

    def select_row(self, index: int) -> None:
        if index < len(ITEMS):
            self.menu.push(ITEMS[index][1](self.menu))
        else:
            self.menu.exit()

    def items(self) -> list[Item]:
        machine = self.menu.machine
        credit = "FREE PLAY" if machine.free_play else f"CREDIT {machine.credits}"
        return [*super().items(), Text(credit, HEADING_Y, RIGHT, "label", "right")]
