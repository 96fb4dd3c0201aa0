"""Coin assignments: SW1, Coin A on switches 1-4 and Coin B on 5-8, each stepped through
the 16 rows of the Sega coinage table; both at 0 is free play.

Source: MAME segas16b.cpp / segas18.cpp DIP definitions and Sega System 16 coinage DIP table (MAME
segaipt) (the coinage table, free play when
both chutes are 0); Sega service manuals (Daytona USA, NAOMI-era test menus) (changing the rates
clears inserted partial
coins: CreditBoard.set_coin_settings does that).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.video.picture import LEFT, RIGHT, Colour, Item, Text
from dipswitch import COINAGE, SW1, Chute, CoinSettings, decode_coinage, encode_coinage, override
from firmware.savedata.schema import FACTORY_SW1
from firmware.service.layout import ROW_PITCH, menu_rows, wrap
from firmware.service.page import EXIT, Page, Row
from firmware.service.pages.confirm import ConfirmPage
from firmware.service.pages.dip_table import bank_grid

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

VALUES = tuple(COINAGE)  # table order: 0xF (1C/1C) first, 0x0 (free play) last
FACTORY = "FACTORY SETTINGS"
CHUTE_ROWS = (("COIN A", Chute.A, (1, 2, 3, 4)), ("COIN B", Chute.B, (5, 6, 7, 8)))
ROW_TOP = 56
CHUTE_PITCH = 24  # a chute takes two lines: name and switches, then its rate


class CoinPage(Page):
    title = "COIN ASSIGNMENTS"

    def __init__(self, menu: ServiceMenu) -> None:
        super().__init__(menu)

    @property
    def soft(self) -> int:
        return self.menu.data.dips[self.menu.data.selected_game].sw1

    @property
    def physical(self) -> int | None:
        return self.menu.machine.physical_sw1

    @property
    def in_force(self) -> int:
        return override(self.soft, self.physical)

    def settings(self) -> tuple[CoinSettings, str | None]:
        return decode_coinage(self.in_force)

    def rows(self) -> list[Row]:
        editable = self.physical is None
        return [*(Row(name, selectable=editable) for name, _, _ in CHUTE_ROWS),
                Row(FACTORY, selectable=editable), Row(EXIT)]

    def select_row(self, index: int) -> None:
        if self.rows()[index].label == FACTORY:
            self.menu.push(ConfirmPage(self.menu, "FACTORY SETTINGS?",
                                       lambda: self.apply(FACTORY_SW1), "FACTORY SETTINGS SET",
                                       ("SW1 COIN ASSIGNMENTS", "BACK TO 1 COIN 1 CREDIT")))
        else:
            super().select_row(index)

    def change(self, index: int, step: int) -> None:
        if index >= len(CHUTE_ROWS) or self.physical is not None:
            return
        settings, _ = self.settings()
        a, b = settings.chute_a.value, settings.chute_b.value
        if CHUTE_ROWS[index][1] is Chute.A:
            a = VALUES[(VALUES.index(a) + step) % len(VALUES)]
        else:
            b = VALUES[(VALUES.index(b) + step) % len(VALUES)]
        self.apply(encode_coinage(CoinSettings.of(a, b)))
        self.menu.save()

    def apply(self, byte: int) -> None:
        """New SW1 for every game (SERVICE_DECISIONS sw1_all_games), in force at once on the
        credit board (a chute whose rate changed loses its partial coins)."""
        data = self.menu.data
        for banks in data.dips.values():
            banks.sw1 = byte
        settings, _ = decode_coinage(byte)
        board = self.menu.machine.desk.board
        board.set_coin_settings(settings)
        data.credit_board = board.to_dict()

    def items(self) -> list[Item]:
        settings, _ = self.settings()
        cursor_positions = CHUTE_ROWS[self.cursor][2] if self.cursor < len(CHUTE_ROWS) else ()
        items = bank_grid(SW1.name, self.in_force, cursor_positions)
        rows = self.rows()
        for i, (name, chute, positions) in enumerate(CHUTE_ROWS):
            y = ROW_TOP + i * CHUTE_PITCH
            items += menu_rows([rows[i]], 0 if self.cursor == i else -1, top=y)
            items.append(Text(f"SW1:{positions[0]}-{positions[-1]}", y, 96, "frame_light"))
            items.append(Text(f"VALUE {settings.scheme(chute).value:X}", y, RIGHT,
                              "frame_light", "right"))
            label = SW1.switch(name.title()).label_of(self.in_force) or ""
            items.append(Text(label.upper()[:38], y + 11, LEFT + 8, "value"))
        tail = rows[len(CHUTE_ROWS):]
        top = ROW_TOP + len(CHUTE_ROWS) * CHUTE_PITCH + 4
        items += menu_rows(tail, self.cursor - len(CHUTE_ROWS), top=top)
        credits = self.menu.machine.credits
        mode = "FREE PLAY" if settings.free_play else f"CREDITS ON BOARD {credits}"
        items.append(Text(mode, top + len(tail) * ROW_PITCH + 6,
                          colour="highlight" if settings.free_play else "text", align="centre"))
        return items

    def footer(self) -> list[tuple[str, Colour]]:
        _, notice = self.settings()
        lines: list[tuple[str, Colour]] = []
        if self.physical is not None:
            lines.append(("SET BY THE DIP SWITCHES ON THE BOARD", "alert"))
        if notice:
            lines.extend((line, "alert") for line in wrap(notice)[:2])
        lines.append(("TEST: CHANGE   SERVICE: MOVE", "label"))
        return lines
