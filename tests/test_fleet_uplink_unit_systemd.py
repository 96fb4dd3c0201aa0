"""systemd/bloxcab-uplink.service started by a real systemd (tests/nspawn_kit.py: this
machine's own system booted in a throw-away container, the unit, its EnvironmentFile and the
``arcade`` user laid in as install.sh lays them), the cabinet's outbox and keys bound to the
unit's paths. The uplink must deliver the outbox and stay up: the defect this guards against
is a unit that exits 2 every 10 s under its read-only /var/lib/bloxcab (systemd's own
NRestarts counts it). The namespace-built equivalent in test_fleet_uplink_unit_run.py runs
where no container can start."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from firmware.uplink.outbox import entries
from tests.fleet_kit import BrokerProcess, Collector, Pki
from tests.nspawn_kit import ARCADE_UID, BOOT_S, Container, need_nspawn
from tests.test_fleet_uplink import fill
from tests.test_fleet_uplink_unit_run import broker  # noqa: F401  (the fixture)

UNIT = "bloxcab-uplink.service"


def _delivered(got: Collector, box: Container) -> bool:
    """Until the 12 entries came, or the container stopped (no point waiting then)."""
    deadline = time.monotonic() + BOOT_S
    while time.monotonic() < deadline and box.running():
        if got.wait(12, timeout=1):
            return True
    return got.wait(12, timeout=0)


def test_systemd_starts_the_installed_uplink_unit_and_it_delivers(
        broker: tuple[Pki, BrokerProcess], tmp_path: Path) -> None:  # noqa: F811
    need_nspawn()
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
    box = Container(
        tmp_path / "box", UNIT, target=UNIT,
        etc={"/etc/bloxcab/uplink.env": f"CABINET=cab-unit\nBROKER=127.0.0.1:{b.port}\n"},
        binds={outbox: "/var/lib/bloxcab/outbox", keys: "/var/lib/bloxcab/fleet"})
    got = Collector(pki, b.port)
    box.start()
    try:
        delivered = _delivered(got, box)
        state = box.show("ActiveState", "NRestarts", "User") if box.running() else {}
    finally:
        got.close()
        console = box.stop()
    assert delivered, f"the unit delivered {len(got.ids)} of 12; console:\n{console[-3000:]}"
    assert state.get("ActiveState") == "active", (state, console[-3000:])
    assert state.get("NRestarts") == "0", (state, console[-3000:])
    assert state.get("User") == "arcade"
    assert entries(outbox) == []
