"""Reading the systemd units the installer ships, for the unit tests: their settings and
systemd's own analyzer where it is installed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

SYSTEMD_DIR = Path(__file__).resolve().parent.parent / "systemd"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(
    ANALYZE is None, reason="systemd-analyze not installed (Debian package 'systemd')"
)


def unit_settings(unit: Path) -> dict[str, list[str]]:
    """section.Key -> values, in order (systemd keys may repeat; a backslash continues a
    line)."""
    found: dict[str, list[str]] = {}
    section = ""
    for raw in unit.read_text().replace("\\\n", " ").splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        found.setdefault(f"{section}.{key}", []).append(value)
    return found
