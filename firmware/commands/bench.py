"""`bloxcab bench [--engine] [--inputs] ...`: performance figures (modules in firmware/bench/)."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
from types import ModuleType
from typing import Any

from firmware import bench


def _modules() -> list[ModuleType]:
    found = [
        importlib.import_module(f"{bench.__name__}.{info.name}")
        for info in pkgutil.iter_modules(bench.__path__)
    ]
    return sorted((m for m in found if hasattr(m, "NAME")), key=lambda m: m.ORDER)


def register(sub: Any) -> None:
    parser = sub.add_parser("bench", help="print performance figures")
    for module in _modules():
        parser.add_argument(f"--{module.NAME}", action="store_true", help=module.HELP)
        if hasattr(module, "add_arguments"):
            module.add_arguments(parser)
    parser.add_argument("--quick", action="store_true", help="shorter runs (for a smoke test)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    modules = _modules()
    chosen = [m for m in modules if getattr(args, m.NAME.replace("-", "_"))] or [
        m for m in modules if not getattr(m, "GROUP", False)
    ]
    for module in modules:  # every module's arguments, before anything runs
        if hasattr(module, "check_arguments"):
            module.check_arguments(args)
    for module in chosen:
        module.run(args)
    return 0
