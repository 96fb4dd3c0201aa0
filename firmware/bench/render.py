"""`bloxcab bench --render`: draw a full 2P game screen and scale it to 1280x960."""

from __future__ import annotations

import argparse
import os
import statistics
import time

NAME = "render"
ORDER = 30
HELP = "full 2P screen render + scale"

TARGET = (1280, 960)


def run(args: argparse.Namespace) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from cabinet.video import screens
    from cabinet.video.screen import HEADLESS, Display, new_native
    from games.registry import gallery

    samples = gallery()
    game = samples.busy_game(players=2, frames=3000, seed=3)
    extras = samples.bloxeed_dressing(game)
    display = Display()
    display.open(HEADLESS, size=TARGET)
    native = new_native()
    renders = 50 if args.quick else 500
    times: list[float] = []
    for frame in range(renders + 10):
        start = time.perf_counter()
        screens.game(native, game.players, extras, credits=1, frame=frame)
        display.scale_into_view(native)
        took = time.perf_counter() - start
        if frame >= 10:  # the first frames fill the sprite caches
            times.append(took * 1000)
    display.close()
    times.sort()
    p99 = times[min(len(times) - 1, round(len(times) * 0.99))]
    print(
        f"render: 2P screen + scale to {display.picture.width}x{display.picture.height} "
        f"in {TARGET[0]}x{TARGET[1]}, {renders} renders: "
        f"median {statistics.median(times):.3f} ms, p99 {p99:.3f} ms (target <= 1 ms median)"
    )
