"""`python -m tools.solve CARTRIDGE`: the cartridge's own solver (``tooling.solver``) solves
a stage, the real session plays it clear, and ``--write`` gives the line the kept proof
holds; a cartridge without stages is refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.solve import main, solutions_file


@pytest.mark.parametrize("cartridge", ["flashpoint", "ti"])
def test_a_stage_solved_again_gives_the_kept_proof(cartridge: str, tmp_path: Path) -> None:
    out = tmp_path / "solutions.txt"
    assert main([cartridge, "--stage", "1", "--write", str(out)]) == 0
    header, line = out.read_text(encoding="utf-8").splitlines()
    kept = solutions_file(cartridge).read_text(encoding="utf-8").splitlines()
    assert header == kept[0]
    assert line == next(k for k in kept if k.startswith("stage 1:"))


def test_a_cartridge_without_a_solver_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tap"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "flashpoint, ti" in err


def test_a_stage_the_set_lacks_is_refused_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["flashpoint", "--stage", "101"]) == 2
    err = capsys.readouterr().err
    assert err == "error: no stage 101 (the set has 1-100)\n"
