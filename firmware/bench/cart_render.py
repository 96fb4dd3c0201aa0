"""`bloxcab bench --cart-render`: each cartridge's own play screen (``draw_play``) drawn on
the busy session the cartridge names for its render target; median and p99 per draw."""

from __future__ import annotations

import argparse
import os
import statistics
import time

NAME = "cart-render"
ORDER = 31
HELP = "each cartridge's play screen on its bench session (1P and 2P), p99 per draw"


def run(args: argparse.Namespace) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from cabinet.video.screen import new_native
    from games.registry import CARTRIDGES, PlayView

    native = new_native()
    draws = 50 if args.quick else 1000
    for cart in CARTRIDGES.values():
        if cart.tooling.bench_session is None:
            continue
        for players in (1, 2):
            session = cart.tooling.bench_session(players)
            times: list[float] = []
            cpu: list[float] = []
            for frame in range(draws + 10):
                view = PlayView(session, credits=1, free_play=False, frame=frame)
                start = time.perf_counter()
                start_cpu = time.thread_time()
                cart.presentation.draw_play(native, view)
                took_cpu = time.thread_time() - start_cpu
                took = time.perf_counter() - start
                if frame >= 10:  # the first draws fill the glyph caches
                    times.append(took * 1000)
                    cpu.append(took_cpu * 1000)
            print(f"cart-render {cart.id} {players}P: {draws} draws at 320x224: median "
                  f"{statistics.median(times):.3f} ms, p99 {_p99(times):.3f} ms wall, "
                  f"{_p99(cpu):.3f} ms CPU (target p99 < 2 ms; wall time includes waits "
                  "for a busy CPU)")


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(len(ordered) * 0.99))]
