"""Solves TGM3's Sakura stages with the search of games/ti/sakura_solver.py and plays each
solution through the real Sakura player; ``--write`` keeps the proofs the tests replay.

    python -m tools.sakura_solver [--stages FILE] [--stage N] [--write FILE]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from firmware.game_files import games_dir
from games.ti.sakura_solver import play_solution, solve
from games.ti.stagefile import STAGES

SOLUTIONS_FILE = games_dir() / "ti" / "sakura_solutions.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sakura_solver")
    parser.add_argument("--stages", help="a stage file (default: the built-in stages)")
    parser.add_argument("--stage", type=int, help="only this stage")
    parser.add_argument("--write", help="write the solutions to this file")
    args = parser.parse_args(argv)
    stages = STAGES.read(args.stages) if args.stages else STAGES.builtin()
    chosen = [s for s in stages if args.stage in (None, s.number)]
    lines = ["; placements (piece, state, box column) found by games/ti/sakura_solver.py"]
    failed = 0
    for stage in chosen:
        solution = solve(stage)
        ok = solution is not None and play_solution(stages, solution)[0]
        print(f"stage {stage.number}: " + (f"{len(solution.placements)} pieces"
                                           if ok and solution else "NOT SOLVED"))
        if solution is not None and ok:
            lines.append(solution.text())
        else:
            failed += 1
    if args.write:
        Path(args.write).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
