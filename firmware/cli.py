"""`bloxcab`: one entry point; each subcommand lives in firmware/commands/<name>.py."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from importlib import metadata
from typing import NoReturn

from engine.version import ENGINE_VERSION
from firmware import commands
from firmware.errors import UsageError


class ArgumentParser(argparse.ArgumentParser):
    """argparse that reports a bad argument as one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(2)


def version_text() -> str:
    """The installed package's version (its metadata) and the engine's, e.g.
    ``bloxcab 0.1.0 (engine 2)``; a source tree run without installing says so."""
    try:
        package = metadata.version("bloxcab")
    except metadata.PackageNotFoundError:
        package = "(not installed)"
    return f"bloxcab {package} (engine {ENGINE_VERSION})"


def build_parser(only: str | None = None) -> ArgumentParser:
    """The parser of every command, or of ``only`` that one (a command's module is imported
    only when it is registered, so `bloxcab run` does not load the benchmarks)."""
    parser = ArgumentParser(prog="bloxcab", description="Arcade block-puzzle board firmware.")
    parser.add_argument("--version", action="version", version=version_text(),
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
