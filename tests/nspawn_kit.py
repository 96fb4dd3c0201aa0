"""A real systemd for the unit tests: this machine's own system booted in a throw-away container
(systemd-nspawn --volatile=yes: the host's /usr read-only under an empty tmpfs root, so nothing
here changes), with the files install.sh lays in /etc (the unit, an ``arcade`` user and the
groups it creates) bound in. Needs root and systemd-nspawn (Debian's systemd-container, which
.ci/run installs: there a missing nspawn fails the test, elsewhere it skips with the reason)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.unit_kit import SYSTEMD_DIR

NSPAWN = shutil.which("systemd-nspawn")
NSENTER = shutil.which("nsenter")
REPO = Path(__file__).resolve().parent.parent
VENV = Path(sys.prefix)
PYTHON_HOME = Path(sys.base_prefix).resolve()  # the interpreter the venv's python links to
ARCADE_UID = 61999  # a uid no Debian package takes (60000-64999 are free for local use)
INSTALL_GROUPS = ("render", "input", "gpio")  # install.sh creates those a system lacks
BOOT_S = 240  # a full boot and a unit's start on a loaded machine
CI = os.environ.get("BLOXCAB_CI") == "1"
HOMES = ("/home", "/root", "/run/user")
TMPS = ("/tmp", "/var/tmp")  # a unit's PrivateTmp= gives it fresh ones


def need_nspawn() -> None:
    """Skip (or, under .ci/run with nspawn missing, fail) where no container can start."""
    why = _boot_problem()
    if why is None:
        return
    if CI and NSPAWN is None and os.geteuid() == 0:
        pytest.fail(f"{why}; .ci/run installs it")
    pytest.skip(why)


def _boot_problem() -> str | None:
    if os.geteuid() != 0:
        return "systemd-nspawn needs root"
    if NSPAWN is None or NSENTER is None:
        return "systemd-nspawn not installed (Debian package 'systemd-container')"
    done = subprocess.run([NSPAWN, "--quiet", "--keep-unit", "--register=no",
                           "--volatile=yes", "-D", "/", "--pipe", "/bin/true"],
                          capture_output=True, text=True, timeout=60, check=False, cwd="/")
    if done.returncode != 0:
        return f"systemd-nspawn cannot start a container here: {done.stderr.strip()[:200]}"
    return None


class Container:
    """``unit`` (a file of systemd/) installed with ``etc`` files (target -> text) and
    ``binds`` (host path -> target, read-write) and ``dropin`` settings of this test's own;
    systemd boots into ``target``."""

    def __init__(self, work: Path, unit: str, *, target: str, etc: dict[str, str] | None = None,
                 binds: dict[Path, str] | None = None, dropin: str = "") -> None:
        self.unit = unit
        self.work = work
        work.mkdir()
        passwd = Path("/etc/passwd").read_text().rstrip("\n")
        lines = Path("/etc/group").read_text().rstrip("\n").splitlines()
        have = {line.split(":", 1)[0] for line in lines}
        gid = ARCADE_UID
        for name in (g for g in INSTALL_GROUPS if g not in have):
            gid += 1
            lines.append(f"{name}:x:{gid}:")
        files = {
            "/etc/passwd": f"{passwd}\narcade:x:{ARCADE_UID}:{ARCADE_UID}:bloxcab:"
                           "/nonexistent:/usr/sbin/nologin\n",
            "/etc/group": "\n".join([*lines, f"arcade:x:{ARCADE_UID}:"]) + "\n",
            **(etc or {}),
        }
        # A Pi's venv is self-contained under /opt; this test's links to the checkout and to
        # the Python it was made from. Under a home folder the unit's ProtectHome= would hide
        # them: there (only in these tests) home folders are empty with just those bound in.
        # Under /tmp or /var/tmp its PrivateTmp= would: they are bound over the unit's own.
        homes = [str(path) for path in (REPO, PYTHON_HOME) if str(path).startswith(HOMES)]
        if homes:
            dropin += f"\nProtectHome=tmpfs\nBindReadOnlyPaths={' '.join(homes)}\n"
        tmps = [str(path) for path in (REPO, PYTHON_HOME)
                if any(path.is_relative_to(tmp) for tmp in TMPS)]
        if tmps:
            dropin += f"\nBindReadOnlyPaths={' '.join(tmps)}\n"
        if dropin:
            files[f"/etc/systemd/system/{unit}.d/test.conf"] = "[Service]\n" + dropin + "\n"
        ro = {SYSTEMD_DIR / unit: f"/etc/systemd/system/{unit}", REPO: str(REPO),
              PYTHON_HOME: str(PYTHON_HOME), VENV: "/opt/bloxcab/venv"}
        for n, (target_path, text) in enumerate(files.items()):
            source = work / f"etc-{n}"
            source.write_text(text)
            ro[source] = target_path
        assert NSPAWN is not None
        self.args = [
            NSPAWN, "--quiet", "--keep-unit", "--register=no", "--volatile=yes", "-D", "/",
            *(f"--bind-ro={s}:{t}" for s, t in ro.items()),
            *(f"--bind={s}:{t}" for s, t in (binds or {}).items()),
            "--console=pipe", "-b", "--", f"systemd.unit={target}",
        ]
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(self.args, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd="/")

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def init_pid(self) -> int | None:
        """The container's systemd: the nspawn process's one child (None until forked)."""
        assert self.proc is not None
        pid = self.proc.pid
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            return None
        return int(children[0]) if len(children) == 1 else None

    def run(self, *argv: str, timeout: float = BOOT_S) -> subprocess.CompletedProcess[str]:
        """A command inside the container (its mounts and processes)."""
        init = self.init_pid()
        assert NSENTER is not None and init is not None, "the container is not running"
        return subprocess.run([NSENTER, "-t", str(init), "-m", "-p", "--", *argv],
                              capture_output=True, text=True, timeout=timeout, check=False)

    def booted(self) -> bool:
        """Blocks until the container's systemd has finished starting its target."""
        deadline = time.monotonic() + BOOT_S
        while self.running() and time.monotonic() < deadline:
            # Before nspawn forks and systemd listens, systemctl fails at once: try again.
            if self.init_pid() is not None:
                done = self.run("systemctl", "is-system-running", "--wait", timeout=BOOT_S)
                if done.stdout.strip() in ("running", "degraded"):
                    return True
            time.sleep(0.2)
        return False

    def show(self, *props: str) -> dict[str, str]:
        done = self.run("systemctl", "show", self.unit, *(f"--property={p}" for p in props))
        assert done.returncode == 0, done.stderr
        return dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)

    def stop(self) -> str:
        """SIGTERM asks nspawn for an orderly shutdown of the container; its console output."""
        if self.proc is None:
            return ""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                out, _ = self.proc.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                out, _ = self.proc.communicate()
        else:
            out, _ = self.proc.communicate()
        return out.decode(errors="replace")
