"""An operator at the coin door, for tests and screenshots: presses switches of a headless
kiosk through its input script (firmware.script_source.ScriptSource), frame by frame."""

from __future__ import annotations

from pathlib import Path

from firmware.inputscript import ScriptEvent
from firmware.kiosk import Kiosk
from firmware.machine import Screen
from firmware.machine.service_switch import TEST_HOLD_FRAMES
from firmware.service.menu import ServiceMenu


class Operator:
    def __init__(self, kiosk: Kiosk) -> None:
        if kiosk.script is None:
            raise ValueError("the operator needs a kiosk started with inputs=[] (a script)")
        self.kiosk = kiosk
        self.script = kiosk.script
        self.last_menu: ServiceMenu | None = None

    @property
    def menu(self) -> ServiceMenu:
        menu = self.kiosk.machine.service_menu
        assert isinstance(menu, ServiceMenu), (
            f"not in the service menu (screen {self.kiosk.machine.screen})")
        self.last_menu = menu
        return menu

    def run(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.kiosk.frame()

    def hold(self, *controls: str) -> None:
        """Put ``controls`` down from the next frame on (until ``release``)."""
        at = self.script.frame + 1
        self.script.events.extend(ScriptEvent(at, c, True) for c in controls)

    def release(self, *controls: str) -> None:
        at = self.script.frame + 1
        self.script.events.extend(ScriptEvent(at, c, False) for c in controls)

    def press(self, *controls: str, times: int = 1) -> None:
        """Tap ``controls`` together: down one frame, up the next."""
        for _ in range(times):
            self.hold(*controls)
            self.run()
            self.release(*controls)
            self.run()

    def coin(self, chute: int = 1) -> None:
        self.hold(f"coin{chute}")
        self.run(2)

    def enter(self) -> None:
        """Hold TEST until the menu opens: at once between games, after the TEST hold
        (firmware/machine/service_switch.py) during a game."""
        self.hold("test")
        for _ in range(TEST_HOLD_FRAMES):
            self.run()
            if self.kiosk.machine.screen == Screen.SERVICE:
                break
        self.release("test")
        self.run()
        assert self.kiosk.machine.screen == Screen.SERVICE

    def choose(self, label: str) -> None:
        """Move the cursor with SERVICE to the row named ``label`` and select it with TEST."""
        labels = [row.label for row in self.menu.page.rows()]
        target = labels.index(label)
        for _ in range(len(labels) + 1):
            if self.menu.page.cursor == target:
                break
            self.press("service")
        assert self.menu.page.cursor == target, (label, labels)
        self.press("test")

    def wait_saved(self) -> bool:
        """Block until the menu's last commit is durable (tests only, never a frame)."""
        assert self.last_menu is not None
        return self.kiosk.writer.wait_durable(self.last_menu.last_ticket, 5.0)

    def screenshot(self, path: Path, scale: int = 2) -> None:
        """The screen drawn whole (firmware.kiosk_view), its texts checked, saved at ``scale``
        (tools/shots/picture.py)."""
        from firmware import kiosk_view
        from tools.shots import picture

        picture.take(path, lambda surface: kiosk_view.draw(self.kiosk.machine, surface),
                     scale)
