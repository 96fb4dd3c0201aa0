"""Frame pacing: a paced headless kiosk run, missed frames and lateness past each deadline."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

NAME = "pacing"
ORDER = 50
HELP = "60 s paced headless kiosk run: missed frames, p99 deviation from the deadline"


def run(args: argparse.Namespace) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from firmware.kiosk import Kiosk, KioskOptions
    from firmware.savedata import SaveWriter, factory

    seconds = 5 if args.quick else 60
    with tempfile.TemporaryDirectory() as save:
        # Factory save data written first, so the run boots as a cabinet that has been set
        # up (no "BACKUP DATA CLEARED" notice among the figures).
        writer = SaveWriter(save, log=lambda _line: None)
        writer.wait_durable(writer.submit(factory()), 30)
        writer.close()
        kiosk = Kiosk(KioskOptions(mode="headless", realtime=True, frames=seconds * 60,
                                   save_dir=Path(save), audio=False))
        kiosk.pacer.keep_deviations = True
        summary = kiosk.run()
    late = sorted(d * 1000 for d in kiosk.pacer.deviations)
    p99 = late[int(len(late) * 0.99) - 1]
    print(f"pacing: {summary['frames']} frames in a {seconds} s paced headless run, "
          f"{summary['missed_frames']} missed; deviation past the deadline "
          f"median {statistics.median(late):.3f} ms, p99 {p99:.3f} ms, max {late[-1]:.3f} ms")
