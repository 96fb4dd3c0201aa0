"""`bloxcab`: one entry point; each subcommand lives in firmware/commands/<name>.py."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from typing import NoReturn

from firmware import commands
from firmware.errors import UsageError


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a bad argument as one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(2)


def version_text() -> str:
    """The installed package's version (its metadata) and each cartridge's rules version,
    e.g. ``bloxcab 0.1.0 (rules: <game id> v1, ...)``; a source tree run without
    installing says so."""
    from importlib import metadata  # reading it costs ~25 ms: only for --version

    from games.registry import CARTRIDGES

    try:
        package = metadata.version("bloxcab")
    except metadata.PackageNotFoundError:
        package = "(not installed)"
    rules = ", ".join(f"{game} v{cart.rules_version}" for game, cart in CARTRIDGES.items())
    return f"bloxcab {package} (rules: {rules})"


class _VersionAction(argparse.Action):
    """--version, with the version read only when asked for (not on every start)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(version_text())
        parser.exit()


def build_parser(only: str | None = None) -> ArgumentParser:
    """The parser of every command, or of ``only`` that one (a command's module is imported
    only when it is registered, so `bloxcab run` does not load the benchmarks)."""
    parser = ArgumentParser(prog="bloxcab", description="Arcade block-puzzle board firmware.")
    parser.add_argument("--version", action=_VersionAction,
                        help="print the package and engine versions and exit")
    sub = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=ArgumentParser
    )
    names = sorted(info.name for info in pkgutil.iter_modules(commands.__path__))
    for name in names if only not in names else [only]:
        module = importlib.import_module(f"{commands.__name__}.{name}")
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args_given = sys.argv[1:] if argv is None else argv
    parser = build_parser(args_given[0] if args_given else None)
    args = parser.parse_args(argv)
    try:
        result: int = args.handler(args)
    except UsageError as exc:
        sys.stderr.write(f"bloxcab {args.command}: {exc}\n")
        return 2
    except BrokenPipeError:
        return 0
    return result


if __name__ == "__main__":
    raise SystemExit(main())
