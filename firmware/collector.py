"""The garbage collector, kept out of the frames.

CPython collects its oldest generation when enough objects have piled up, inside whatever
frame allocated the last of them: a walk over every tracked object of the process, tens of
milliseconds on a cabinet. The kiosk instead freezes what boot made (fonts, tables,
sprites: they live as long as the process) out of every collection, never lets the oldest
generation be collected on its own, and collects it itself between two frames, after the
frame is on screen, when a game or an attract demo starts and once a minute while no game
is played, and freezes what survives, so the next collection walks only what was made
since. A frozen object is still freed when its last reference goes; only a cycle of frozen
objects would stay, and the games make none (every collection at a game start of 8,000
frames of TAP, BLOCKOUT and Bloxeed found 0 unreachable objects).

The young generations are collected between frames too: CPython's automatic collection is
off while the kiosk runs, and after each frame the kiosk does what CPython would have done
on the next allocation (a young collection once ``gen0`` new objects are pending, the
middle generation with it every ``gen1``-th time). Left automatic, they came inside frames
(99 in 24,000 frames of TGM3, up to 1.7 ms each), and on any thread: a save writer or a
sign-in worker allocating would stop the frame thread for the collection's length.

A collection between frames uses the time left before the next frame's deadline, and the
frame loop only has that time after the frame's work: a collection longer than what is
left makes the next frame late. So the kiosk hands over how long is left (``slack``), and
a collection that would not fit waits for a frame that leaves room, up to a bound (young:
ten generations' worth of objects; the oldest: 600 frames), so memory stays bounded when
no frame ever does.
"""

from __future__ import annotations

import gc
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from cabinet.decisions import VIDEO_DECISIONS

_COLLECTOR = VIDEO_DECISIONS["collector"].value
THRESHOLDS: tuple[int, int, int] = (_COLLECTOR["gen0"], _COLLECTOR["gen1"], _COLLECTOR["gen2"])
IDLE_EVERY_S: float = _COLLECTOR["idle_every_s"]
YOUNG_SLACK_S: float = _COLLECTOR["young_slack_s"]
FULL_SLACK_S: float = _COLLECTOR["full_slack_s"]
FULL_SLACK_TIMES: float = _COLLECTOR["full_slack_times"]
YOUNG_DEFER_TIMES: int = _COLLECTOR["young_defer_times"]
FULL_DEFER_FRAMES: int = _COLLECTOR["full_defer_frames"]


@dataclass
class Collector:
    clock: Callable[[], float] = time.monotonic
    collections: int = 0  # the kiosk's own collections between frames
    last: float = 0.0
    game: object = None
    _thresholds: tuple[int, int, int] | None = None
    _was_enabled: bool = True
    young: int = 0  # young collections between frames
    # thread CPU seconds of the latest own collections
    pauses: deque[float] = field(default_factory=lambda: deque(maxlen=1000))
    due: int | None = None  # frames the oldest generation's collection has waited (None: not due)
    deferred_young: int = 0  # young collections put off for want of time (counts frames)
    deferred_full: int = 0  # the oldest generation's, likewise

    def after_boot(self) -> None:
        """Everything boot made is collected once and frozen; the oldest generation is
        left to ``between_frames`` from now on."""
        gc.collect()
        gc.freeze()
        if self._thresholds is None:
            self._thresholds = gc.get_threshold()
            self._was_enabled = gc.isenabled()
        gc.set_threshold(*THRESHOLDS)
        gc.disable()
        self.last = self.clock()

    def between_frames(self, game: object, playing: bool, slack: float | None = None) -> bool:
        """After a frame is on screen: the oldest generation is due when ``game`` (the
        session in play, or the attract demo's) is a new one, or when nothing is played
        and the last collection is ``IDLE_EVERY_S`` old; it is collected, and what
        survived frozen, once a frame leaves it time. Otherwise the young generations,
        when CPython would have collected them. ``slack``: seconds left before the next
        frame's deadline (None: no deadline, collect at once). Returns whether it
        collected the oldest generation."""
        now = self.clock()
        fresh = game is not None and game is not self.game
        self.game = game
        if fresh or (not playing and now - self.last >= IDLE_EVERY_S):
            self.due = 0 if self.due is None else self.due
        if self.due is not None:
            if (slack is None or slack >= self.full_budget()
                    or self.due >= FULL_DEFER_FRAMES):
                self._collect_all(now)
                return True
            self.due += 1
            self.deferred_full += 1
        self.young_between_frames(slack)
        return False

    def full_budget(self) -> float:
        """The time a frame must leave for the oldest generation's collection: twice the
        longest of the last ones (CPU), and at least ``FULL_SLACK_S``."""
        latest = list(self.pauses)[-8:]
        return max(FULL_SLACK_S, FULL_SLACK_TIMES * max(latest, default=0.0))

    def _collect_all(self, now: float) -> None:
        began = time.thread_time()
        gc.collect()
        gc.freeze()  # what lives on (the outbox's index, caches) is not walked again
        self.pauses.append(time.thread_time() - began)
        self.collections += 1
        self.last = now
        self.due = None

    def young_between_frames(self, slack: float | None = None) -> None:
        """The young collection CPython's own trigger would run now (gc.collect(n) counts
        like an automatic one: it raises the next generation's count and zeroes its own),
        when ``slack`` leaves it time, or once ``YOUNG_DEFER_TIMES`` generations' worth of
        objects are pending."""
        pending, young_runs, _ = gc.get_count()
        if pending < THRESHOLDS[0]:
            return
        if (slack is not None and slack < YOUNG_SLACK_S
                and pending < THRESHOLDS[0] * YOUNG_DEFER_TIMES):
            self.deferred_young += 1
            return
        gc.collect(1 if young_runs + 1 >= THRESHOLDS[1] else 0)
        self.young += 1

    def close(self) -> None:
        """The process's collector as it was before boot (the frozen objects join the
        others again)."""
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
            if self._was_enabled:
                gc.enable()
        gc.unfreeze()
