"""Input test: every switch of both players and the cabinet, live, with the source that
reported it (keyboard, GPIO, JVS, script) and each source's status line.

Left with SERVICE and TEST held together (SERVICE_DECISIONS input_test_exit), because
both are shown here as inputs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from cabinet.source import PLAYER_SWITCHES
from engine import InputFrame
from firmware.service import draw
from firmware.service.keys import Keys
from firmware.service.page import Page

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu

# The manual's names for the player switches, in cabinet.source.PLAYER_SWITCHES order.
SWITCH_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "BUTTON 1", "BUTTON 2", "BUTTON 3", "START")
CABINET_SWITCHES = (("service", "SERVICE"), ("test", "TEST"), ("tilt", "TILT"))
P1_X, P2_X = 88, 208
SOURCE_CHARS = 9
PITCH = 10


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

    def draw(self, surface: pygame.Surface) -> None:
        draw.page_frame(surface, self.title)
        label, text = draw.colour("label"), draw.colour("frame_light")
        y = 24
        draw.draw_text(surface, "1P", P1_X, y, label)
        draw.draw_text(surface, "2P", P2_X, y, label)
        for switch, name in zip(PLAYER_SWITCHES, SWITCH_NAMES, strict=True):
            y += PITCH
            draw.draw_text(surface, name, draw.LEFT, y, label)
            for player, x in (("p1", P1_X), ("p2", P2_X)):
                control = f"{player}.{switch}"
                draw.on_off(surface, self.held(control), x, y)
                draw.draw_text(surface, self.source_of(control).upper(), x + 32, y, text)
        y += PITCH
        draw.draw_text(surface, "COIN", draw.LEFT, y, label)
        for chute, x in ((0, P1_X), (1, P2_X)):
            draw.draw_text(surface, str(self.coins[chute]), x, y, draw.colour("value"))
            draw.draw_text(surface, self.source_of(f"coin{chute + 1}").upper(), x + 32, y, text)
        y += PITCH + 2
        for i, (control, name) in enumerate(CABINET_SWITCHES):
            x = draw.LEFT + i * 104
            draw.draw_text(surface, name, x, y, label)
            draw.on_off(surface, self.held(control), x + 8 * (len(name) + 1), y)
        y += PITCH + 4
        for line, colour in self.source_lines():
            draw.draw_text(surface, line.upper()[:draw.COLUMNS - 2], draw.LEFT, y,
                           draw.colour(colour))
            y += PITCH
        draw.footer(surface, [("HOLD SERVICE + TEST TO EXIT", "label")])

    def source_lines(self) -> list[tuple[str, str]]:
        panel = self.menu.cabinet.panel
        if panel is None:
            return [("CONTROL PANEL NOT CONNECTED", "alert")]
        lines: list[tuple[str, str]] = []
        for state in panel.states()[:4]:
            lines.append((state.status, "text"))
            if state.error:
                lines.append((f"  {state.error}", "alert"))
        return lines
