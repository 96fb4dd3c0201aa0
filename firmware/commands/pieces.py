"""`bloxcab pieces --rules R [--seed N] --count K`: the first K pieces as letters."""

from __future__ import annotations

import argparse
from typing import Any

from firmware.cliargs import add_rules_args, seed_value
from firmware.errors import UsageError
from games.registry import cartridge_of_rules


def register(sub: Any) -> None:
    parser = sub.add_parser("pieces", help="print a piece sequence from a seed")
    add_rules_args(parser)
    parser.add_argument("--count", type=int, required=True, help="how many pieces")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.count < 0:
        raise UsageError("--count must be 0 or more")
    pieces = cartridge_of_rules(args.rules).pieces
    if pieces is None:
        raise UsageError(f"rules {args.rules!r} have no piece sequence to print")
    print(pieces(args.rules, seed_value(args.seed), args.count))
    return 0
