"""Sound test: every synthesised effect (the shared ones and the cartridges' own), played
with TEST."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cabinet.video.picture import Colour
from firmware.service.page import EXIT, Page, Row
from firmware.sound_palette import cabinet_palette

if TYPE_CHECKING:
    from firmware.service.menu import ServiceMenu


class SoundTestPage(Page):
    title = "SOUND TEST"
    pitch = 9  # the shared effects and the cartridges' own, EXIT above the footer

    def __init__(self, menu: ServiceMenu) -> None:
        self.effects = list(cabinet_palette())
        self.played: list[str] = []
        super().__init__(menu)

    def rows(self) -> list[Row]:
        last = self.played[-1] if self.played else None
        return [*(Row(name.replace("_", " "), "PLAYING" if name == last else "")
                  for name in self.effects), Row(EXIT)]

    def change(self, index: int, step: int) -> None:
        if index >= len(self.effects):
            return
        audio = self.menu.cabinet.audio
        if audio is not None:
            audio.play(self.effects[index])
        self.played.append(self.effects[index])

    def footer(self) -> list[tuple[str, Colour]]:
        audio = self.menu.cabinet.audio
        if audio is None:
            line = ("SPEAKER NOT CONNECTED", "alert")
        elif not audio.enabled:
            line = ("NO SOUND DEVICE: RUNNING SILENT", "alert")
        else:
            line = ("TEST: PLAY   SERVICE: MOVE", "label")
        return [line]
