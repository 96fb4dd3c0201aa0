"""Engine speed: frames per second per player and pieces per second on random input."""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

from engine import InputFrame
from engine.session import GameSession
from firmware.inputscript import random_inputs
from games.registry import cartridge_of_rules, new_session, rules_ids

NAME = "engine"
ORDER = 10
HELP = "engine frames/s per player on random input (median of 5 runs), per rule set"


def one_run(rules: str, inputs: list[InputFrame], frames: int) -> tuple[float, float]:
    """Returns (frames per second, pieces per second) for one player over ``frames``."""
    settings = cartridge_of_rules(rules).cli_settings({})

    def fresh(seed: int) -> GameSession:
        return new_session(rules, settings, {"main": seed}, 1)

    def pieces_of(game: GameSession) -> int:
        return int((game.summary(0) or {}).get("pieces", 0))

    game = fresh(1)
    pieces = 0
    n = len(inputs)
    start = time.perf_counter()
    for i in range(frames):
        if game.over:
            pieces += pieces_of(game)
            game = fresh(i)
        game.step(inputs[i % n])
    elapsed = time.perf_counter() - start
    pieces += pieces_of(game)
    return frames / elapsed, pieces / elapsed


def run(args: argparse.Namespace) -> None:
    frames = 20_000 if args.quick else 200_000
    inputs = list(itertools.islice(random_inputs(2024), 50_000))
    for rules in rules_ids():
        runs = sorted(one_run(rules, inputs, frames) for _ in range(5))
        fps = statistics.median(r[0] for r in runs)
        pps = statistics.median(r[1] for r in runs)
        print(f"engine {rules}: {fps:,.0f} frames/s per player, {pps:,.0f} pieces/s "
              f"(median of 5 runs of {frames:,} frames, random input)")
