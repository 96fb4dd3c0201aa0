"""The service menu (test mode): a stack of pages, entered with TEST from any screen.

``ServiceMenu.step(inputs)`` runs one frame and returns True once EXIT was chosen; the
machine then goes back to attract mode. Source: Sega service manuals (Daytona USA, NAOMI-era test
menus) (SERVICE moves the
cursor, TEST selects; items: input, output, sound and monitor tests, game and coin
assignments, bookkeeping, backup data clear, exit).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cabinet.video.picture import Colour, Picture
from engine import InputFrame
from firmware.savedata import SaveData
from firmware.service.decisions import SERVICE_DECISIONS
from firmware.service.hookup import ServiceCabinet
from firmware.service.keys import Keys
from firmware.service.page import Page

if TYPE_CHECKING:
    from firmware.machine import CabinetMachine

STATUS_FRAMES: int = SERVICE_DECISIONS["status_frames"].value


class ServiceMenu:
    def __init__(self, machine: CabinetMachine, cabinet: ServiceCabinet | None = None,
                 entered_with: InputFrame | None = None) -> None:
        from firmware.service.pages.main import MainPage

        self.machine = machine
        self.cabinet = cabinet or ServiceCabinet()
        self.prev = entered_with or InputFrame()  # TEST is still held on the entry frame
        self.done = False
        self.frame = 0
        self.status = ""
        self.status_until = 0
        self.last_ticket = 0  # the save writer's sequence number of the last commit
        self.stack: list[Page] = [MainPage(self)]

    @property
    def data(self) -> SaveData:
        return self.machine.data

    @property
    def page(self) -> Page:
        return self.stack[-1]

    # ---- the frame ---------------------------------------------------------------------
    def step(self, inputs: InputFrame) -> bool:
        self.frame += 1
        keys = Keys.of(inputs, self.prev)
        self.prev = inputs
        if not self.done:
            self.page.handle(keys, inputs)
        return self.done

    def picture(self) -> Picture:
        """What the screen shows now: the page on top of the stack."""
        return self.page.picture()

    # ---- page stack ------------------------------------------------------------------------
    def push(self, page: Page) -> None:
        self.stack.append(page)

    def pop(self) -> None:
        """Back one page; on the main page, BACK means EXIT."""
        if len(self.stack) == 1:
            self.exit()
            return
        self.stack.pop().leave()

    def exit(self) -> None:
        """EXIT: hand every output back and commit the save data (credits stay on the
        board)."""
        while len(self.stack) > 1:
            self.stack.pop().leave()
        self.release_outputs()
        self.save()
        self.done = True

    # ---- shared services for the pages ---------------------------------------------------
    def save(self) -> None:
        """Submit the save data; the kiosk's writer makes it durable off the frame thread."""
        self.last_ticket = self.machine.saver.submit(self.machine.data)

    def release_outputs(self) -> None:
        outputs = self.cabinet.outputs
        if outputs is None:
            return
        from cabinet.source import OUTPUTS

        for name in OUTPUTS:
            outputs.override(name, None)

    def say(self, message: str) -> None:
        self.status = message
        self.status_until = self.frame + STATUS_FRAMES

    def problems(self) -> list[str]:
        """Everything the operator should know: machine notices, the save writer's error,
        failing output sinks and input sources."""
        found = list(self.machine.notices)
        error = getattr(self.machine.saver, "last_error", None)
        if error:
            found.append(f"save data: {error}")
        outputs = self.cabinet.outputs
        if outputs is not None:
            found.extend(f"output {name}: {why}" for name, why in outputs.errors.items())
        panel = self.cabinet.panel
        if panel is not None:
            states = panel.states()
            found.extend(f"input {s.name}: {s.error}" for s in states if s.error)
            found.extend(f"input {s.name}: {s.notice}" for s in states if s.notice)
        return found

    def status_lines(self) -> list[tuple[str, Colour]]:
        lines: list[tuple[str, Colour]] = []
        if self.status and self.frame < self.status_until:
            lines.append((self.status, "value"))
        error = getattr(self.machine.saver, "last_error", None)
        if error:
            lines.append((f"SAVE ERROR: {error}", "alert"))
        return lines


def opener(cabinet: ServiceCabinet) -> Callable[[CabinetMachine, InputFrame], ServiceMenu]:
    """The machine's ``service_mode``: a fresh menu lent ``cabinet`` each time TEST is
    pressed."""

    def open_menu(machine: CabinetMachine, entered_with: InputFrame) -> ServiceMenu:
        return ServiceMenu(machine, cabinet, entered_with)

    return open_menu
