"""What the frame benches watch in a kiosk: each frame's own CPU (the frame thread's
``time.thread_time``), apart for the frames both players play, and every garbage
collection (``gc.callbacks``) with whether it fell inside a frame and, in a paced run,
whether one between frames ran on past the next frame's deadline."""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, field
from typing import Any

WARM_UP_FRAMES = 60  # boot: bench --startup's part


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * q))]


@dataclass
class FrameWatch:
    frames: list[float] = field(default_factory=list)  # each frame's CPU after the warm-up
    two_up: list[float] = field(default_factory=list)  # those where both players play
    worst_at: tuple[float, int, str] = (0.0, 0, "")  # CPU, frame number, screen
    # frame number -> (CPU, both players play, screen), after the warm-up
    by_frame: dict[int, tuple[float, bool, str]] = field(default_factory=dict)
    in_frame: bool = False
    booted: bool = False  # the first frame has begun (the collections before it are boot's)
    pauses_boot: list[tuple[int, float]] = field(default_factory=list)
    pauses_in: list[tuple[int, float]] = field(default_factory=list)  # (generation, s)
    pauses_out: list[tuple[int, float]] = field(default_factory=list)
    _gc_began: float = 0.0
    paced: bool = False  # a paced run: the pacer's deadline means something
    past_deadline: int = 0  # collections between frames that began in time and ended late
    _kiosk: Any = None
    _slack_before: float | None = None

    def attach(self, kiosk: Any) -> None:
        from firmware.machine import Screen

        inner = kiosk.frame
        machine = kiosk.machine
        clock = time.thread_time

        def frame() -> None:
            self.booted = self.in_frame = True
            began = clock()
            try:
                inner()
            finally:
                took = clock() - began
                self.in_frame = False
            if machine.frame < WARM_UP_FRAMES:
                return
            self.frames.append(took)
            game = machine.game
            both = (machine.screen == Screen.PLAY and game is not None and game.playing(0)
                    and game.playing(1))
            self.by_frame[machine.frame] = (took, both, machine.screen.value)
            if both:
                self.two_up.append(took)
                if took > self.worst_at[0]:
                    self.worst_at = (took, machine.frame, machine.screen.value)

        kiosk.frame = frame
        self._kiosk = kiosk
        gc.callbacks.append(self._collected)

    def detach(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        between = self.paced and self.booted and not self.in_frame
        if phase == "start":
            self._gc_began = time.thread_time()
            self._slack_before = self._kiosk.pacer.slack() if between else None
            return
        pause = (info["generation"], time.thread_time() - self._gc_began)
        if between and self._slack_before is not None and self._slack_before >= 0:
            after = self._kiosk.pacer.slack()
            if after is not None and after < 0:
                self.past_deadline += 1
        if not self.booted:
            self.pauses_boot.append(pause)
        else:
            (self.pauses_in if self.in_frame else self.pauses_out).append(pause)

    def lines(self, name: str) -> list[str]:
        out: list[str] = []
        for label, times in (("every frame after boot", self.frames),
                             ("while both players play", self.two_up)):
            if not times:
                continue
            ordered = sorted(t * 1000 for t in times)
            out.append(f"{name}: {label} ({len(ordered)} frames): the frame's own CPU mean "
                       f"{sum(ordered) / len(ordered):.3f} ms, p99 {percentile(ordered, 0.99):.3f}"
                       f", p99.9 {percentile(ordered, 0.999):.3f}, worst {ordered[-1]:.3f} ms")
        for where, pauses in (("inside frames", self.pauses_in),
                              ("between frames", self.pauses_out),
                              ("at boot, before the first frame", self.pauses_boot)):
            full = [p for g, p in pauses if g == 2]
            worst = max((p for _, p in pauses), default=0.0)
            young = max((p for g, p in pauses if g < 2), default=0.0)
            ordered = sorted(p for _, p in pauses)
            median = f", median {percentile(ordered, 0.5) * 1000:.3f}" if ordered else ""
            out.append(f"{name}: collections {where}: {len(pauses)} (of the oldest "
                       f"generation {len(full)}){median}, longest {worst * 1000:.3f} ms (of "
                       f"the young ones {young * 1000:.3f} ms)")
        collector = getattr(self._kiosk, "collector", None)
        if collector is not None:
            late = (f"; {self.past_deadline} began in time and ran past the next frame's "
                    "deadline" if self.paced else "")
            out.append(f"{name}: collections put off for want of time before the deadline: "
                       f"young {collector.deferred_young} frames, the oldest generation's "
                       f"{collector.deferred_full} frames{late}")
        return out


def least_lines(name: str, watches: list[FrameWatch]) -> list[str]:
    """Each frame's least CPU over runs of the same script (a scripted headless run plays
    the same frames every time): what the frame's own work costs, apart from what the
    machine's other work added to one run or another. Every frame of every run is still in
    the runs' own figures."""
    first = watches[0].by_frame
    least = {n: (min(w.by_frame[n][0] for w in watches if n in w.by_frame), both, screen)
             for n, (_, both, screen) in first.items()}
    out: list[str] = []
    for label, chosen in (("every frame after boot", list(least.items())),
                          ("while both players play",
                           [(n, v) for n, v in least.items() if v[1]])):
        if not chosen:
            continue
        ordered = sorted(v[0] * 1000 for _, v in chosen)
        at, (cpu, _, screen) = max(chosen, key=lambda item: item[1][0])
        out.append(f"{name}: {label}, each frame's least CPU of {len(watches)} runs: mean "
                   f"{sum(ordered) / len(ordered):.3f} ms, p99.9 "
                   f"{percentile(ordered, 0.999):.3f}, worst {cpu * 1000:.3f} ms at frame "
                   f"{at} ({screen})")
    return out
