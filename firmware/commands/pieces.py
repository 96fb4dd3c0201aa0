"""`bloxcab pieces --rules R [--seed N] --count K`: the first K pieces as letters."""

from __future__ import annotations

import argparse
from typing import Any

from engine import Game, get_rules
from engine.pieces import LETTERS
from firmware.cliargs import add_rules_args, seed_value
from firmware.errors import UsageError


def register(sub: Any) -> None:
    parser = sub.add_parser("pieces", help="print a piece sequence from a seed")
    add_rules_args(parser)
    parser.add_argument("--count", type=int, required=True, help="how many pieces")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.count < 0:
        raise UsageError("--count must be 0 or more")
    rules = get_rules(args.rules)
    game = Game(rules, seed=seed_value(args.seed))
    source = game.deal.source(0)
    print("".join(LETTERS[source.next()] for _ in range(args.count)))
    return 0

