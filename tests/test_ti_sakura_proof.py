"""Every shipped Sakura stage is clearable: the solver's placements for the stage's own
fixed piece sequence are played through the real Sakura player by a lever-and-button
player and clear the stage within its minute (python -m tools.solve ti --write
games/ti/sakura_solutions.txt after editing games/ti/sakura_stages.txt)."""

from __future__ import annotations

import pytest

from games.ti.rules.sakura import STAGE_LIMIT_FRAMES
from games.ti.sakura_solver import (
    Solution,
    parse_solutions,
    play_solution,
    solve,
)
from games.ti.stagefile import builtin_stages
from tools.solve import solutions_file

SOLUTIONS = parse_solutions(solutions_file("ti").read_text(encoding="utf-8"))


def test_a_solution_for_every_stage() -> None:
    assert sorted(SOLUTIONS) == list(range(1, 28))


@pytest.mark.parametrize("number", range(1, 28))
def test_stage_clears_when_its_solution_is_played(number: int) -> None:
    cleared, frames = play_solution(builtin_stages(), SOLUTIONS[number])
    assert cleared, f"stage {number} did not clear ({frames} frames)"
    assert frames < STAGE_LIMIT_FRAMES + 60


def test_a_solution_does_not_clear_another_layout() -> None:
    """The proof can fail: stage 20's placements do not clear stage 19."""
    wrong = Solution(19, SOLUTIONS[20].placements)
    assert not play_solution(builtin_stages(), wrong)[0]


@pytest.mark.parametrize("number", [1, 4, 23])
def test_the_solver_finds_and_plays_a_clear(number: int) -> None:
    stages = builtin_stages()
    solution = solve(stages[number - 1])
    assert solution is not None and play_solution(stages, solution)[0]


def test_the_main_stages_grow_harder() -> None:
    """More pieces are needed in stages 11-20 than in 1-10 (the solver's count)."""
    first = sum(len(SOLUTIONS[n].placements) for n in range(1, 11))
    second = sum(len(SOLUTIONS[n].placements) for n in range(11, 21))
    assert second > 2 * first
