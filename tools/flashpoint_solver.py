"""Solves Flash Point's stages with the search of games/flashpoint/solver.py and plays each
solution through the real session; ``--write`` keeps the proofs the tests replay.

    python -m tools.flashpoint_solver [--stages FILE] [--stage N] [--write FILE] [--report]
"""

from __future__ import annotations

import argparse
import sys

from firmware.game_files import games_dir
from games.flashpoint.solver import (
    BEAM,
    difficulty_report,
    parse_solutions,
    play_solution,
    sequence_for,
    solve,
)
from games.flashpoint.stagefile import STAGES

SOLUTIONS_FILE = games_dir() / "flashpoint" / "solutions.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.flashpoint_solver")
    parser.add_argument("--stages", help="a stage file (default: the built-in set)")
    parser.add_argument("--stage", type=int, action="append", help="only these stages")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--beam", type=int, default=BEAM)
    parser.add_argument("--write", help="write the solutions to this file")
    parser.add_argument("--report", action="store_true",
                        help="print the measured difficulty of the kept solutions")
    args = parser.parse_args(argv)
    try:
        stages = STAGES.read(args.stages) if args.stages else STAGES.builtin()
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.report:
        solutions = parse_solutions(SOLUTIONS_FILE.read_text(encoding="utf-8"))
        print("\n".join(difficulty_report(stages, solutions)))
        return 0
    sequence = sequence_for(args.seed)
    numbers = args.stage or [s.number for s in stages]
    lines = []
    failed = 0
    for number in numbers:
        stage = stages[number - 1]
        solution = solve(stage, sequence, beam=args.beam)
        if solution is None:
            print(f"stage {number}: no solution found", flush=True)
            failed += 1
            continue
        cleared, frames = play_solution(stages, solution, args.seed)
        print(f"stage {number:3d}: {solution.pieces:3d} pieces, height {stage.height:2d}, "
              f"flashing {stage.flashing:2d}, played {'clear' if cleared else 'FAILED'} in "
              f"{frames} frames", flush=True)
        if not cleared:
            failed += 1
        lines.append(solution.text())
    if args.write:
        with open(args.write, "w", encoding="utf-8") as handle:
            handle.write("; placements (piece, turns, box column) found by "
                         "games/flashpoint/solver.py for seed "
                         f"{args.seed}\n" + "\n".join(lines) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
