"""Issue 34 item 7: a lock file that cannot be opened (a directory, a dangling symbolic
link) must not let the kiosk run without its one-kiosk lock: one line, exit 2."""

from __future__ import annotations

import errno
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.errors import UsageError
from firmware.savedata.banks import read_banks
from firmware.savedata.lock import LOCK_FILE, SaveLock

REPO = Path(__file__).resolve().parent.parent
UNSHARE = shutil.which("unshare")


def _run(save: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "firmware.cli", "run", "--headless", "--frames", "5",
         "--no-sound", "--save-dir", str(save)],
        capture_output=True, text=True, timeout=120, cwd=REPO,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


def test_a_lock_file_that_is_a_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / LOCK_FILE).mkdir()
    with pytest.raises(UsageError, match="cannot be used as the lock"):
        SaveLock(tmp_path).acquire()


def test_a_dangling_symlink_as_lock_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / LOCK_FILE).symlink_to(tmp_path / "nowhere")
    with pytest.raises(UsageError, match="cannot be used as the lock"):
        SaveLock(tmp_path).acquire()
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("kind", ["directory", "dangling symlink"])
def test_the_kiosk_stops_with_one_line_and_exit_2(tmp_path: Path, kind: str) -> None:
    lock = tmp_path / LOCK_FILE
    if kind == "directory":
        lock.mkdir()
    else:
        lock.symlink_to(tmp_path / "nowhere")
    run = _run(tmp_path)
    assert run.returncode == 2, run.stderr
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("bloxcab run: ")
    assert "bloxcab.lock" in lines[0]
    assert [r.problem for r in read_banks(tmp_path)] == ["missing", "missing"]


def _read_only(save: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` with ``save`` bind-mounted read-only in a mount namespace of its own (as
    root, or as a user inside a user namespace): root cannot write there either, unlike
    into a directory merely chmod 555."""
    owner = ["--mount"] if os.geteuid() == 0 else ["--map-root-user", "--mount"]
    where = shlex.quote(str(save))
    script = f"mount --bind {where} {where} && mount -o remount,bind,ro {where} {where} " \
             '&& exec "$@"'
    assert UNSHARE is not None, "unshare (util-linux) is needed for the read-only save test"
    return subprocess.run(
        [UNSHARE, *owner, "sh", "-c", script, "sh", *argv], capture_output=True, text=True,
        timeout=120, cwd=REPO,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})


def test_a_read_only_directory_without_a_lock_file_still_runs(tmp_path: Path) -> None:
    """Nothing can be written there, so no second kiosk can lose coins in it: the cabinet
    runs with a notice (issue 20), as before."""
    if UNSHARE is not None:
        bare = _read_only(tmp_path, ["true"])
        if bare.returncode != 0 and "propagation" in bare.stderr:
            pytest.skip("no mount namespace here (qemu-user emulation gives none): "
                        f"{bare.stderr.strip()[:120]}")
    probe = ("import sys; from pathlib import Path; from firmware.savedata.lock import SaveLock\n"
             "try:\n    SaveLock(Path(sys.argv[1])).acquire()\n"
             "except OSError as exc:\n    print(exc.errno)\nelse:\n    print('locked')")
    lock = _read_only(tmp_path, [sys.executable, "-c", probe, str(tmp_path)])
    assert lock.returncode == 0, lock.stderr
    assert lock.stdout.strip() in (str(errno.EROFS), str(errno.EACCES))
    run = _read_only(tmp_path, [sys.executable, "-m", "firmware.cli", "run", "--headless",
                                "--frames", "5", "--no-sound", "--save-dir", str(tmp_path)])
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert "save directory not writable); coins will not become credits" in run.stdout
    assert not (tmp_path / LOCK_FILE).exists()
    assert list(tmp_path.iterdir()) == []  # nothing was written
