"""systemd/bloxcab-uplink.service: network, and nothing of the cabinet but the outbox and
its own keys; systemd's own exposure score where systemd-analyze is installed."""

from __future__ import annotations

import re
import subprocess

from tests.unit_kit import ANALYZE, SYSTEMD_DIR, needs_analyze, unit_settings

UNIT = SYSTEMD_DIR / "bloxcab-uplink.service"


def settings() -> dict[str, list[str]]:
    return unit_settings(UNIT)


def test_the_uplink_sees_only_the_outbox_and_its_keys() -> None:
    s = settings()
    assert s["Service.TemporaryFileSystem"] == ["/var/lib/bloxcab:ro"]
    assert s["Service.BindPaths"] == ["/var/lib/bloxcab/outbox"]
    assert s["Service.BindReadOnlyPaths"] == ["/var/lib/bloxcab/fleet"]
    assert s["Service.ProtectSystem"] == ["strict"]
    assert "PrivateNetwork" not in str(s)  # it is the one unit with a network
    assert s["Service.RestrictAddressFamilies"] == ["AF_INET AF_INET6 AF_UNIX"]
    assert s["Service.CapabilityBoundingSet"] == [""]
    assert "--outbox /var/lib/bloxcab/outbox" in s["Service.ExecStart"][0]


@needs_analyze
def test_exposure_score_is_ok() -> None:
    out = subprocess.run([str(ANALYZE), "security", "--offline=true", str(UNIT)],
                         capture_output=True, text=True, check=False).stdout
    match = re.search(r"Overall exposure level for bloxcab-uplink.service: (\d+\.\d)", out)
    assert match, out[-500:]
    assert float(match[1]) <= 1.2
