"""Records one of a cartridge's attract demos that a bot plays (its ``tooling.demos``), as
the kiosk plays it from ``games/<cartridge>/demos/``:

    .venv/bin/python -m tools.record_demo CARTRIDGE DEMO games/CARTRIDGE/demos/DEMO.rpl

With a cartridge and no name it lists the demos that cartridge records (the cartridge's
README names its demos and the command that makes each).
"""

from __future__ import annotations

import sys
from pathlib import Path

from games.registry import CARTRIDGES

USAGE = "usage: python -m tools.record_demo CARTRIDGE [DEMO OUT.rpl]"


def main(argv: list[str]) -> int:
    if len(argv) not in (1, 3):
        print(USAGE, file=sys.stderr)
        return 2
    cart = CARTRIDGES.get(argv[0])
    if cart is None:
        print(f"record_demo: no cartridge {argv[0]!r}; cartridges: {', '.join(CARTRIDGES)}",
              file=sys.stderr)
        return 2
    demos = cart.tooling.demos
    if len(argv) == 1:
        print("\n".join(demos) if demos else f"{cart.id} records no demo")
        return 0
    make = demos.get(argv[1])
    if make is None:
        known = ", ".join(demos) or "none"
        print(f"record_demo: {cart.id} has no demo {argv[1]!r} (it has: {known})",
              file=sys.stderr)
        return 2
    try:
        Path(argv[2]).write_text(make().to_text())
    except OSError as exc:
        print(f"record_demo: cannot write {argv[2]}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
