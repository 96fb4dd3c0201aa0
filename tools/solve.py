"""Solves a cartridge's stages with its own search (``tooling.solver``) and plays each
solution through the real session; ``--write`` keeps the proofs the tests replay.

    python -m tools.solve CARTRIDGE [--stages FILE] [--stage N ...] [--seed S] [--beam W]
                                    [--write FILE] [--report]

Cartridges with a solver: flashpoint (its stages; ``--seed`` picks the piece sequence) and
ti (the Sakura stages).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from firmware.game_files import games_dir
from games.cartridge import StageSolver
from games.registry import CARTRIDGES


def solver_of(cartridge: str) -> StageSolver | None:
    cart = CARTRIDGES.get(cartridge)
    make = cart.tooling.solver if cart is not None else None
    return make() if make is not None else None


def solutions_file(cartridge: str) -> Path:
    """The kept solutions of ``cartridge`` (the file its proof tests replay)."""
    solver = solver_of(cartridge)
    if solver is None:
        raise ValueError(f"{cartridge} has no stage solver")
    return games_dir() / solver.solutions_file


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.solve")
    parser.add_argument("cartridge")
    parser.add_argument("--stages", help="a stage file (default: the built-in set)")
    parser.add_argument("--stage", type=int, action="append", help="only these stages")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--beam", type=int, help="the search's width (default: its own)")
    parser.add_argument("--write", help="write the solutions to this file")
    parser.add_argument("--report", action="store_true",
                        help="print the measured difficulty of the kept solutions")
    args = parser.parse_args(argv)
    solver = solver_of(args.cartridge)
    if solver is None:
        have = ", ".join(c for c, cart in CARTRIDGES.items() if cart.tooling.solver)
        print(f"error: {args.cartridge!r} has no stage solver (these do: {have})",
              file=sys.stderr)
        return 2
    try:
        stages = solver.stages.read(args.stages) if args.stages else solver.stages.builtin()
        if args.report:
            if solver.report is None:
                raise ValueError(f"{args.cartridge} gives no difficulty report")
            kept = (games_dir() / solver.solutions_file).read_text(encoding="utf-8")
            print("\n".join(solver.report(stages, kept)))
            return 0
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    numbers = [s.number for s in stages]
    unknown = [n for n in args.stage or () if n not in numbers]
    if unknown:
        print(f"error: no stage {unknown[0]} (the set has {min(numbers)}-{max(numbers)})",
              file=sys.stderr)
        return 2
    lines = [solver.header(args.seed)]
    failed = 0
    for number in args.stage or numbers:
        solved = solver.solve(stages, number, args.seed, args.beam)
        print(solved.line, flush=True)
        failed += not solved.cleared
        if solved.text is not None:
            lines.append(solved.text)
    if args.write:
        Path(args.write).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
