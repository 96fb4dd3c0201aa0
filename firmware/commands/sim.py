"""`bloxcab sim --rules R ... --frames F [--inputs random:S | FILE] --json`: headless play."""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cabinet.panel import ControlPanel
from engine import InputFrame
from engine.replay import record
from engine.session import GameSession
from firmware.cliargs import add_rules_args, add_settings_args, seed_value, settings_from
from firmware.errors import UsageError
from firmware.inputscript import load_script, random_inputs
from firmware.script_source import ScriptSource
from games.registry import cartridge_of_rules, new_session


def register(sub: Any) -> None:
    parser = sub.add_parser("sim", help="run a game headless and print a JSON summary")
    add_rules_args(parser)
    add_settings_args(parser)
    parser.add_argument("--frames", type=int, required=True, help="frames to run (at most)")
    parser.add_argument("--inputs", default="random:0",
                        help="random:S for seeded random play, 'demo' for the attract-mode "
                        "demo player, or an input script file")
    parser.add_argument("--players", type=int, choices=(1, 2), default=1)
    parser.add_argument("--versus", action="store_true", help="versus mode (2 players)")
    parser.add_argument("--record", metavar="FILE", help="also write a replay file")
    parser.add_argument("--json", action="store_true", help="print JSON (the only format)")
    parser.set_defaults(handler=run)


def input_frames(spec: str, players: int) -> Iterator[InputFrame]:
    if spec.startswith("random:"):
        try:
            seed = int(spec.split(":", 1)[1], 0)
        except ValueError:
            raise UsageError(f"--inputs random:S needs a whole number S, not {spec!r}") from None
        return random_inputs(seed, players)
    panel = ControlPanel([ScriptSource(load_script(spec))])
    return (panel.poll() for _ in itertools.count(1))


def summary(game: GameSession, seed: int) -> dict[str, object]:
    """The usual fields (player 1's summary, frames, game over, state hash), the
    cartridge's own extras, and ``p2`` when a second player played."""
    result: dict[str, object] = {
        "rules": game.rules_id,
        "seed": seed,
        "frames": game.frame,
        **(game.summary(0) or {}),
        "game_over": game.over,
        "state_hash": game.state_hash(),
        **cartridge_of_rules(game.rules_id).tooling.sim_fields(game),
    }
    p2 = game.summary(1)
    if p2 is not None:
        result["p2"] = {**p2, "game_over": not game.playing(1)}
    return result


def run(args: argparse.Namespace) -> int:
    if args.frames < 0:
        raise UsageError("--frames must be 0 or more")
    players = 2 if args.versus else args.players
    settings = settings_from(args, versus=args.versus)
    seed = seed_value(args.seed)
    seeds = {"main": seed}

    def fresh() -> GameSession:
        try:
            return new_session(args.rules, settings, seeds, players)
        except ValueError as exc:
            raise UsageError(str(exc)) from None

    game = fresh()
    played: list[InputFrame] = []
    if args.inputs == "demo":
        player = cartridge_of_rules(args.rules).presentation.demo_player
        if player is None:
            raise UsageError(f"rules {args.rules!r} have no demo player")
        source = player(game)
    else:
        source = input_frames(args.inputs, players)
    for frame in itertools.islice(source, args.frames):
        if game.over:
            break
        game.step(frame)
        played.append(frame)
    if args.record:
        replay = record(fresh(), settings, seeds, players, played)
        try:
            Path(args.record).write_text(replay.to_text())
        except OSError as exc:
            raise UsageError(f"cannot write {args.record}: {exc.strerror}") from None
    print(json.dumps(summary(game, seed), sort_keys=True))
    return 0
