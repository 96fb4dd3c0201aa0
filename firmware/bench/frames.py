"""`bloxcab bench --frames [--frame-count N] [--game G]`: every cartridge's worst frames. A
headless kiosk runs the pacing bench's 2P script (coins, both starts, random play, again
every 20 s) unpaced on each cartridge; each frame's own CPU (the frame thread's, so a busy
machine does not count), its mean, p99, p99.9 and worst, the frame and screen of the worst
2P frame, and every garbage collection inside and between frames."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from firmware.bench.frame_watch import FrameWatch, least_lines

NAME = "frames"
ORDER = 52
HELP = "each cartridge's 2P frames unpaced: the frame's CPU mean, p99.9, worst; collections"
GROUP = True  # not in the default set: a long run

FRAMES = 24_000
QUICK_FRAMES = 1_500
TARGET_WORST_MS = 2.0
TARGET_MEAN_MS = 0.35


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frame-count", type=int, default=FRAMES, metavar="N",
                        help=f"with --frames: frames per cartridge (default {FRAMES:,})")
    parser.add_argument("--game", default=None, metavar="G",
                        help="with --frames or --pacing: this cartridge only")
    parser.add_argument("--repeat", type=int, default=1, metavar="R",
                        help="with --frames: run each cartridge's script R times and also "
                             "give each frame's least CPU over the runs")


def run(args: argparse.Namespace) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from games.registry import CARTRIDGES

    frames = QUICK_FRAMES if args.quick else max(300, getattr(args, "frame_count", FRAMES))
    chosen = getattr(args, "game", None)
    if chosen is not None and chosen not in CARTRIDGES:
        raise SystemExit(f"bench: no game {chosen!r}; games: {', '.join(CARTRIDGES)}")
    repeat = max(1, getattr(args, "repeat", 1) or 1)
    for game_id in [chosen] if chosen else list(CARTRIDGES):
        watches: list[FrameWatch] = []
        for run_number in range(1, repeat + 1):
            watch = one_game(game_id, frames)
            watches.append(watch)
            worst, at, screen = watch.worst_at
            name = f"frames {game_id}" + (f" run {run_number}" if repeat > 1 else "")
            for line in watch.lines(name):
                print(line)
            print(f"{name}: worst 2P frame {worst * 1000:.3f} ms at frame {at} ({screen});"
                  f" targets: worst {TARGET_WORST_MS} ms, mean {TARGET_MEAN_MS} ms, no "
                  "collection of the oldest generation inside a frame")
        if repeat > 1:
            for line in least_lines(f"frames {game_id}", watches):
                print(line)


def one_game(game_id: str, frames: int) -> FrameWatch:
    from firmware.bench.pacing import play_script
    from firmware.kiosk import Kiosk, KioskOptions
    from firmware.savedata import SaveWriter, factory

    with tempfile.TemporaryDirectory() as save:
        writer = SaveWriter(save, log=lambda _line: None)
        writer.wait_durable(writer.submit(factory()), 30)
        writer.close()
        kiosk = Kiosk(KioskOptions(mode="headless", frames=frames, save_dir=Path(save),
                                   audio=False, game=game_id, inputs=play_script(frames)))
        watch = FrameWatch()
        watch.attach(kiosk)
        try:
            kiosk.run()
        finally:
            watch.detach()
    return watch
