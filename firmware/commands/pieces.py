"""`bloxcab pieces --rules R [--seed N] --count K`: the first K pieces as letters."""

from __future__ import annotations

import argparse
from typing import Any

from firmware.cliargs import add_round_arg, add_rules_args, seed_value
from firmware.errors import UsageError
from games.registry import cartridge_of_rules


def register(sub: Any) -> None:
    parser = sub.add_parser("pieces", help="print a piece sequence from a seed")
    add_rules_args(parser)
    parser.add_argument("--count", type=int, required=True, help="how many pieces")
    add_round_arg(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.count < 0:
        raise UsageError("--count must be 0 or more")
    cart = cartridge_of_rules(args.rules)
    seed = seed_value(args.seed)
    if args.round is not None:
        if cart.pieces_in_round is None:
            raise UsageError(f"rules {args.rules!r} are not played in rounds (no --round)")
        try:
            print(cart.pieces_in_round(args.rules, seed, args.count, args.round))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        return 0
    if cart.pieces is None:
        raise UsageError(f"rules {args.rules!r} have no piece sequence to print")
    print(cart.pieces(args.rules, seed, args.count))
    return 0
