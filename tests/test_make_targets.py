"""The Makefile: `make run` installs the package with its fleet parts (so `bloxcab fleet serve
--demo` works right after it) and no test tool; the test tools belong to `make test`.

Checked with make's own dry run (-n, every target out of date with -B) on a venv path that
does not exist, so nothing is built or installed.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

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


def test_make_run_installs_the_package_and_nothing_else(tmp_path: Path) -> None:
    installs = _plan("run", tmp_path)
    assert any("install --quiet -e '.[fleet]'" in line for line in installs)
    assert not any("[test]" in line or "shellcheck" in line for line in installs)


def test_make_test_adds_the_test_tools_and_prefers_the_systems_shellcheck(
    tmp_path: Path,
) -> None:
    installs = _plan("test", tmp_path)
    assert any("-e '.[test]'" in line for line in installs)
    shellcheck = next(line for line in installs if "shellcheck" in line)
    assert shellcheck.startswith("command -v shellcheck >/dev/null ||")
