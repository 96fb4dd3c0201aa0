"""`bloxcab config check FILE`: validate a cabinet.toml the way the kiosk reads it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from firmware.config import load_config, problem_count
from firmware.config_schema import DEFAULT_CONFIG_PATH
from firmware.errors import UsageError


def register(sub: Any) -> None:
    parser = sub.add_parser("config", help="check a cabinet.toml")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    check = actions.add_parser("check", help="print every problem, one line each")
    check.add_argument("file", nargs="?", type=Path, default=DEFAULT_CONFIG_PATH,
                       help=f"the file to check (default {DEFAULT_CONFIG_PATH})")
    check.set_defaults(handler=run_check)


def run_check(args: argparse.Namespace) -> int:
    """Exit 0 when the file is clean, 1 when it has problems (printed on stderr)."""
    path: Path = args.file
    if not path.exists():
        raise UsageError(f"{path} does not exist (the cabinet would use the defaults)")
    _, errors = load_config(path)
    for error in errors:
        sys.stderr.write(error + "\n")
    if errors:
        sys.stderr.write(f"{path}: {problem_count(errors)} problem(s); those keys keep "
                         "their defaults\n")
        return 1
    print(f"{path}: ok")
    return 0
