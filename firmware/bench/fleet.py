"""`bloxcab bench --fleet`: its options; the measuring is the fleet service's own
(fleet/bench.py), reached only when asked for, so the cabinet's bench needs no server
dependency."""

from __future__ import annotations

import argparse
import importlib.util

from firmware.cli_decisions import CLI_DECISIONS
from firmware.errors import FLEET_NOT_INSTALLED, UsageError

NAME = "fleet"
ORDER = 90
GROUP = True  # minutes long: left out of a plain `bloxcab bench`
HELP = "fleet: 1,000 cabinets for 60 s through broker and service (--quick: 50 for 10 s)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--broker", choices=["mosquitto", "amqtt"],
                        help="with --fleet: the broker (default: mosquitto if installed)")
    parser.add_argument("--cabinets", type=int, metavar="N",
                        help="with --fleet: simulated cabinets (default 1000)")
    parser.add_argument("--seconds", type=int, metavar="S",
                        help="with --fleet: how long they send (default 60)")
    parser.add_argument("--intakes", type=int, metavar="N",
                        help="with --fleet: intake processes sharing the subscription "
                        "(default 2)")
    parser.add_argument("--rate", type=int, metavar="R",
                        help="with --fleet: events a second per cabinet (default 1)")
    parser.add_argument("--autosave", type=int, metavar="S",
                        help="with --fleet and Mosquitto: it saves its database every S "
                        "seconds, not after every change (the shipped setting)")
    parser.add_argument("--backlog", action="store_true",
                        help="with --fleet: the intakes away while the cabinets send, then "
                        "timed draining it")


def check_arguments(args: argparse.Namespace) -> None:
    """Each of --cabinets, --seconds, --intakes, --rate, --autosave given is 1 or more (and
    not absurd)."""
    for name, top in CLI_DECISIONS["bench_fleet"].value.items():
        value = getattr(args, name, None)
        if value is not None and not 1 <= value <= top:
            raise UsageError(f"--{name} must be 1 to {top:,}, not {value}")


def run(args: argparse.Namespace) -> None:
    try:
        from fleet import bench
    except ImportError as exc:
        # The fleet installed but pgserver not: it has no aarch64 or armv7l wheel.
        if exc.name == "pgserver" and importlib.util.find_spec("psycopg") is not None:
            raise UsageError("bench --fleet runs PostgreSQL from pgserver, which has no "
                             "wheel for this machine") from None
        raise UsageError(FLEET_NOT_INSTALLED) from None
    bench.run(args)
