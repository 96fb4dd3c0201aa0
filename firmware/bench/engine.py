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
HELP = ("engine CPU a frame with the demo player (1P, 2P, versus: games that clear lines) "
        "and frames/s per player on random input (median of 5 runs), per rule set")


def one_run(rules: str, inputs: list[InputFrame], frames: int) -> tuple[float, float]:
    """Returns (frames per second, pieces per second) for one player over ``frames``."""
    settings = cartridge_of_rules(rules).tooling.cli_settings({})

    def fresh(seed: int) -> GameSession:
        return new_session(rules, settings, {"main": seed}, 1)

    def pieces_of(game: GameSession) -> int:
        return int((game.summary(0) or {}).get("pieces", 0))

    game = fresh(1)
    pieces = 0
    n = len(inputs)
    start = time.thread_time()  # the thread's CPU: a busy machine does not count
    for i in range(frames):
        if game.over:
            pieces += pieces_of(game)
            game = fresh(i)
        game.step(inputs[i % n])
    elapsed = time.thread_time() - start
    pieces += pieces_of(game)
    return frames / elapsed, pieces / elapsed


def run(args: argparse.Namespace) -> None:
    run_demo(args)
    frames = 20_000 if args.quick else 200_000
    inputs = list(itertools.islice(random_inputs(2024), 50_000))
    for rules in rules_ids():
        runs = sorted(one_run(rules, inputs, frames) for _ in range(5))
        fps = statistics.median(r[0] for r in runs)
        pps = statistics.median(r[1] for r in runs)
        print(f"engine {rules}: {fps:,.0f} frames per CPU second per player, {pps:,.0f} "
              f"pieces per CPU second (median of 5 runs of {frames:,} frames, random input)")


def demo_run(rules: str, players: int, versus: bool, frames: int) -> tuple[float, int, int]:
    """Play ``frames`` frames with the cartridge's demo player on player 1 (it clears lines)
    and random input on player 2; returns (CPU seconds, lines cleared, games)."""
    cart = cartridge_of_rules(rules)
    assert cart.presentation.demo_player is not None
    settings = cart.tooling.cli_settings({"versus": True} if versus else {})
    other = random_inputs(7, players=2)

    def lines_of(game: GameSession) -> int:
        return sum(int((game.summary(i) or {}).get("lines", 0)) for i in range(players))

    game = new_session(rules, settings, {"main": 1}, players)
    demo = cart.presentation.demo_player(game)
    lines, games = 0, 1
    start = time.thread_time()
    for i in range(frames):
        if game.over:
            lines += lines_of(game)
            game = new_session(rules, settings, {"main": i}, players)
            demo = cart.presentation.demo_player(game)
            games += 1
        mine = next(demo)
        game.step(InputFrame(mine.p1, next(other).p2) if players == 2 else mine)
    cpu = time.thread_time() - start
    return cpu, lines + lines_of(game), games


def run_demo(args: argparse.Namespace) -> None:
    frames = 3_000 if args.quick else 30_000
    seen: set[str] = set()
    for rules in rules_ids():
        cart = cartridge_of_rules(rules)
        if cart.presentation.demo_player is None or cart.id in seen:
            continue
        seen.add(cart.id)
        for label, players, versus in (("1P", 1, False), ("2P", 2, False),
                                       ("versus", 2, True)):
            try:
                cpu, lines, games = demo_run(rules, players, versus, frames)
            except ValueError as exc:  # e.g. rules without a versus mode
                print(f"engine {rules} {label}: {exc}")
                continue
            print(f"engine {rules} {label}, demo player (P2 random): "
                  f"{cpu / frames * 1e6:.1f} us CPU a frame, {lines} lines cleared in "
                  f"{games} games ({frames:,} frames)")
