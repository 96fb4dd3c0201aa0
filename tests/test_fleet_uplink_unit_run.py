"""systemd/bloxcab-uplink.service as installed: its own command line (ExecStart with the values
of its EnvironmentFile) run in the filesystem the unit gives it, and it must deliver the outbox.

This machine has no running systemd (no manager for systemd-run, no systemd-nspawn boot), so
the unit's file system is built the way systemd builds it, in a private mount namespace
(unshare): /var/lib/bloxcab an empty read-only tmpfs (TemporaryFileSystem=…:ro) with the outbox
bound writable (BindPaths=) and the keys read-only (BindReadOnlyPaths=), and HOME read-only
(ProtectHome=, ProtectSystem=strict). The command runs with the unit's Environment= and
nothing of this test's save folders; `--once` is added so it stops when the outbox is empty."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.uplink.outbox import entries
from tests.fleet_kit import BrokerProcess, Collector, Pki
from tests.test_fleet_uplink import fill
from tests.unit_kit import SYSTEMD_DIR, unit_settings

UNIT = SYSTEMD_DIR / "bloxcab-uplink.service"
STATE = "/var/lib/bloxcab"
INSTALLED_BLOXCAB = "/opt/bloxcab/venv/bin/bloxcab"
UNSHARE = shutil.which("unshare")
WAIT_S = 120


def _can_unshare() -> bool:
    if UNSHARE is None:
        return False
    done = subprocess.run([UNSHARE, *_unshare_args(), "true"], capture_output=True,
                          timeout=30, check=False)
    return done.returncode == 0


def _unshare_args() -> list[str]:
    """As root a mount namespace; otherwise one inside a user namespace of our own."""
    return ["--mount"] if os.geteuid() == 0 else ["--map-root-user", "--mount"]


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[tuple[Pki, BrokerProcess]]:
    pki = Pki(tmp_path / "pki")
    b = BrokerProcess(pki, tmp_path / "broker")
    b.start()
    yield pki, b
    b.stop()


def _exec_start(env: dict[str, str]) -> list[str]:
    """The unit's ExecStart, its ${NAME}s from the EnvironmentFile, our venv's bloxcab."""
    settings = unit_settings(UNIT)
    (line,) = settings["Service.ExecStart"]
    for name, value in env.items():
        line = line.replace("${" + name + "}", value)
    argv = shlex.split(line)
    assert argv[0] == INSTALLED_BLOXCAB
    return [str(Path(sys.executable).parent / "bloxcab"), *argv[1:]]


def _unit_environment() -> dict[str, str]:
    settings = unit_settings(UNIT)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"}
    for item in settings.get("Service.Environment", []):
        name, _, value = item.partition("=")
        env[name] = value
    return env


def test_the_installed_uplink_unit_delivers_from_a_read_only_state_dir(
        broker: tuple[Pki, BrokerProcess], tmp_path: Path) -> None:
    if not _can_unshare():
        pytest.skip("no mount namespace here (unshare missing or refused): the unit's "
                    "read-only state folder cannot be built")
    pki, b = broker
    outbox, keys, home = tmp_path / "outbox", tmp_path / "fleet", tmp_path / "home"
    fill(outbox, 12)
    key, crt = pki.cabinet("cab-unit")
    keys.mkdir()
    for source, name in ((pki.ca_crt, "ca.crt"), (crt, "cabinet.crt"), (key, "cabinet.key")):
        shutil.copy(source, keys / name)
    home.mkdir()
    uplink_env = {"CABINET": "cab-unit", "BROKER": f"127.0.0.1:{b.port}"}
    argv = [*_exec_start(uplink_env), "--once"]
    env = {**_unit_environment(), "HOME": str(home)}
    # systemd's mounts, made in the namespace only: /var/lib hidden under a tmpfs (so nothing
    # is created on this machine), the state folder an empty read-only tmpfs with the two
    # folders bound in, HOME read-only.
    layout = f"""
set -e
mount -t tmpfs -o size=1m tmpfs /var/lib
mkdir {STATE}
mount -t tmpfs -o size=1m,mode=0755 tmpfs {STATE}
mkdir {STATE}/outbox {STATE}/fleet
mount -o remount,ro {STATE}
mount --bind {shlex.quote(str(outbox))} {STATE}/outbox
mount --bind {shlex.quote(str(keys))} {STATE}/fleet
mount -o remount,bind,ro {STATE}/fleet
mount --bind {shlex.quote(str(home))} {shlex.quote(str(home))}
mount -o remount,bind,ro {shlex.quote(str(home))}
exec "$@"
"""
    assert UNSHARE is not None
    got = Collector(pki, b.port)
    try:
        done = subprocess.run([UNSHARE, *_unshare_args(), "sh", "-c", layout, "unit", *argv],
                              env=env, capture_output=True, text=True, timeout=WAIT_S,
                              check=False)
        assert done.returncode == 0, done.stderr
        assert got.wait(12)
    finally:
        got.close()
    assert "12 entries delivered" in done.stdout
    assert entries(outbox) == []
    assert list(home.iterdir()) == []
