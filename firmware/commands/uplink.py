"""`bloxcab uplink --cabinet ID --broker HOST:PORT [--outbox DIR] [--keys DIR] [--once]`:
publish the kiosk's outbox to the fleet's MQTT broker (QoS 1, TLS client certificate).

The network code is imported only when this command runs: the kiosk never loads it.
"""

from __future__ import annotations

import argparse
import logging
import signal
from pathlib import Path
from typing import Any

from firmware.errors import UsageError
from firmware.kiosk_paths import OUTBOX_DIR
from firmware.savedata import save_dir as resolve_save_dir


def register(sub: Any) -> None:
    parser = sub.add_parser("uplink", help="send the outbox to the fleet's broker")
    parser.add_argument("--cabinet", required=True, help="this cabinet's id (its certificate's"
                        " common name)")
    parser.add_argument("--broker", required=True, help="HOST:PORT of the MQTT broker (TLS)")
    parser.add_argument("--outbox", help="the outbox folder (default: SAVE_DIR/outbox)")
    parser.add_argument("--save-dir", help="save data directory")
    parser.add_argument("--keys", help="folder with ca.crt, cabinet.crt, cabinet.key "
                        "(default: SAVE_DIR/fleet)")
    parser.add_argument("--once", action="store_true", help="stop once the outbox is empty")
    parser.set_defaults(handler=run)


def parse_broker(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--broker {text!r}: expected HOST:PORT")
    return host, int(port)


def run(args: argparse.Namespace) -> int:
    try:
        from firmware.uplink.client import Uplink, UplinkConfig
        from firmware.uplink.pki import EnrollError
    except ImportError as exc:
        raise UsageError(f"the uplink's parts are not installed ({exc.name}): "
                         "pip install 'bloxcab[uplink]'") from None
    host, port = parse_broker(args.broker)
    # The save folder only when a default needs it: the unit gives --outbox and --keys and
    # runs with the state folder read-only, where creating it would fail.
    if args.outbox and args.keys:
        outbox, keys = Path(args.outbox), Path(args.keys)
    else:
        base = Path(resolve_save_dir(args.save_dir))
        outbox = Path(args.outbox) if args.outbox else base / OUTBOX_DIR
        keys = Path(args.keys) if args.keys else base / "fleet"
    files = {n: keys / n for n in ("ca.crt", "cabinet.crt", "cabinet.key")}
    for name, path in files.items():
        if not path.is_file():
            raise UsageError(f"{path}: missing ({name}; see `bloxcab fleet enroll`)")
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    try:
        up = Uplink(UplinkConfig(args.cabinet, outbox, host, port, files["ca.crt"],
                                 files["cabinet.crt"], files["cabinet.key"]))
    except (EnrollError, OSError, ValueError) as exc:
        raise UsageError(str(exc)) from None

    def stop(*_: object) -> None:
        up.stop.set()
        up.wake.set()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    sent = up.run(until_empty=args.once)
    print(f"uplink: {sent} entries delivered and removed from the outbox", flush=True)
    return 0
