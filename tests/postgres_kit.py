"""PostgreSQL for the fleet's tests where PyPI's pgserver has no wheel (a Pi: aarch64, armv7l):
the system's own server programs (Debian: apt install postgresql), run from a temporary folder
on a unix socket only, as pgserver runs its own. With none installed the test that needs one is
skipped with that reason, and fails under ``.ci/run`` (``BLOXCAB_CI=1``)."""

from __future__ import annotations

import os
import platform
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

CI = os.environ.get("BLOXCAB_CI") == "1"
# Debian keeps the server programs out of PATH, one folder per major version.
DEBIAN_BINS = Path("/usr/lib/postgresql")
PG_TIMEOUT_S = 300  # initdb and start: 60 s ran out in an emulated arm64 root under load


def server_bin() -> Path | None:
    """The folder holding initdb and pg_ctl: PATH first, else Debian's newest version."""
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl and Path(initdb).resolve().parent == Path(pg_ctl).resolve().parent:
        return Path(initdb).resolve().parent
    versions = sorted(DEBIAN_BINS.glob("*/bin"), key=lambda p: int(p.parent.name)
                      if p.parent.name.isdigit() else 0)
    found = [b for b in versions if (b / "initdb").exists() and (b / "pg_ctl").exists()]
    return found[-1] if found else None


def pgserver_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("pgserver") is not None


def need_server_bin() -> Path:
    """The system's server programs, or skip (fail under CI) saying why they are needed."""
    found = server_bin()
    if found is None:
        why = (f"pgserver has no wheel for {platform.machine()} and no system PostgreSQL "
               f"(initdb, pg_ctl on PATH or in {DEBIAN_BINS}/*/bin): apt install postgresql")
        if CI:
            pytest.fail(why)
        pytest.skip(why)
    return found


class SystemPostgres:
    """initdb into a folder of our own in /tmp, then pg_ctl start with no TCP at all. PostgreSQL
    refuses to run as root: as root the server runs as Debian's postgres user (or nobody)."""

    def __init__(self, bindir: Path) -> None:
        self.bin = bindir
        self.home = Path(tempfile.mkdtemp(prefix="bloxcab-pg-"))
        self.pgdata = self.home / "pgdata"
        self.user: str | None = None
        if os.geteuid() == 0:
            self.user = "postgres" if _user_exists("postgres") else "nobody"
            entry = pwd.getpwnam(self.user)
            self.home.chmod(0o755)
            self.pgdata.mkdir(mode=0o700)
            os.chown(self.pgdata, entry.pw_uid, entry.pw_gid)
        self._run("initdb", "-D", str(self.pgdata), "--auth=trust", "--encoding=utf8",
                  "-U", "postgres")
        self.start()
        self.url = f"postgresql://postgres:@/postgres?host={self.pgdata}"

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([str(self.bin / program), *args], user=self.user,
                              capture_output=True, text=True, timeout=PG_TIMEOUT_S,
                              check=False, cwd=self.home)
        assert done.returncode == 0, f"{program} failed: {done.stderr.strip()}"

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.pgdata), "-w", "stop", "-m", "fast")

    def start(self) -> None:
        self._run("pg_ctl", "-D", str(self.pgdata), "-w", "-l", str(self.pgdata / "log"),
                  "-o", f"-h '' -k {self.pgdata}", "start")

    def close(self) -> None:
        if (self.pgdata / "postmaster.pid").exists():
            self.stop()
        shutil.rmtree(self.home, ignore_errors=True)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
