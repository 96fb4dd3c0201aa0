"""Output test: coin meters, coin lockouts and start lamps, each toggled with TEST
(CabinetOutputs.override) and handed back when the page is left."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.source import OUTPUTS
from cabinet.video.picture import Colour
from firmware.service.page import EXIT, Page, Row

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

# The operator's names for cabinet.source.OUTPUTS.
OUTPUT_NAMES: dict[str, str] = {
    "coin_meter1": "COIN METER 1",
    "coin_meter2": "COIN METER 2",
    "coin_lockout1": "COIN LOCKOUT 1",
    "coin_lockout2": "COIN LOCKOUT 2",
    "p1_start_lamp": "1P START LAMP",
    "p2_start_lamp": "2P START LAMP",
}


class OutputTestPage(Page):
    title = "OUTPUT TEST"

    def __init__(self, menu: ServiceMenu) -> None:
        self.forced: dict[str, bool] = {}
        super().__init__(menu)

    def rows(self) -> list[Row]:
        outputs = self.menu.cabinet.outputs
        if outputs is None:
            return [Row("OUTPUTS NOT CONNECTED", selectable=False, colour="alert"), Row(EXIT)]
        return [*(Row(OUTPUT_NAMES[name], "ON" if outputs.states.get(name) else "OFF")
                  for name in OUTPUTS), Row(EXIT)]

    def change(self, index: int, step: int) -> None:
        outputs = self.menu.cabinet.outputs
        if outputs is None or index >= len(OUTPUTS):
            return
        name = OUTPUTS[index]
        on = not outputs.states.get(name, False)
        self.forced[name] = on
        outputs.override(name, on)

    def leave(self) -> None:
        outputs = self.menu.cabinet.outputs
        if outputs is not None:
            for name in self.forced:
                outputs.override(name, None)
        self.forced.clear()

    def footer(self) -> list[tuple[str, Colour]]:
        errors = self.menu.cabinet.outputs.errors if self.menu.cabinet.outputs else {}
        return [*((f"{n}: {e}", "alert") for n, e in errors.items()),
                ("TEST: ON/OFF   SERVICE: MOVE", "label")]
