"""Bookkeeping: coins per chute, service credits, credits given and used, games per game,
play time, average game time, power-on time; clear with confirmation.

Source: Sega service manuals (Daytona USA, NAOMI-era test menus) (Daytona USA bookkeeping: total
time on, credits in,
service credits, total plays, average game time, when last cleared; clearing needs
confirmation) and 7.3 (coins per chute and paid vs free credits in pinball audits).
"""

from __future__ import annotations

from firmware.savedata import GameCounts, clear_bookkeeping
from firmware.service.page import EXIT, Page, Row
from firmware.service.pages.confirm import ConfirmPage
from games.registry import CARTRIDGES

FRAMES_PER_SECOND = 60  # Source: the project's design (60 Hz frame-locked engine)
CLEAR = "CLEAR BOOKKEEPING"


def hms(seconds: int) -> str:
    """HH:MM:SS as the Daytona bookkeeping shows time (hours may exceed 99)."""
    hours, rest = divmod(int(seconds), 3600)
    return f"{hours:02d}:{rest // 60:02d}:{rest % 60:02d}"


class BookkeepingPage(Page):
    title = "BOOKKEEPING"
    pitch = 10

    def rows(self) -> list[Row]:
        bk = self.menu.data.bookkeeping
        info: list[tuple[str, str]] = [
            ("COIN 1", str(bk.coins[0])),
            ("COIN 2", str(bk.coins[1])),
            ("SERVICE CREDITS", str(bk.service_credits)),
            ("CREDITS GIVEN (COINS)", str(bk.credits_given)),
            ("CREDITS USED", str(bk.credits_used)),
        ]
        games = play_frames = 0
        for game, cart in CARTRIDGES.items():
            counts = bk.games.get(game) or GameCounts()
            name = cart.short
            info.append((f"{name} GAMES 1P / 2P", f"{counts.one_player} / {counts.two_player}"))
            games += counts.one_player + counts.two_player
            play_frames += counts.play_frames
        play = play_frames // FRAMES_PER_SECOND
        info += [
            ("TOTAL PLAY TIME", hms(play)),
            ("AVERAGE GAME TIME", hms(play // games) if games else "--:--:--"),
            ("POWER ON TIME", hms(bk.power_on_seconds)),
            ("LAST CLEARED", bk.cleared_at or "NEVER"),
        ]
        return [*(Row(label, value, selectable=False) for label, value in info),
                Row(CLEAR), Row(EXIT)]

    def select_row(self, index: int) -> None:
        if self.rows()[index].label == CLEAR:
            self.menu.push(ConfirmPage(self.menu, "CLEAR BOOKKEEPING?", self.clear,
                                       "BOOKKEEPING CLEARED",
                                       ("EVERY COUNT ABOVE GOES TO 0",
                                        "CREDITS ON THE BOARD ARE KEPT")))
        else:
            super().select_row(index)

    def clear(self) -> None:
        clear_bookkeeping(self.menu.data, self.menu.cabinet.clock())
