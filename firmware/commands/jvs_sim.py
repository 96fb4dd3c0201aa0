"""`bloxcab jvs-sim [--quirks openjvs] [--boards N] [--address-once]`: JVS I/O boards on a
pseudo-terminal to try a master. A board takes every Set Address broadcast that reaches it
(as OpenJVS and MAME's boards do); ``--address-once`` makes an addressed board ignore them.

Prints the port path (first line), then reads commands from stdin until Ctrl-C:
``press p1.b1``, ``release p1.b1``, ``coin 1``, ``coin 2 3``, ``outputs``, ``help``.
"""

from __future__ import annotations

import argparse
import sys
import threading
from typing import Any

from cabinet.jvs.board import QUIRK_MODES, SimBoard
from cabinet.jvs.simulator import IoBoardSimulator
from firmware.errors import UsageError

HELP = (
    "commands: press CONTROL | release CONTROL | coin [SLOT [COUNT]] | outputs | help "
    "(controls: p1.up p1.b1 p2.start test tilt ...)"
)


def register(sub: Any) -> None:
    parser = sub.add_parser("jvs-sim", help="run a simulated JVS I/O board on a pty")
    parser.add_argument("--quirks", choices=QUIRK_MODES, help="behave like OpenJVS")
    parser.add_argument("--boards", type=int, default=1, help="boards in the chain (1)")
    parser.add_argument("--link", metavar="PATH", help="also make PATH a symlink to the pty")
    parser.add_argument(
        "--address-once", action="store_true",
        help="an addressed board ignores later Set Address broadcasts",
    )
    parser.set_defaults(handler=run)


def command(board: SimBoard, line: str) -> str:
    """Run one stdin command against `board`; the answer line (errors included)."""
    words = line.split()
    if not words:
        return ""
    verb, rest = words[0].lower(), words[1:]
    try:
        if verb in ("press", "release") and len(rest) == 1:
            (board.press if verb == "press" else board.release)(rest[0])
            return f"{'pressed' if verb == 'press' else 'released'} {rest[0]}"
        if verb == "coin" and len(rest) <= 2:
            slot = int(rest[0]) if rest else 1
            count = int(rest[1]) if len(rest) > 1 else 1
            if not 1 <= slot <= len(board.coins) or count < 1:
                return f"? coin slot 1-{len(board.coins)} and a count >= 1"
            board.insert_coin(slot, count)
            return f"coin slot {slot}: count {board.coins[slot - 1]}"
        if verb == "outputs" and not rest:
            count = board.profile.general_outputs
            lit = [str(n) for n in range(1, count + 1) if board.output(n)]
            return f"outputs on: {' '.join(lit) or 'none'}"
        if verb == "help":
            return HELP
    except ValueError as exc:
        return f"? {exc}"
    return f"? not understood: {line.strip()} ({HELP})"


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.boards <= 31:
        raise UsageError("--boards must be 1-31")
    simulator = IoBoardSimulator(
        args.boards, quirks=args.quirks, link=args.link, address_once=args.address_once
    )
    try:
        simulator.start()
    except OSError as exc:
        raise UsageError(f"cannot create the pty: {exc}") from exc
    print(simulator.port, flush=True)
    mode = f", {args.quirks} quirks" if args.quirks else ""
    print(f"JVS I/O board simulator, 115200 8N1{mode}; Ctrl-C to stop; {HELP}", flush=True)
    try:
        for line in sys.stdin:
            answer = command(simulator.board, line)
            if answer:
                print(answer, flush=True)
        threading.Event().wait()  # stdin closed: keep serving until Ctrl-C
    except KeyboardInterrupt:
        pass
    finally:
        simulator.stop()
    return 0
