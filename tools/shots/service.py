"""Screenshots of every service-menu screen, taken from a headless kiosk driven by
input-script presses, at x2 scale (``python -m tools.shots`` writes them to docs/service)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tools.operator import Operator


# The pages that show the selected game's own settings, rows and tables: each game's.
GAME_PAGES = (("GAME ASSIGNMENTS", "game_assignments"), ("BOOKKEEPING", "bookkeeping"),
              ("RANKINGS VERIFY", "rankings_verify"), ("RANKINGS CLEAR", "rankings_clear"))


def _every_game(op: Operator, shot: Callable[[str], None]) -> None:
    """Each game chosen in GAME SELECT, then each of its pages (``<game>-<page>.png``);
    the default game is chosen again at the end."""
    from games.registry import CARTRIDGES

    first = op.menu.data.selected_game
    for game in (*(g for g in CARTRIDGES if g != first), first):
        op.choose("GAME SELECT")
        op.choose(CARTRIDGES[game].title)
        if game == first:
            break
        for item, name in GAME_PAGES:
            op.choose(item)
            shot(f"{game}-{name}")
            op.press("p1.b2")


def take(out: Path) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from firmware.kiosk import Kiosk, KioskOptions
    from tools.operator import Operator

    out.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    with tempfile.TemporaryDirectory() as save:
        kiosk = Kiosk(KioskOptions(mode="headless", inputs=[], save_dir=Path(save),
                                   audio=False))
        op = Operator(kiosk)

        def shot(name: str) -> None:
            op.run()
            path = out / f"{name}.png"
            op.screenshot(path)
            shots.append(path)

        try:
            op.coin(1)
            op.coin(2)
            op.press("p1.start")
            op.run(600)
            op.enter()
            shot("main")
            op.choose("INPUT TEST")
            op.hold("p1.left", "p1.b1", "p2.start")
            shot("input_test")
            op.release("p1.left", "p1.b1", "p2.start")
            op.hold("service")
            op.run()
            op.press("test")
            op.release("service")
            for item, name in (("OUTPUT TEST", "output_test"), ("SOUND TEST", "sound_test"),
                               ("GAME ASSIGNMENTS", "game_assignments"),
                               ("COIN ASSIGNMENTS", "coin_assignments"),
                               ("GAME SELECT", "game_select"), ("BOOKKEEPING", "bookkeeping"),
                               ("NOTICES", "notices")):
                op.choose(item)
                if name == "output_test":
                    op.choose("1P START LAMP")
                shot(name)
                op.press("p1.b2")
            op.choose("BACKUP DATA CLEAR")
            shot("confirm_backup_clear")
            op.choose("NO")
            op.choose("MONITOR TEST")
            shot("monitor_test")
            op.choose("crosshatch")
            for pattern in ("crosshatch", "colour_bars", "red", "green", "blue", "white",
                            "grey_steps"):
                shot(f"monitor_{pattern}")
                op.press("test")
            while op.menu.page.title != "TEST MODE":
                op.press("p1.b2")
            _every_game(op, shot)
        finally:
            kiosk.close()
    return shots
