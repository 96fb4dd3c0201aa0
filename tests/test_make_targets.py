"""The Makefile: `make run` installs what a cabinet runs, the package with its uplink extra,
and nothing of the fleet service nor any test tool; the test tools, and the fleet service
the fleet's tests run, belong to `make test`.

Checked with make's own dry run (-n, every target out of date with -B) on a venv path that
does not exist, so nothing is built or installed.
"""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parent.parent
MAKE = shutil.which("make")
pytestmark = pytest.mark.skipif(MAKE is None, reason="make not installed")


def _plan(target: str, tmp_path: Path) -> list[str]:
    assert MAKE is not None
    done = subprocess.run([MAKE, "-n", "-B", "-C", str(REPO), target,
                           f"VENV={tmp_path / 'venv'}"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if "pip install" in line]


def test_make_run_installs_the_cabinet_and_nothing_else(tmp_path: Path) -> None:
    installs = _plan("run", tmp_path)
    assert any("install --quiet -e '.[uplink]'" in line for line in installs)
    assert not any("[test]" in line or "shellcheck" in line or "[fleet]" in line
                   for line in installs)


def test_make_test_adds_the_test_tools_and_prefers_the_systems_shellcheck(
    tmp_path: Path,
) -> None:
    installs = _plan("test", tmp_path)
    assert any("-e '.[test]'" in line for line in installs)
    with (REPO / "pyproject.toml").open("rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    assert "bloxcab[fleet]" in extras["test"]  # the fleet's tests run the service
    assert not {"amqtt", "pgserver", "starlette", "uvicorn"} & {
        Requirement(r).name for r in extras["uplink"]}
    shellcheck = next(line for line in installs if "shellcheck" in line)
    assert shellcheck.startswith("command -v shellcheck >/dev/null ||")
