"""systemd/bloxcab.service: the kiosk contract, and systemd's own checks when available."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from firmware.sdnotify import Watchdog
from tests.unit_kit import ANALYZE, SYSTEMD_DIR, needs_analyze, unit_settings

UNIT = SYSTEMD_DIR / "bloxcab.service"


def _settings() -> dict[str, list[str]]:
    return unit_settings(UNIT)


def _one(key: str) -> str:
    values = _settings()[key]
    assert len(values) == 1, (key, values)
    return values[0]


def test_notify_service_with_watchdog_and_restart():
    assert _one("Service.Type") == "notify"
    assert _one("Service.NotifyAccess") == "main"
    assert _one("Service.Restart") == "always"
    assert _one("Unit.StartLimitIntervalSec") == "0"


def test_watchdog_helper_pings_well_inside_the_units_interval():
    seconds = int(_one("Service.WatchdogSec"))
    dog = Watchdog({"WATCHDOG_USEC": str(seconds * 1_000_000), "NOTIFY_SOCKET": ""})
    assert dog.period is not None and dog.period == seconds / 2


def test_game_owns_vt1_instead_of_getty():
    settings = _settings()
    assert "getty@tty1.service" in _one("Unit.Conflicts").split()
    after = " ".join(settings["Unit.After"]).split()
    assert "getty@tty1.service" in after and "systemd-user-sessions.service" in after
    assert _one("Service.TTYPath") == "/dev/tty1"
    assert _one("Service.StandardInput") == "tty-fail"
    assert "/dev/tty1 rw" in settings["Service.DeviceAllow"]


def test_user_groups_state_and_command():
    assert _one("Service.User") == "arcade"
    groups = set(_one("Service.SupplementaryGroups").split())
    assert groups == {"video", "render", "input", "audio", "gpio", "dialout"}
    assert _one("Service.StateDirectory") == "bloxcab"
    assert _one("Service.ExecStart") == "/opt/bloxcab/venv/bin/bloxcab run --fullscreen"
    assert "SDL_VIDEODRIVER=kmsdrm" in _settings()["Service.Environment"]
    assert _one("Install.WantedBy") == "multi-user.target"


def _testable_copy(tmp_path: Path) -> Path:
    """The unit with ExecStart pointing at a real executable (verify checks it exists)."""
    program = tmp_path / "bloxcab"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    unit = tmp_path / "bloxcab.service"
    unit.write_text(UNIT.read_text().replace("/opt/bloxcab/venv/bin/bloxcab", str(program)))
    return unit


@needs_analyze
def test_systemd_analyze_verify_is_clean(tmp_path: Path):
    unit = _testable_copy(tmp_path)
    done = subprocess.run([ANALYZE, "verify", str(unit)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == ""


@needs_analyze
def test_systemd_analyze_security_exposure_at_most_2(tmp_path: Path):
    unit = _testable_copy(tmp_path)
    # --threshold is on systemd's 0-100 scale: 20 is an exposure of 2.0.
    done = subprocess.run(
        [ANALYZE, "security", "--offline=true", "--threshold=20", str(unit)],
        capture_output=True, text=True, timeout=60,
    )
    found = re.search(r"Overall exposure level for bloxcab\.service: (\d+\.\d+)", done.stdout)
    assert found, done.stdout + done.stderr
    assert float(found.group(1)) <= 2.0
    assert done.returncode == 0


def test_the_game_has_priority_over_everything_else_on_the_pi():
    unit = UNIT.read_text()
    lines = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line
                 and not line.startswith("#"))
    assert int(lines["Nice"]) < 0
    assert int(lines["CPUWeight"]) > 100  # systemd's default weight is 100
    assert int(lines["IOWeight"]) > 100


def test_every_serial_adapter_kind_for_jvs_is_allowed():
    allowed = {entry.split()[0] for entry in _settings()["Service.DeviceAllow"]}
    # FTDI-style USB-RS485 (ttyUSB), CDC-ACM adapters (ttyACM), the Pi's UART (ttyAMA).
    assert {"char-ttyUSB", "char-ttyACM", "char-ttyAMA"} <= allowed
    assert "dialout" in _one("Service.SupplementaryGroups").split()


def test_unit_comment_says_what_memory_deny_write_execute_does():
    text = UNIT.read_text()
    assert _one("Service.MemoryDenyWriteExecute") == "yes"
    assert "EPERM" in text and "kills" not in text
