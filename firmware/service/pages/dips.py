"""Game assignments: the selected game's SW2 bank, switch by switch, with its meaning.

TEST (or the lever left/right) steps a setting through its choices (DipBank.set keeps every
other switch where it was); the change takes effect from the next game, because the machine
decodes SW2 at every start. A byte that cannot be decoded shows the factory settings and
the decoder's notice (dipswitch DIP_DECISIONS bad_byte).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.video.picture import Colour, Item
from dipswitch import DipBank, DipSwitch, dip_rows, override
from firmware.service.layout import menu_rows, wrap
from firmware.service.page import EXIT, Page, Row
from firmware.service.pages.confirm import ConfirmPage
from firmware.service.pages.dip_table import bank_grid
from games.registry import CARTRIDGES

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

FACTORY = "FACTORY SETTINGS"
ROW_TOP = 56


def short_title(game: str) -> str:
    """The game's title without its maker and year: "BLOCKOUT (TECHNOS 1989)" -> "BLOCKOUT"
    (a page title has 40 characters for everything)."""
    return CARTRIDGES[game].title.split(" (")[0]


class DipPage(Page):
    title = "GAME ASSIGNMENTS"

    def __init__(self, menu: ServiceMenu) -> None:
        self.game = menu.data.selected_game
        self.bank: DipBank = CARTRIDGES[self.game].board.dip_bank
        super().__init__(menu)

    # ---- the bank -------------------------------------------------------------------------
    @property
    def soft(self) -> int:
        return self.menu.data.dips[self.game].sw2

    @property
    def physical(self) -> int | None:
        return self.menu.machine.physical_sw2

    @property
    def in_force(self) -> int:
        return override(self.soft, self.physical)

    def switches(self) -> list[DipSwitch | None]:
        """The setting of each row of dip_rows (None for an unused switch)."""
        by_row = {f"{self.bank.name}:{sw.location} {sw.name}": sw for sw in self.bank.switches}
        shown, _ = dip_rows(self.bank, self.in_force)
        return [by_row.get(row.switch) for row in shown]

    def rows(self) -> list[Row]:
        shown, _ = dip_rows(self.bank, self.in_force)
        out = [Row(row.switch.split(":", 1)[1], row.setting,
                   selectable=sw is not None and self.physical is None)
               for row, sw in zip(shown, self.switches(), strict=True)]
        return [*out, Row(FACTORY, selectable=self.physical is None), Row(EXIT)]

    # ---- changing -------------------------------------------------------------------------
    def select_row(self, index: int) -> None:
        label = self.rows()[index].label
        if label == FACTORY:
            self.menu.push(ConfirmPage(
                self.menu, "FACTORY SETTINGS?", self.factory, "FACTORY SETTINGS SET",
                (CARTRIDGES[self.game].title, f"{self.bank.name} BACK TO THE FACTORY SETTINGS")))
        else:
            super().select_row(index)

    def factory(self) -> None:
        self.menu.data.dips[self.game].sw2 = self.bank.factory

    def change(self, index: int, step: int) -> None:
        switches = self.switches()
        if index >= len(switches) or self.physical is not None:
            return
        sw = switches[index]
        if sw is None:
            return
        current = self.bank.decode(self.soft).labels[sw.name]
        labels = sw.labels
        new = labels[(labels.index(current) + step) % len(labels)]
        self.menu.data.dips[self.game].sw2 = self.bank.set(self.soft, sw.name, new)
        self.menu.save()

    # ---- what it shows ---------------------------------------------------------------------
    def items(self) -> list[Item]:
        shown, _ = dip_rows(self.bank, self.in_force)
        marked: tuple[int, ...] = ()
        if self.cursor < len(shown):
            marked = tuple(p for p, _ in shown[self.cursor].positions)
        items = bank_grid(self.bank.name, self.in_force, marked)
        # The switches of the cursor's row are marked in the grid above; a row has no
        # room for them beside a long setting ("7-8 VERSUS TARGET ... LEVEL 200").
        items += menu_rows(self.rows(), self.cursor, top=ROW_TOP)
        return items

    def footer(self) -> list[tuple[str, Colour]]:
        _, notice = dip_rows(self.bank, self.in_force)
        lines: list[tuple[str, Colour]] = []
        if self.physical is not None:
            lines.append(("SET BY THE DIP SWITCHES ON THE BOARD", "alert"))
        if notice:
            lines.extend((line, "alert") for line in wrap(notice)[:2])
        lines.append(("FROM THE NEXT GAME. TEST: CHANGE", "label"))
        return lines

    def heading(self) -> str:
        return f"{self.title}  {short_title(self.game)}"
