"""Every shipped stage is clearable: the solver's placements for the stage's own piece
sequence (default seed, the table from its start) are played through the real session by
a lever-and-button player and clear the stage. The measured difficulty is printed."""

import pytest

from games.flashpoint.solver import (
    difficulty_report,
    parse_solutions,
    play_solution,
    rank_correlation,
    sequence_for,
    solve,
)
from games.flashpoint.stagefile import builtin_stages
from tools.solve import solutions_file


@pytest.fixture(scope="module")
def solutions():
    return parse_solutions(solutions_file("flashpoint").read_text(encoding="utf-8"))


def test_a_solution_for_every_stage(solutions) -> None:
    assert sorted(solutions) == list(range(1, 101))


@pytest.mark.parametrize("decade", range(10))
def test_every_stage_clears_when_its_solution_is_played(solutions, decade: int) -> None:
    stages = builtin_stages()
    for number in range(decade * 10 + 1, decade * 10 + 11):
        cleared, frames = play_solution(stages, solutions[number])
        assert cleared, (f"stage {number} did not clear in {frames} frames: run "
                         "python -m tools.solve flashpoint --write "
                         "games/flashpoint/solutions.txt after editing stages.txt")


def test_a_solution_does_not_clear_another_layout(solutions) -> None:
    """The proof can fail: stage 1's placements do not clear stage 100."""
    stages = builtin_stages()
    wrong = type(solutions[1])(100, solutions[1].placements)
    assert not play_solution(stages, wrong, limit=20_000)[0]


@pytest.mark.parametrize("number", [1, 2, 47])
def test_the_solver_finds_and_plays_a_clear(number: int) -> None:
    stages = builtin_stages()
    solution = solve(stages[number - 1], sequence_for(0))
    assert solution is not None
    assert play_solution(stages, solution)[0]


def test_difficulty_grows_with_the_stage_number(solutions) -> None:
    stages = builtin_stages()
    report = difficulty_report(stages, solutions)
    print("\n" + "\n".join(report))
    pieces = [solutions[n].pieces for n in range(1, 101)]
    assert rank_correlation(range(1, 101), pieces) > 0.6
    decades = [sum(pieces[i:i + 10]) / 10 for i in range(0, 100, 10)]
    assert decades[0] < decades[4] < decades[9]
    assert all(pieces[n - 1] > 0 for n in range(1, 101))


def test_rank_correlation() -> None:
    assert rank_correlation([1, 2, 3], [10, 20, 30]) == pytest.approx(1.0)
    assert rank_correlation([1, 2, 3], [30, 20, 10]) == pytest.approx(-1.0)
    assert rank_correlation([1, 2, 3, 4], [1, 1, 2, 2]) == pytest.approx(0.894, abs=0.01)
