"""Arguments shared by several subcommands (not a subcommand itself)."""

from __future__ import annotations

import argparse
from typing import Any

from engine import Difficulty
from firmware.errors import UsageError
from games.registry import cartridge_of_rules, rules_ids


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
    parser.add_argument("--lines-per-level", type=int, choices=(2, 3, 4), default=None,
                        help="Lines per level DIP (default: the rules' own)")
    parser.add_argument("--high-speed", choices=("on", "off"), default="on",
                        help="High Speed Mode DIP (games that have it)")
    parser.add_argument("--stage", type=int, default=None,
                        help="start at stage N without the stage select (games with stages)")
    add_round_arg(parser)


def add_round_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--round", type=int, default=None,
                        help="start at round N without the round select (games with rounds)")


def settings_from(args: argparse.Namespace, versus: bool = False) -> dict[str, Any]:
    """The session settings of ``--rules`` from the command line, as the cartridge reads
    them; a value it refuses is a usage error."""
    options = {**vars(args), "versus": versus}
    try:
        return cartridge_of_rules(args.rules).cli_settings(options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
