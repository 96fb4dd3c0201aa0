"""`bloxcab install`: set up a Raspberry Pi cabinet by running systemd/install.sh.

The script lives in the source checkout (it pip-installs that checkout into /opt/bloxcab),
so this command only works from a checkout, e.g. after `pip install -e .`.
"""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path
from typing import Any

import firmware
from firmware.errors import UsageError


def install_script() -> Path | None:
    """systemd/install.sh of the checkout this package runs from, if there is one."""
    script = Path(firmware.__file__).resolve().parent.parent / "systemd" / "install.sh"
    return script if script.is_file() else None


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "install", help="install the kiosk service on a Raspberry Pi (runs systemd/install.sh)"
    )
    parser.add_argument("--dry-run", action="store_true", help="print every command instead")
    parser.add_argument("--force", action="store_true", help="install on a non-Pi too")
    parser.add_argument("--uninstall", action="store_true",
                        help="remove everything but save data (/var/lib/bloxcab) and its user")
    parser.add_argument("--wheelhouse", metavar="DIR",
                        help="install with no network from DIR (made by `make wheelhouse`)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    script = install_script()
    if script is None:
        raise UsageError("systemd/install.sh not found: run it from a bloxcab source checkout "
                         "(git clone ... && sudo systemd/install.sh)")
    flags = [f"--{name.replace('_', '-')}" for name in ("dry_run", "force", "uninstall")
             if getattr(args, name)]
    if args.wheelhouse is not None:
        if not Path(args.wheelhouse).is_dir():
            raise UsageError(f"--wheelhouse {args.wheelhouse} is not a directory")
        flags += ["--wheelhouse", str(Path(args.wheelhouse).resolve())]
    return subprocess.run(["bash", str(script), *flags], check=False).returncode
