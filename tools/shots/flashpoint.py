"""Screenshots of Flash Point for the README: the real state machine, headless.

    .venv/bin/python -m tools.shots   (every screenshot of the docs)

The stage select, a stage in play (flashing cells lit, the bonus counting down) and a clear
with the next-stage choice. Play comes from the attract-mode demo player (demo.py).
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


from engine import InputFrame, PlayerInput
from firmware import kiosk_view
from firmware.kiosk import Kiosk, KioskOptions
from games.flashpoint.demo import demo_inputs
from games.flashpoint.rules.session import CHOICE, PLAY, SELECT, FlashPointGame
from games.flashpoint.screen import flash_lit
from tools.shots import picture

SCALE = 2


def shot(kiosk: Kiosk, path: Path) -> None:
    picture.take(path, lambda surface: kiosk_view.draw(kiosk.machine, surface))
    print(path)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as save:
        kiosk = Kiosk(KioskOptions(mode="headless", game="flashpoint", save_dir=Path(save),
                                   audio=False))
        m = kiosk.machine
        m.step(InputFrame(coin1=1))
        kiosk._settle_coins()
        for _ in range(600):
            if m.credits:
                break
            m.step(InputFrame())
        m.step(InputFrame(p1=PlayerInput(start=True)))
        game = m.game
        assert isinstance(game, FlashPointGame)
        side = game.side(0)
        for frame in (InputFrame(p1=PlayerInput(up=True)), InputFrame(),
                      InputFrame(p1=PlayerInput(right=True)), InputFrame()):
            m.step(frame)
        assert side.mode == SELECT
        shot(kiosk, out / "flashpoint-select.png")
        moves = demo_inputs(game)

        def run(done: Callable[[], bool], limit: int = 60_000) -> None:
            for _ in range(limit):
                if done():
                    return
                m.step(next(moves))
            raise SystemExit("screenshot scene not reached")

        run(lambda: side.mode == PLAY and side.player.phase == "active"
            and side.player.pieces_dealt >= 4 and flash_lit(m.frame))
        shot(kiosk, out / "flashpoint-stage.png")
        run(lambda: side.mode == CHOICE)
        for _ in range(40):
            m.step(InputFrame())
        m.step(InputFrame(p1=PlayerInput(right=True)))
        shot(kiosk, out / "flashpoint-clear.png")
        kiosk.close()


NAMES = ("flashpoint-select.png", "flashpoint-stage.png", "flashpoint-clear.png")


def take(out: Path) -> list[Path]:
    """The screenshots into ``out`` (``python -m tools.shots`` takes every cartridge's)."""
    main(out)
    return [out / name for name in NAMES]


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens"))
