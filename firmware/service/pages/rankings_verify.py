"""RANKINGS VERIFY: re-simulate every ranked game's replay (off the frame thread) and show
which rows it proves, which fail, which were kept without a replay, and which were played
under an older rules version of their game (RULES V1: kept, neither proven nor failed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.video.picture import LEFT, Colour, Item, Picture, Text
from firmware.rankings.check import FACTORY, FAILED, MISSING, VERIFIED
from firmware.rankings.checker import BackgroundChecker
from firmware.service.layout import menu_rows
from firmware.service.page import EXIT, Page, Row
from games.registry import CARTRIDGES

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

MAX_LINES = 13
COLOURS: dict[str, Colour] = {VERIFIED: "value", FAILED: "alert", MISSING: "alert"}


class RankingsVerifyPage(Page):
    title = "RANKINGS VERIFY"

    def __init__(self, menu: ServiceMenu) -> None:
        store = menu.machine.rankings.replays
        self.checker = BackgroundChecker(store) if store is not None else None
        if self.checker is not None:
            self.checker.request(menu.data)
        super().__init__(menu)

    def rows(self) -> list[Row]:
        return [Row(EXIT)]

    def lines(self) -> list[tuple[str, Colour]]:
        if self.checker is None:
            return [("THIS CABINET KEEPS NO REPLAYS", "alert")]
        if not self.checker.done.is_set():
            return [("VERIFYING...", "label")]
        checks = self.checker.checks
        if not checks:
            return [("NO RANKED GAMES", "label")]
        proven = sum(1 for c in checks if c.status == VERIFIED)
        bad = sum(1 for c in checks if c.status in (FAILED, MISSING))
        played = sum(1 for c in checks if c.status != FACTORY)
        out: list[tuple[str, Colour]] = [
            (f"{proven} OF {played} ROWS VERIFIED, {bad} FAILED", "alert" if bad else "value")
            if played else (f"{len(checks)} FACTORY ROWS, NOTHING TO VERIFY", "label")]
        for c in checks:
            name = CARTRIDGES[c.game].short if c.game in CARTRIDGES else c.game.upper()
            out.append((f"{name} {c.rank:2d} {c.initials:3} {c.values.get('score', 0):>7} "
                        f"{c.shown.upper()}", COLOURS.get(c.status, "label")))
        return out

    def picture(self) -> Picture:
        lines = self.lines()
        items: list[Item] = [Text(text, 26 + i * 10, LEFT, colour)
                             for i, (text, colour) in enumerate(lines[:MAX_LINES])]
        if len(lines) > MAX_LINES:
            items.append(Text(f"... {len(lines) - MAX_LINES} MORE: bloxcab rankings verify",
                              26 + MAX_LINES * 10, LEFT, "label"))
        items += menu_rows(self.rows(), self.cursor, top=180)
        return Picture(tuple(items), heading=self.title, footer=(("TEST: BACK", "label"),))
