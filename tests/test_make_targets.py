"""The Makefile: `make run` installs what a cabinet runs, the package with its uplink extra,
and nothing of the fleet service nor any test tool; the test tools, and the fleet service
the fleet's tests run, belong to `make test`.

Checked with make's own dry run (-n, every target out of date with -B) on a venv path that
does not exist, so nothing is built or installed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
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


def test_make_runs_fallback_keeps_each_uplink_part_that_installs(tmp_path: Path) -> None:
    """Where the uplink extra does not install whole, the cabinet installs, then each of the
    extra's parts on its own: the list the fallback reads is the extra itself."""
    installs = _plan("run", tmp_path)
    fallback = next(line for line in installs if "| while read -r part" in line)
    assert "pip install --quiet -e . &&" in fallback
    lister = fallback.split("&& ", 1)[1].split(" | while", 1)[0]
    assert MAKE is not None
    done = subprocess.run(["bash", "-c", lister.replace(str(tmp_path / "venv/bin/python"),
                                                        sys.executable)],
                          cwd=REPO, capture_output=True, text=True, timeout=60, check=True)
    with (REPO / "pyproject.toml").open("rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    assert done.stdout.split() == extras["uplink"]


PI = {"sys_platform": "linux", "platform_system": "Linux", "os_name": "posix"}


@pytest.mark.parametrize("machine", ["aarch64", "armv7l"])
def test_the_test_tools_ask_no_pgserver_on_a_pi(machine: str) -> None:
    """pgserver has wheels for x86-64 (and macOS) only: on a Pi the fleet's tests use the
    system's PostgreSQL (tests/postgres_kit.py), so the fleet extra must not ask for it."""
    with (REPO / "pyproject.toml").open("rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    on_pi = {**PI, "platform_machine": machine, "extra": ""}
    wanted = {Requirement(r).name for r in extras["fleet"]
              if Requirement(r).marker is None or Requirement(r).marker.evaluate(on_pi)}
    assert "pgserver" not in wanted
    assert {"psycopg", "amqtt", "starlette", "uvicorn"} <= wanted
    on_pc = {**PI, "platform_machine": "x86_64", "extra": ""}
    assert any(Requirement(r).name == "pgserver" and Requirement(r).marker is not None
               and Requirement(r).marker.evaluate(on_pc) for r in extras["fleet"])
