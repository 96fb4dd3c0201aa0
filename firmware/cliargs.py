"""Arguments shared by several subcommands (not a subcommand itself)."""

from __future__ import annotations

import argparse
from typing import Any

from engine import Difficulty
from firmware.errors import UsageError
from games.registry import cartridge_of_rules, cli_options, rules_ids


def add_rules_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", required=True, choices=rules_ids(), help="rule set")
    parser.add_argument("--seed", default="0",
                        help="32-bit seed, decimal or 0x hex (0 = power-on pattern)")


def seed_value(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise UsageError(f"--seed must be a whole number (decimal or 0x hex), not {text!r}") \
            from None
    if not 0 <= value <= 0xFFFFFFFF:
        raise UsageError(f"--seed must be between 0 and 0xFFFFFFFF, not {text}")
    return value


def add_settings_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--difficulty", default="normal",
                        choices=[d.label for d in Difficulty], help="Difficulty DIP")
    add_cart_options(parser)


def add_cart_options(parser: argparse.ArgumentParser) -> None:
    """The cartridges' own options (``CartTooling.cli_options``), every registered game's:
    each is None unless given, and ``settings_from`` refuses one the chosen game lacks.
    ValueError when two cartridges declare one option differently."""
    for option, games in cli_options().values():
        default = "" if option.default is None else f"; default {option.default}"
        parser.add_argument(option.flag, dest=option.dest, type=option.type,
                            choices=option.choices, default=None,
                            help=f"{option.help} ({', '.join(games)}{default})")


def settings_from(args: argparse.Namespace, versus: bool = False) -> dict[str, Any]:
    """The session settings of ``--rules`` from the command line, as the cartridge reads
    them; a value it refuses, or an option of another game's, is a usage error."""
    cart = cartridge_of_rules(args.rules)
    own = {option.dest: option for option in cart.tooling.cli_options}
    options = {**vars(args), "versus": versus}
    for option, _games in cli_options().values():
        if options.get(option.dest) is None:
            continue
        if option.dest not in own:
            raise UsageError(f"{option.flag} is not an option of {cart.title} "
                             f"(rules {args.rules!r})")
    for dest, option in own.items():
        if options.get(dest) is None:
            options[dest] = option.default
    try:
        return cart.tooling.cli_settings(options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
