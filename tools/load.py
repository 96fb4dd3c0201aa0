"""Run a command on a busy machine: ``python -m tools.load [--per-core N] -- COMMAND...``
starts N busy processes per core (default 2, as a shared CI machine), runs COMMAND, stops
them and exits with COMMAND's status. `make test-load` runs the suite this way: a test that
passes only on an idle machine waits on speed, not on an event."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys


def burn() -> None:
    """Spin until killed."""
    n = 0
    while True:
        n = (n * 1103515245 + 12345) & 0xFFFFFFFF


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.load")
    parser.add_argument("--per-core", type=int, default=2, metavar="N",
                        help="busy processes per core (default 2)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND...")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command or not 0 <= args.per_core <= 16:
        parser.error("needs -- COMMAND... and --per-core 0 to 16")
    count = args.per_core * (os.cpu_count() or 1)
    burners = [multiprocessing.Process(target=burn, daemon=True) for _ in range(count)]
    for burner in burners:
        burner.start()
    print(f"tools.load: {count} busy processes ({args.per_core} per core) during: "
          f"{' '.join(command)}", file=sys.stderr, flush=True)
    try:
        return subprocess.call(command)
    finally:
        for burner in burners:
            burner.terminate()
        for burner in burners:
            burner.join(5)


if __name__ == "__main__":
    sys.exit(main())
