"""The attract cycle of every cartridge (title, demo, scenes, rankings), each screen shot
30 frames after it starts: ``<game>-attract-<n>-<screen>.png`` (taken by
``python -m tools.shots`` with every other screenshot)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from engine import NO_INPUT
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine import Screen
from tools.shots import picture

SETTLE = 30  # frames into a screen before its shot
CYCLES = 2  # a cartridge may alternate its demos (a single game, then a versus match)
LIMIT = 60 * 60 * 6  # frames: six minutes of attract at most


def cycle(game: str, out: Path) -> list[Path]:
    """``CYCLES`` attract cycles of ``game``, from its title until it comes back."""
    from firmware import kiosk_view

    taken: list[Path] = []
    with tempfile.TemporaryDirectory() as save:
        kiosk = Kiosk(KioskOptions(mode="headless", game=game, save_dir=Path(save),
                                   audio=False))
        m = kiosk.machine
        m.screen = Screen.TITLE
        m.screen_frames = 0
        left_title, titles = False, 0
        for _ in range(LIMIT):
            m.step(NO_INPUT)
            if m.screen != Screen.TITLE:
                left_title = True
            elif left_title:
                left_title, titles = False, titles + 1
                if titles == CYCLES:
                    break
            joined = m.screen == Screen.DEMO and m.screen_frames - SETTLE * 4 in m.demo_joins
            if m.screen_frames == SETTLE or joined:  # a demo again once a player joined
                name = f"{game}-attract-{len(taken) + 1}-{m.screen.name.lower()}.png"
                taken.append(picture.take(out / name,
                                          lambda s: kiosk_view.draw(m, s)))
        kiosk.close()
    return taken


def take(out: Path) -> list[Path]:
    from games.registry import CARTRIDGES

    return [path for game in CARTRIDGES for path in cycle(game, out)]
