"""`bloxcab bench --render [--game G]`: each cartridge's 2P game screen drawn every frame of
real play, then presented at the real output size (the scaling and the upload: the whole
per-frame video cost); once drawing the whole picture every frame, once with the kept
picture (only what changed is drawn and presented, as the kiosk does). Times are the
thread's CPU (``time.thread_time``), so other work on the machine does not count."""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

NAME = "render"
ORDER = 30
HELP = ("each cartridge's 2P screen: draw + present at the output size, CPU (1920x1080 "
        "headless unless --size)")

SIZE = (1920, 1080)  # the benchmark's display: the largest common cabinet LCD


def _ms(times: list[float]) -> str:
    times = sorted(times)
    p99 = times[min(len(times) - 1, round(len(times) * 0.99))]
    return f"median {statistics.median(times):.3f} ms, p99 {p99:.3f} ms"


def run(args: argparse.Namespace) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from cabinet.video.kept import KeptPicture
    from cabinet.video.screen import GPU_AUTO, HEADLESS, Display

    size = getattr(args, "size", None) or SIZE
    display = Display()
    display.open(HEADLESS, size=size, fit=getattr(args, "scale", None) or "integer",
                 gpu=GPU_AUTO)
    from games.registry import CARTRIDGES

    renders = 60 if args.quick else 1200
    how = display.renderer_name
    picture = display.picture
    chosen = getattr(args, "game", None)
    try:
        for game_id in [chosen] if chosen else list(CARTRIDGES):
            for kept in (None, KeptPicture()):
                draws, presents = _frames(display, renders, kept, game_id)
                way = "whole picture" if kept is None else "kept picture (changes only)"
                name = f"render {game_id}"
                print(f"{name}: 2P play screen, {renders} frames of play, {way}: draw CPU "
                      f"{_ms(draws)}")
                print(f"{name}: present {picture.width}x{picture.height} in "
                      f"{size[0]}x{size[1]} ({how}): {_ms(presents)}")
                both = statistics.median(d + p for d, p in zip(draws, presents, strict=True))
                print(f"{name}: draw + present per frame: median {both:.3f} ms")
    finally:
        display.close()


def _frames(display: Any, renders: int, kept: Any, game_id: str
            ) -> tuple[list[float], list[float]]:
    """Draw and present ``renders`` frames of the same 2P game (after 10 that fill the
    sprite caches); the times of each step in ms."""
    from cabinet.video.screen import new_native
    from firmware.inputscript import random_inputs
    from games.registry import CARTRIDGES, PlayView, new_session

    cart = CARTRIDGES[game_id]
    session = new_session(cart.rules.ids[0], cart.tooling.cli_settings({}), {"main": 3}, 2)
    inputs = random_inputs(3, players=2)
    native = new_native()
    draws: list[float] = []
    presents: list[float] = []
    for frame in range(renders + 10):
        if session.over:
            session = new_session(cart.rules.ids[0], cart.tooling.cli_settings({}),
                                  {"main": frame}, 2)
        session.step(next(inputs))
        start = time.thread_time()
        if kept is not None:
            kept.start_frame()
        cart.presentation.draw_play(native, PlayView(session, 1, False, frame, kept=kept))
        damage = kept.finish_frame() if kept is not None else None
        drawn = time.thread_time()
        display.present(native, damage)
        shown = time.thread_time()
        if frame >= 10:
            draws.append((drawn - start) * 1000)
            presents.append((shown - drawn) * 1000)
    return draws, presents
