"""Debian's Mosquitto with the fleet's shipped configuration (fleet/conf/mosquitto.conf and
fleet/conf/acl, docs/fleet.md), started in a folder on loopback: for the broker tests under
``.ci/run`` and for ``bloxcab bench --fleet``."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from firmware.uplink.message import MAX_MESSAGE_BYTES, SERVICE_ID
from firmware.uplink.pki import issue

CONF = resources.files("fleet.conf")
# The largest packet: the largest message the service accepts, its topic and headers.
MAX_PACKET = MAX_MESSAGE_BYTES + 1024


def render(listener: str, ca: Path, crt: Path, key: Path, acl: Path, state: Path) -> str:
    """The shipped mosquitto.conf with its @NAMES@ filled in."""
    text = CONF.joinpath("mosquitto.conf").read_text()
    for name, value in {"LISTENER": listener, "CAFILE": ca, "CERTFILE": crt, "KEYFILE": key,
                        "ACLFILE": acl, "MAX_PACKET": MAX_PACKET, "STATE": state}.items():
        text = text.replace(f"@{name}@", str(value))
    return text


def binary() -> str | None:
    """The mosquitto program, if installed (Debian puts it in /usr/sbin)."""
    found = shutil.which("mosquitto")
    if found is None and os.access("/usr/sbin/mosquitto", os.X_OK):
        found = "/usr/sbin/mosquitto"
    return found


def acl(members: Sequence[str] = ()) -> str:
    """The shipped ACL file with a block for each named instance (fleet-service-<name>):
    the topic lines of fleet-service's own."""
    text = CONF.joinpath("acl").read_text()
    lines = text.splitlines()
    start = lines.index(f"user {SERVICE_ID}") + 1
    end = start
    while end < len(lines) and lines[end].startswith("topic "):
        end += 1
    block = "".join(f"{line}\n" for line in lines[start:end])
    return text + "".join(f"user {name}\n{block}" for name in members)


def configure(ca_dir: Path, port: int, work: Path, cert: tuple[Path, Path] | None = None,
              members: Sequence[str] = (), autosave_s: int | None = None) -> Path:
    """Certificates for 127.0.0.1 (or ``cert``, the broker's (key, certificate)), the shipped
    ACL (with ``members``, the named instances' client ids) and mosquitto.conf in ``work``
    (with a log on stderr, which ``start`` reads). ``autosave_s`` (the bench's
    ``--autosave``): the database saved every so many seconds instead of after every
    change, to measure what the shipped setting costs."""
    work.mkdir(parents=True, exist_ok=True)
    key, crt = cert or issue(ca_dir, "broker", work, server_names=["127.0.0.1"])
    (work / "acl").write_text(acl(members))
    conf = work / "mosquitto.conf"
    user = "user root\n" if os.geteuid() == 0 else ""  # else it drops to 'mosquitto'
    text = render(f"{port} 127.0.0.1", ca_dir / "ca.crt", crt, key, work / "acl", work)
    if autosave_s is not None:
        text = text.replace("autosave_on_changes true", "autosave_on_changes false").replace(
            "autosave_interval 1\n", f"autosave_interval {autosave_s}\n")
    conf.write_text(user + text
                    + "log_dest stderr\nlog_type error\nlog_type warning\nlog_type notice\n"
                    "log_type information\n")
    return conf


def start(conf: Path) -> subprocess.Popen[str]:
    """Runs Mosquitto; returns once it says it is running (its log then drains unread)."""
    program = binary()
    if program is None:
        raise FileNotFoundError("mosquitto is not installed (Debian: apt install mosquitto)")
    proc = subprocess.Popen([program, "-c", str(conf)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    for line in proc.stderr:  # "... mosquitto version 2.x running" (information)
        if line.rstrip().endswith("running"):
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return proc
    proc.wait(30)
    raise RuntimeError(f"mosquitto did not start (exit {proc.returncode})")
