"""Debian's Mosquitto with the fleet's configuration (docs/fleet.md), started in a folder on
loopback: for the broker tests under ``.ci/run`` and for ``bloxcab bench --fleet``."""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from pathlib import Path

from firmware.uplink.message import SERVICE_ID, TOPIC_ROOT
from firmware.uplink.pki import issue

# The topic rule (fleet/broker.py's ``allowed``): the service reads every cabinet's topics,
# a cabinet writes only under its own name.
ACL = f"user {SERVICE_ID}\ntopic read {TOPIC_ROOT}/#\npattern write {TOPIC_ROOT}/%u/+\n"


def binary() -> str | None:
    """The mosquitto program, if installed (Debian puts it in /usr/sbin)."""
    found = shutil.which("mosquitto")
    if found is None and os.access("/usr/sbin/mosquitto", os.X_OK):
        found = "/usr/sbin/mosquitto"
    return found


def configure(ca_dir: Path, port: int, work: Path) -> Path:
    """Certificates for 127.0.0.1, the ACL and mosquitto.conf in ``work``."""
    work.mkdir(parents=True, exist_ok=True)
    key, crt = issue(ca_dir, "broker", work, server_names=["127.0.0.1"])
    (work / "acl").write_text(ACL)
    conf = work / "mosquitto.conf"
    user = "user root\n" if os.geteuid() == 0 else ""  # else it drops to 'mosquitto'
    conf.write_text(
        f"{user}listener {port} 127.0.0.1\ncafile {ca_dir / 'ca.crt'}\n"
        f"certfile {crt}\nkeyfile {key}\nrequire_certificate true\n"
        "use_identity_as_username true\nallow_anonymous false\n"
        f"acl_file {work / 'acl'}\npersistence true\n"
        f"persistence_location {work}/\nmax_queued_messages 0\n"
        "log_dest stderr\nlog_type error\nlog_type warning\nlog_type notice\n"
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
