"""Each cartridge's own attract title, as the kiosk shows it (the real state machine,
headless): docs/screens/title-<id>.png, taken by ``python -m tools.shots``."""

from __future__ import annotations

import os
import tempfile
from functools import partial
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


from firmware import kiosk_view
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine import Screen
from tools.shots import picture

SCALE = 2


def take(out: Path) -> list[Path]:
    """One title per cartridge, the start prompt showing; the files written."""
    from games.registry import CARTRIDGES

    out.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    for game_id in CARTRIDGES:
        with tempfile.TemporaryDirectory() as save:
            kiosk = Kiosk(KioskOptions(mode="headless", game=game_id, save_dir=Path(save),
                                       audio=False))
            m = kiosk.machine
            m.screen = Screen.TITLE
            m.screen_frames = 0
            m.frame = 0
            try:
                taken.append(picture.take(out / f"title-{game_id}.png",
                                          partial(kiosk_view.draw, m), SCALE))
            finally:  # its writer done before the save folder goes
                kiosk.close()
    return taken
