"""Screenshots of BLOCKOUT's play screen for the README, from real engine play:

    .venv/bin/python -m tools.shots   (every screenshot of the docs)

A 1P game in round 1 played by the demo player, the render bench's half-full 5x5x7 pit,
a bonus stage and a 2P versus match.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"


from engine.inputs import InputFrame
from games.blockout import CARTRIDGE, bench_session, new_session
from games.blockout.rules.autoplay import demo_inputs
from games.blockout.rules.session import BlockoutSession
from games.cartridge import PlayView
from tools.shots import picture

SCALE = 2


def save(session: BlockoutSession, path: Path, frame: int = 0) -> None:
    picture.take(path, lambda surface: CARTRIDGE.presentation.draw_play(
        surface, PlayView(session, credits=1, free_play=False, frame=frame)))
    print(path)


def played(settings: dict[str, object], frames: int, players: int = 1) -> BlockoutSession:
    session = new_session("blockout", settings, {"main": 11}, players)
    one = demo_inputs(session, 0)
    two = demo_inputs(session, 1) if players == 2 else None
    for _ in range(frames):
        f = next(one)
        if two is not None:
            f = InputFrame(p1=f.p1, p2=next(two).p2)
        session.step(f)
    return session


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screens")
    out.mkdir(parents=True, exist_ok=True)
    save(played({"round": 1}, 2400), out / "blockout-1p.png")
    save(bench_session(1), out / "blockout-5x5x7.png")
    versus = played({"round": 1, "versus": True}, 3000, players=2)
    save(versus, out / "blockout-versus.png")
    return 0


NAMES = ("blockout-1p.png", "blockout-5x5x7.png", "blockout-versus.png")


def take(out: Path) -> list[Path]:
    """The screenshots into ``out`` (``python -m tools.shots`` takes every cartridge's)."""
    main([str(out)])
    return [out / name for name in NAMES]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
