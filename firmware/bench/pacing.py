"""Frame pacing: a paced headless kiosk run of a 2P game with sound. Counts frame intervals
longer than 1.5 periods and frames ending more than 2 ms past their deadline; p99 and max
interval; the pacer's busy wait. ``--load N`` runs N busy processes alongside."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from firmware.bench.frame_watch import WARM_UP_FRAMES, FrameWatch
from firmware.cli_decisions import CLI_DECISIONS
from firmware.errors import UsageError

NAME = "pacing"
ORDER = 50
HELP = "60 s paced 2P kiosk run with sound: long intervals, late frames, p99/max interval"

LATE_SECONDS = 0.002
DIRECTIONS = ("left", "right", "down", "b1", "up")


def _busy() -> None:  # a load process: spins until terminated
    while True:
        pass


def play_script(frames: int, seed: int = 18) -> list[Any]:
    """Coins, both starts, then random play for both players; coins and starts again every
    20 s so a finished game is followed by another."""
    from firmware.inputscript import ScriptEvent

    rng = random.Random(seed)
    events: list[ScriptEvent] = []
    for start in range(30, frames, 1200):
        for i in range(4):
            events += [ScriptEvent(start + 8 * i, "coin1", True),
                       ScriptEvent(start + 8 * i + 4, "coin1", False)]
        for who, at in (("p1", start + 150), ("p2", start + 160)):
            events += [ScriptEvent(at, f"{who}.start", True),
                       ScriptEvent(at + 4, f"{who}.start", False)]
    at = 200
    while at < frames:
        control = f"{rng.choice(('p1', 'p2'))}.{rng.choice(DIRECTIONS)}"
        length = rng.randint(2, 10)
        events += [ScriptEvent(at, control, True), ScriptEvent(at + length, control, False)]
        at += rng.randint(1, 6)
    return sorted(events, key=lambda e: e.frame)


PRIORITIES = ("none", "unit", "both", "fifo")
# bench --priority fifo: the real-time policy a unit's CPUSchedulingPolicy=fifo would give
# (a modest priority: above every normal process, below the kernel's own real-time threads,
# which run at 50; Source: sched(7), Linux man-pages; kernel threaded IRQs default to 50).
FIFO_PRIORITY = 10
UNIT = Path(__file__).resolve().parents[2] / "systemd" / "bloxcab.service"
TARGET_CPU_MS = 0.35  # kiosk CPU per 2P frame (the video issue's target, not a test)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--load", type=int, default=0, metavar="N",
                        help="with --pacing: N busy processes run alongside")
    parser.add_argument("--priority", choices=PRIORITIES, default="none",
                        help="with --pacing: run at normal priority, at the kiosk unit's Nice=, "
                             "both one after the other, or at the unit's Nice= then also under "
                             "its SCHED_FIFO priority (the load keeps the normal policy)")


def _unit_setting(name: str, unit: Path) -> int | None:
    for line in unit.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key.strip() == name:
            return int(value)
    return None


def unit_nice(unit: Path = UNIT) -> int:
    """The Nice= the kiosk's systemd unit gives the game (0 if it sets none)."""
    found = _unit_setting("Nice", unit)
    return 0 if found is None else found


def unit_fifo(unit: Path = UNIT) -> int:
    """The CPUSchedulingPriority= the kiosk's unit gives the game (``FIFO_PRIORITY`` if it
    sets none: the priority a unit would be given)."""
    found = _unit_setting("CPUSchedulingPriority", unit)
    return FIFO_PRIORITY if found is None else found


def check_arguments(args: argparse.Namespace) -> None:
    load = getattr(args, "load", 0)
    top: int = CLI_DECISIONS["bench_load"].value
    if not 0 <= load <= top:
        raise UsageError(f"--load must be 0 to {top} busy processes, not {load}")


def run(args: argparse.Namespace) -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    seconds = 5 if args.quick else 60
    load = max(0, getattr(args, "load", 0) or 0)
    priority = getattr(args, "priority", "none") or "none"
    # The load starts first, so it keeps normal priority whatever the kiosk run gets.
    workers = [multiprocessing.Process(target=_busy, daemon=True) for _ in range(load)]
    for worker in workers:
        worker.start()
    try:
        runs: tuple[tuple[int, bool], ...] = (
            ((0, False),) if priority == "none" else ((unit_nice(), False),)
            if priority == "unit" else ((0, False), (unit_nice(), False))
            if priority == "both" else ((unit_nice(), False), (unit_nice(), True)))
        for niceness, fifo in runs:
            if not _set_nice(niceness):
                print(f"pacing: cannot set Nice={niceness} (needs root or CAP_SYS_NICE); "
                      "run the bench as root to see the unit's priority")
                continue
            if fifo and not _set_fifo(unit_fifo()):
                print(f"pacing: cannot set SCHED_FIFO priority {unit_fifo()} (needs root "
                      "or CAP_SYS_NICE and a real-time budget)")
                continue
            _one_run(seconds, load, niceness, getattr(args, "game", None),
                     unit_fifo() if fifo else None)
            _set_fifo(None)
        _set_nice(0)
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join()


def _set_fifo(priority: int | None) -> bool:
    """This process (its threads started from now on too) under SCHED_FIFO at
    ``priority``, or back to the normal policy (None)."""
    try:
        if priority is None:
            os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
        else:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(priority))
    except OSError:
        return False
    return True


def _set_nice(niceness: int) -> bool:
    try:
        os.setpriority(os.PRIO_PROCESS, 0, niceness)
    except OSError:
        return False
    return True


def _timed(owner: Any, name: str, spent: dict[str, float], key: str,
           counting: Callable[[], bool]) -> None:
    """Wrap ``owner.name`` so the main thread's CPU time in it adds up in ``spent[key]``
    while ``counting()`` (after the boot frames)."""
    inner = getattr(owner, name)
    clock = time.thread_time

    def timed(*a: Any, **kw: Any) -> Any:
        if not counting():
            return inner(*a, **kw)
        began = clock()
        try:
            return inner(*a, **kw)
        finally:
            spent[key] += clock() - began

    setattr(owner, name, timed)


def _one_run(seconds: int, load: int, niceness: int, game: str | None = None,
             fifo: int | None = None) -> None:
    from firmware.kiosk import Kiosk, KioskOptions
    from firmware.savedata import SaveWriter, factory

    with tempfile.TemporaryDirectory() as save:
        # Factory save data written first, so the run boots as a cabinet that has been
        # set up (no "BACKUP DATA CLEARED" notice among the figures).
        writer = SaveWriter(save, log=lambda _line: None)
        writer.wait_durable(writer.submit(factory()), 30)
        writer.close()
        kiosk = Kiosk(KioskOptions(mode="headless", realtime=True, frames=seconds * 60,
                                   save_dir=Path(save), audio=True, game=game,
                                   inputs=play_script(seconds * 60)))
        kiosk.pacer.keep_deviations = True
        spent = dict.fromkeys(("frame", "inputs", "machine", "draw", "present"), 0.0)
        machine = kiosk.machine

        def counting() -> bool:
            return machine.frame >= WARM_UP_FRAMES

        watch = FrameWatch(paced=True)
        watch.attach(kiosk)
        two_up = watch.two_up  # each frame's own CPU while both players play
        for owner, name, key in ((kiosk, "frame", "frame"), (kiosk.panel, "poll", "inputs"),
                                 (machine, "step", "machine"), (kiosk, "_draw", "draw"),
                                 (kiosk.display, "present", "present")):
            _timed(owner, name, spent, key, counting)
        cpu, main = time.process_time(), time.thread_time()
        try:
            summary = kiosk.run()
        finally:
            watch.detach()
        cpu, main = time.process_time() - cpu, time.thread_time() - main
    pacer = kiosk.pacer
    period = pacer.period
    intervals = sorted(i * 1000 for i in pacer.intervals[WARM_UP_FRAMES:])
    late = [d for d in pacer.deviations[WARM_UP_FRAMES:] if d > LATE_SECONDS]
    long = [i for i in intervals if i > 1.5 * period * 1000]
    p99 = intervals[min(len(intervals) - 1, round(len(intervals) * 0.99))]
    frames = int(summary["frames"])  # type: ignore[call-overload]
    spun = getattr(pacer, "spun", 0.0)
    counted = frames - WARM_UP_FRAMES
    per = {key: value / counted * 1000 for key, value in spent.items()}
    work = per.pop("frame")
    others = (cpu - main) / frames * 1000
    print(f"pacing: {frames} frames, {seconds} s paced 2P run with sound, load {load}, "
          f"Nice={niceness}{f', SCHED_FIFO {fifo}' if fifo else ''}: "
          f"{summary['games_started']} games started; the first "
          f"{WARM_UP_FRAMES} frames (boot) left out")
    print(f"pacing: intervals > 1.5 periods: {len(long)}; frames > 2 ms late: {len(late)}; "
          f"interval median {statistics.median(intervals):.3f} ms, p99 {p99:.3f} ms, "
          f"max {intervals[-1]:.3f} ms")
    spun_cpu = getattr(pacer, "spun_cpu", 0.0)
    print(f"pacing: kiosk CPU {cpu / frames * 1000:.3f} ms a frame, of which busy wait "
          f"{spun_cpu / frames * 1000:.3f} ms (by the clock {spun / frames * 1000:.3f} ms; "
          f"spin now {getattr(pacer, 'spin', 0) * 1000:.2f} ms)")
    print(f"pacing: the frame's own CPU {work:.3f} ms (target {TARGET_CPU_MS} ms): inputs "
          f"{per['inputs']:.3f}, machine {per['machine']:.3f}, draw {per['draw']:.3f}, "
          f"present {per['present']:.3f} ({kiosk.display.renderer_name} to "
          f"{kiosk.display.size[0]}x{kiosk.display.size[1]}), rest (sound, outputs) "
          f"{work - sum(per.values()):.3f}; without the present "
          f"{work - per['present']:.3f}; other threads (writer, mixer) {others:.3f}")
    if two_up:
        two_up.sort()
        print(f"pacing: while both players play ({len(two_up)} frames): the frame's own CPU "
              f"{sum(two_up) / len(two_up) * 1000:.3f} ms (target {TARGET_CPU_MS} ms), median "
              f"{statistics.median(two_up) * 1000:.3f} ms, p99 "
              f"{two_up[min(len(two_up) - 1, round(len(two_up) * 0.99))] * 1000:.3f} ms "
              "(the rest of the run is coins, starts, game overs and attract screens)")
    for line in watch.lines("pacing"):
        print(line)
