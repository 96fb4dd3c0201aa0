"""systemd/bloxcab-uplink.service started by a real systemd: this machine's own system booted in
a throw-away container (systemd-nspawn --volatile=yes: the host's /usr read-only under an empty
tmpfs root, so nothing here changes), with the unit, its EnvironmentFile and an ``arcade`` user laid
in as install.sh lays them, the cabinet's outbox and keys bound to the unit's paths, and
systemd told to start just that unit. The uplink must deliver the outbox and stay up: the
defect this guards against is a unit that exits 2 every 10 s under its read-only
/var/lib/bloxcab (checked by systemd's own NRestarts).

Needs root and systemd-nspawn (Debian's systemd-container, which .ci/run installs: there a
missing nspawn fails the test); the namespace-built equivalent in test_fleet_uplink_unit_run.py
runs everywhere else."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.uplink.outbox import entries
from tests.fleet_kit import BrokerProcess, Collector, Pki
from tests.test_fleet_uplink import fill
from tests.unit_kit import SYSTEMD_DIR

NSPAWN = shutil.which("systemd-nspawn")
NSENTER = shutil.which("nsenter")
UNIT = "bloxcab-uplink.service"
REPO = Path(__file__).resolve().parent.parent
VENV = Path(sys.prefix)
PYTHON_HOME = Path(sys.base_prefix).resolve()  # the interpreter the venv's python links to
ARCADE_UID = 61999  # a uid no Debian package takes (60000-64999 are free for local use)
BOOT_S = 240  # a full boot and TLS delivery on a loaded machine
CI = os.environ.get("BLOXCAB_CI") == "1"
HOMES = ("/home", "/root", "/run/user")


def _can_boot() -> str | None:
    """Why a container cannot be started here, or None."""
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


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[tuple[Pki, BrokerProcess]]:
    pki = Pki(tmp_path / "pki")
    b = BrokerProcess(pki, tmp_path / "broker")
    b.start()
    yield pki, b
    b.stop()


def _etc(where: Path, broker_port: int) -> list[str]:
    """The files install.sh puts in /etc, made here and bound in: (nspawn arguments)."""
    where.mkdir()
    passwd = Path("/etc/passwd").read_text().rstrip("\n")
    group = Path("/etc/group").read_text().rstrip("\n")
    (where / "passwd").write_text(
        f"{passwd}\narcade:x:{ARCADE_UID}:{ARCADE_UID}:bloxcab:/nonexistent:/usr/sbin/nologin\n")
    (where / "group").write_text(f"{group}\narcade:x:{ARCADE_UID}:\n")
    (where / "uplink.env").write_text(f"CABINET=cab-unit\nBROKER=127.0.0.1:{broker_port}\n")
    binds = {
        where / "passwd": "/etc/passwd",
        where / "group": "/etc/group",
        where / "uplink.env": "/etc/bloxcab/uplink.env",
        SYSTEMD_DIR / UNIT: f"/etc/systemd/system/{UNIT}",
    }
    # A Pi's venv is self-contained under /opt; this test's links to the checkout and to the
    # Python it was made from. Under a home folder the unit's ProtectHome= would hide them:
    # there (only in this test) home folders become empty with just those two bound in.
    homes = [str(path) for path in (REPO, PYTHON_HOME) if str(path).startswith(HOMES)]
    if homes:
        dropin = where / "test-home.conf"
        dropin.write_text(f"[Service]\nProtectHome=tmpfs\nBindReadOnlyPaths={' '.join(homes)}\n")
        binds[dropin] = f"/etc/systemd/system/{UNIT}.d/test-home.conf"
    return [f"--bind-ro={source}:{target}" for source, target in binds.items()]


def _init_pid(nspawn: subprocess.Popen[bytes]) -> int:
    """The container's systemd: the nspawn process's child."""
    children = Path(f"/proc/{nspawn.pid}/task/{nspawn.pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def _delivered(got: Collector, nspawn: subprocess.Popen[bytes]) -> bool:
    """Until the 12 entries came, or the container stopped (no point waiting then)."""
    deadline = time.monotonic() + BOOT_S
    while time.monotonic() < deadline and nspawn.poll() is None:
        if got.wait(12, timeout=1):
            return True
    return got.wait(12, timeout=0)


def _unit_state(init: int) -> dict[str, str]:
    assert NSENTER is not None
    done = subprocess.run(
        [NSENTER, "-t", str(init), "-m", "-p", "--", "systemctl", "show", UNIT,
         "-p", "ActiveState", "-p", "NRestarts", "-p", "ExecMainStatus", "-p", "User"],
        capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)


def _stop(nspawn: subprocess.Popen[bytes]) -> str:
    """SIGTERM asks nspawn for an orderly shutdown of the container; its console output."""
    if nspawn.poll() is None:
        nspawn.send_signal(signal.SIGTERM)
        try:
            out, _ = nspawn.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            nspawn.kill()
            out, _ = nspawn.communicate()
    else:
        out, _ = nspawn.communicate()
    return out.decode(errors="replace")


def test_systemd_starts_the_installed_uplink_unit_and_it_delivers(
        broker: tuple[Pki, BrokerProcess], tmp_path: Path) -> None:
    why = _can_boot()
    if why is not None:
        if CI and NSPAWN is None and os.geteuid() == 0:
            pytest.fail(f"{why}; .ci/run installs it")
        pytest.skip(why)
    assert NSPAWN is not None
    pki, b = broker
    outbox, keys = tmp_path / "outbox", tmp_path / "fleet"
    fill(outbox, 12)
    key, crt = pki.cabinet("cab-unit")
    keys.mkdir()
    for source, name in ((pki.ca_crt, "ca.crt"), (crt, "cabinet.crt"), (key, "cabinet.key")):
        shutil.copy(source, keys / name)
    # As install.sh leaves them: the outbox and the keys belong to the arcade user.
    for path in (outbox, keys, *outbox.rglob("*"), *keys.iterdir()):
        os.chown(path, ARCADE_UID, ARCADE_UID)
    tmp_path.chmod(0o755)
    args = [
        NSPAWN, "--quiet", "--keep-unit", "--register=no", "--volatile=yes", "-D", "/",
        f"--bind-ro={REPO}", f"--bind-ro={PYTHON_HOME}", f"--bind-ro={VENV}:/opt/bloxcab/venv",
        f"--bind={outbox}:/var/lib/bloxcab/outbox", f"--bind-ro={keys}:/var/lib/bloxcab/fleet",
        *_etc(tmp_path / "etc", b.port),
        "--console=pipe", "-b", "--", f"systemd.unit={UNIT}",
    ]
    got = Collector(pki, b.port)
    nspawn = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, cwd="/")
    console = ""
    try:
        delivered = _delivered(got, nspawn)
        state = _unit_state(_init_pid(nspawn)) if nspawn.poll() is None else {}
    finally:
        got.close()
        console = _stop(nspawn)
    assert delivered, f"the unit delivered {len(got.ids)} of 12; console:\n{console[-3000:]}"
    assert state.get("ActiveState") == "active", (state, console[-3000:])
    assert state.get("NRestarts") == "0", (state, console[-3000:])
    assert state.get("User") == "arcade"
    assert entries(outbox) == []
