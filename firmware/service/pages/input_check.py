"""Input test: every switch of both players and the cabinet, live, with the source that
reported it (keyboard, GPIO, JVS, script) and each source's status line.

Left with SERVICE and TEST held together (SERVICE_DECISIONS input_test_exit), because
both are shown here as inputs.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from cabinet.source import PLAYER_SWITCHES
from cabinet.video.font import CELL
from cabinet.video.picture import (
    FOOTER_PITCH,
    LEFT,
    NATIVE_H,
    RIGHT,
    Colour,
    Item,
    Picture,
    Text,
)
from engine import InputFrame
from firmware.service.keys import Keys
from firmware.service.layout import on_off
from firmware.service.page import Page

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

# The manual's names for the player switches, in cabinet.source.PLAYER_SWITCHES order.
SWITCH_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "BUTTON 1", "BUTTON 2", "BUTTON 3", "START")
CABINET_SWITCHES = (("service", "SERVICE"), ("test", "TEST"), ("tilt", "TILT"))
P1_X, P2_X = 88, 208
SOURCE_CHARS = 9
PITCH = 10
STATUS_CHARS = (RIGHT - LEFT) // CELL  # a status line's width between the margins
STATUS_LAST_Y = NATIVE_H - FOOTER_PITCH - 2 - PITCH  # the last row above the footer


def status_rows(text: str) -> list[str]:
    """A source's status line wrapped at spaces to fit between the margins; the
    continuation rows are indented."""
    return textwrap.wrap(text.upper(), STATUS_CHARS, subsequent_indent="  ") or [""]


class InputTestPage(Page):
    title = "INPUT TEST"

    def __init__(self, menu: ServiceMenu) -> None:
        self.inputs = InputFrame()
        self.coins = [0, 0]
        super().__init__(menu)

    def handle(self, keys: Keys, inputs: InputFrame) -> None:
        self.inputs = inputs
        self.coins[0] += inputs.coin1
        self.coins[1] += inputs.coin2
        if keys.both_service_and_test:
            self.menu.pop()

    def held(self, control: str) -> bool:
        """Whether ``control`` (a cabinet.source.CONTROLS name) is down in this frame."""
        i = self.inputs
        if control in ("service", "test", "tilt"):
            return bool(getattr(i, control))
        player, switch = control.split(".")
        return bool(getattr(i.p1 if player == "p1" else i.p2, switch))

    def source_of(self, control: str) -> str:
        panel = self.menu.cabinet.panel
        if panel is None:
            return ""
        return ",".join(panel.last_sources().get(control, ()))[:SOURCE_CHARS]

    def items(self) -> list[Item]:
        y = 24
        items: list[Item] = [Text("1P", y, P1_X, "label"), Text("2P", y, P2_X, "label")]
        for switch, name in zip(PLAYER_SWITCHES, SWITCH_NAMES, strict=True):
            y += PITCH
            items.append(Text(name, y, LEFT, "label"))
            for player, x in (("p1", P1_X), ("p2", P2_X)):
                control = f"{player}.{switch}"
                items.append(on_off(self.held(control), x, y))
                items.append(Text(self.source_of(control).upper(), y, x + 32, "frame_light"))
        y += PITCH
        items.append(Text("COIN", y, LEFT, "label"))
        for chute, x in ((0, P1_X), (1, P2_X)):
            items.append(Text(str(self.coins[chute]), y, x, "value"))
            items.append(Text(self.source_of(f"coin{chute + 1}").upper(), y, x + 32,
                              "frame_light"))
        y += PITCH + 2
        for i, (control, name) in enumerate(CABINET_SWITCHES):
            x = LEFT + i * 104
            items.append(Text(name, y, x, "label"))
            items.append(on_off(self.held(control), x + 8 * (len(name) + 1), y))
        y += PITCH + 4
        for line, colour in self.source_lines():
            for row in status_rows(line):
                if y > STATUS_LAST_Y:
                    return items
                items.append(Text(row, y, LEFT, colour))
                y += PITCH
        return items

    def footer(self) -> list[tuple[str, Colour]]:
        return [("HOLD SERVICE + TEST TO EXIT", "label")]

    def picture(self) -> Picture:
        return Picture(tuple(self.items()), heading=self.title, footer=tuple(self.footer()))

    def source_lines(self) -> list[tuple[str, Colour]]:
        panel = self.menu.cabinet.panel
        if panel is None:
            return [("CONTROL PANEL NOT CONNECTED", "alert")]
        lines: list[tuple[str, Colour]] = []
        for state in panel.states()[:4]:
            lines.append((state.status, "text"))
            if state.error:
                lines.append((f"  {state.error}", "alert"))
        return lines
