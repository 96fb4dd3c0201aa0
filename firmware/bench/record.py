"""`bloxcab bench --record`: what recording a game for its certified ranking costs a frame
(GameRecorder.frame: one integer appended, a state hash every 600 frames), beside the
engine step it rides on."""

from __future__ import annotations

import argparse
import itertools
import statistics
import time

from firmware.inputscript import random_inputs
from firmware.rankings.recorder import GameRecorder
from games.registry import CARTRIDGES, new_session

NAME = "record"
ORDER = 15
HELP = "per-frame cost of recording a game for the certified rankings"


def _p99(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(len(values) * 0.99))]


def run(args: argparse.Namespace) -> None:
    frames = 6_000 if args.quick else 60_000
    for game_id, cart in CARTRIDGES.items():
        rules = cart.rules.ids[0]
        settings = cart.tooling.cli_settings({})
        seeds = {"main": 7}
        session = new_session(rules, settings, seeds, 1)
        recorder = GameRecorder(game_id, rules, settings, seeds, 1)
        step_ns: list[float] = []
        record_ns: list[float] = []
        clock = time.perf_counter_ns
        for inputs in itertools.islice(random_inputs(11, 1), frames):
            if session.over:
                session = new_session(rules, settings, seeds, 1)
                recorder = GameRecorder(game_id, rules, settings, seeds, 1)
            t0 = clock()
            session.step(inputs)
            t1 = clock()
            recorder.frame(inputs, session)
            t2 = clock()
            step_ns.append(t1 - t0)
            record_ns.append(t2 - t1)
        print(f"record {game_id}: {frames:,} frames; recording median "
              f"{statistics.median(record_ns) / 1000:.2f} us, p99 {_p99(record_ns) / 1000:.2f}"
              f" us a frame (engine step median {statistics.median(step_ns) / 1000:.2f} us, "
              f"p99 {_p99(step_ns) / 1000:.2f} us)")
