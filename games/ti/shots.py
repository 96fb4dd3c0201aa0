"""Screenshots of TGM3's play screen for the README, from real engine play:

    .venv/bin/python -m tools.shots   (every screenshot of the docs)

Master played by the demo player (seed 1): the frame a COOL pop-up shows, the staff roll,
and the final grade.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame

from cabinet.video.screen import new_native
from games.cartridge import PlayView
from games.ti import CARTRIDGE
from games.ti.demo import demo_inputs
from games.ti.rules.speed import COOL
from games.ti.session import TiSession

SCALE = 2
NAMES = ("ti-master-cool.png", "ti-master-roll.png", "ti-master-grade.png")


def save(session: TiSession, path: Path) -> None:
    surface = new_native()
    CARTRIDGE.draw_play(surface, PlayView(session, credits=1, free_play=False,
                                          frame=session.frame))
    pygame.image.save(pygame.transform.scale_by(surface, SCALE), str(path))


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screens")
    out.mkdir(parents=True, exist_ok=True)
    session = TiSession("ti-master", {}, {"main": 1}, 1)
    inputs = demo_inputs(session)
    cools = 0
    shot_at = roll_at = -1
    while not session.over:
        events = session.step(next(inputs))
        cools += sum(1 for e in events if e.kind == COOL)
        if cools == 3 and shot_at < 0:
            shot_at = session.frame + 20
        if session.frame == shot_at:
            save(session, out / NAMES[0])
        p = session.player(0)
        if p.in_roll and roll_at < 0:
            roll_at = session.frame + 900
        if session.frame == roll_at:
            save(session, out / NAMES[1])
    save(session, out / NAMES[2])
    return 0


def take(out: Path) -> list[Path]:
    """The screenshots into ``out`` (``python -m tools.shots`` takes every cartridge's)."""
    main([str(out)])
    return [out / name for name in NAMES]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
