"""`bloxcab jvs-probe PORT [--boards N] [--sense-line] [--json] [--watch N]`: enumerate a JVS
bus and show its boards.

Without a sense line the probe addresses exactly N boards (1 unless told), as the cabinet
does with cabinet.toml's ``boards``; ``--sense-line`` follows the adapter's CD pin instead.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from cabinet.decisions import JVS_DECISIONS
from cabinet.jvs.info import BoardInfo
from cabinet.jvs.inputs import WATCH_SWITCHES, SwitchState
from cabinet.jvs.link import LinkDown
from cabinet.jvs.master import DEFAULT_BOARDS, MAX_BOARDS, BusError, JvsMaster, PollResult, Timing
from cabinet.jvs.sense import CarrierDetectSense
from firmware.errors import UsageError

WATCH_TRIES: int = JVS_DECISIONS["probe_watch_tries"].value
CONNECT_TRIES: int = JVS_DECISIONS["probe_connect_tries"].value


def register(sub: Any) -> None:
    parser = sub.add_parser("jvs-probe", help="identify the boards on a JVS bus")
    parser.add_argument("port", metavar="PORT", help="serial port, e.g. /dev/ttyUSB0")
    parser.add_argument(
        "--boards", type=int, default=DEFAULT_BOARDS, metavar="N",
        help=f"boards to address without a sense line ({DEFAULT_BOARDS})",
    )
    parser.add_argument(
        "--sense-line", action="store_true",
        help="the adapter wires SENSE to its CD pin: address until it goes low",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--watch", type=int, metavar="N", default=0, help="then show N polls")
    parser.add_argument(
        "--interval", type=float, default=0.1, metavar="S", help="seconds between polls (0.1)"
    )
    parser.add_argument(
        "--timeout", type=float, default=100.0, metavar="MS", help="reply timeout in ms (100)"
    )
    parser.add_argument(
        "--settle", type=float, default=1.0, metavar="S", help="wait after reset in s (1.0)"
    )
    parser.add_argument(
        "--tries", type=int, default=CONNECT_TRIES, metavar="N",
        help=f"reset and address the bus up to N times, as the kiosk does ({CONNECT_TRIES})",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.watch < 0 or args.interval < 0 or args.timeout <= 0 or args.settle < 0:
        raise UsageError("--watch, --interval and --settle must be >= 0 and --timeout > 0")
    if not 1 <= args.boards <= MAX_BOARDS:
        raise UsageError(f"--boards must be 1-{MAX_BOARDS}")
    if args.tries < 1:
        raise UsageError("--tries must be 1 or more")
    if not os.path.exists(args.port):
        raise UsageError(f"no such port {args.port}")
    if os.path.isdir(args.port):
        raise UsageError(f"{args.port} is a directory, not a serial port")
    timeout = args.timeout / 1000
    timing = Timing(settle=args.settle, reply_timeout=timeout, poll_timeout=timeout)
    master = JvsMaster(args.port, boards=args.boards, timing=timing)
    if args.sense_line:
        master.sense = CarrierDetectSense(master)
    try:
        boards = _connect(master, args.tries)
        _print_boards(args.port, boards, as_json=args.json)
        for number in range(1, args.watch + 1):
            if number > 1:
                time.sleep(args.interval)
            _print_poll(number, _poll(master), as_json=args.json)
    except (BusError, LinkDown) as exc:
        sys.stderr.write(f"bloxcab jvs-probe: {exc}\n")
        return 1
    finally:
        master.close()
    return 0


def _connect(master: JvsMaster, tries: int) -> list[BoardInfo]:
    """As the kiosk's bus thread: a bus that does not answer (a board still booting, a
    loaded machine missing a reply) is reset and addressed again, reconnect_interval apart.
    The last failure says how many tries there were. A port that cannot be used is not
    tried again."""
    for _ in range(1, tries):
        try:
            return master.connect()
        except BusError:
            master.close()
            time.sleep(master.timing.reconnect_interval)
    try:
        return master.connect()
    except BusError as exc:
        if tries == 1:
            raise
        raise BusError(f"{exc} ({tries} tries, a reset before each)") from None


def _poll(master: JvsMaster) -> PollResult:
    for _ in range(WATCH_TRIES):
        result = master.poll()
        if result is not None:
            return result[0]
    raise BusError(f"board {master.input_board.address} stopped answering polls")


def _print_boards(port: str, boards: list[BoardInfo], *, as_json: bool) -> None:
    if as_json:
        print(json.dumps({"boards": [b.as_json() for b in boards]}), flush=True)
        return
    print(f"JVS bus on {port}: {len(boards)} board(s)")
    header = ("node", "id", "cmd", "jvs", "comm", "players", "switches", "coins", "outputs")
    rows = [header] + [
        (
            str(b.address),
            b.id,
            b.command_revision,
            b.jvs_revision,
            b.comm_version,
            str(b.features.players),
            str(b.features.switches_per_player),
            str(b.features.coin_slots),
            str(b.features.general_outputs),
        )
        for b in boards
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    sys.stdout.flush()


def _player(switches: SwitchState, index: int) -> dict[str, bool]:
    held = switches.players[index] if index < len(switches.players) else frozenset()
    return {name: name in held for name in WATCH_SWITCHES}


def _print_poll(number: int, poll: PollResult, *, as_json: bool) -> None:
    counts = [slot.count for slot in poll.coins[:2]]
    counts += [0] * (2 - len(counts))
    system = poll.switches.system
    line: dict[str, object] = {
        "poll": number,
        "test": "test" in system,
        "tilt": bool(system & {"tilt", "tilt2", "tilt3"}),
        "p1": _player(poll.switches, 0),
        "p2": _player(poll.switches, 1),
        "coins": counts,
    }
    if as_json:
        print(json.dumps(line), flush=True)
        return
    held = sorted(poll.switches.controls())
    print(f"poll {number}: {' '.join(held) or '-'} | coins {counts[0]} {counts[1]}", flush=True)
