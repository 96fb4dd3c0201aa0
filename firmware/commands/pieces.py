"""`bloxcab pieces --rules R [--seed N] --count K`: the first K pieces as letters (with the
game's own options, such as BLOCKOUT's --round)."""

from __future__ import annotations

import argparse
from typing import Any

from firmware.cli_decisions import CLI_DECISIONS
from firmware.cliargs import add_cart_options, add_rules_args, seed_value, settings_from
from firmware.errors import UsageError
from games.registry import cartridge_of_rules

MOST_PIECES: int = CLI_DECISIONS["pieces_count"].value


def register(sub: Any) -> None:
    parser = sub.add_parser("pieces", help="print a piece sequence from a seed")
    add_rules_args(parser)
    parser.add_argument("--count", type=int, required=True, help="how many pieces")
    add_cart_options(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.count <= MOST_PIECES:
        raise UsageError(f"--count must be 0 to {MOST_PIECES:,}")
    cart = cartridge_of_rules(args.rules)
    seed = seed_value(args.seed)
    settings = settings_from(args)
    if cart.tooling.pieces is None:
        raise UsageError(f"rules {args.rules!r} have no piece sequence to print")
    try:
        print(cart.tooling.pieces(args.rules, seed, args.count, settings))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return 0
