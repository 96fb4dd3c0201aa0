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
frames of TAP, BLOCKOUT and Bloxeed found 0 unreachable objects). The young generations
keep collecting as CPython does; they are small.
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


@dataclass
class Collector:
    clock: Callable[[], float] = time.monotonic
    collections: int = 0  # the kiosk's own collections between frames
    last: float = 0.0
    game: object = None
    _thresholds: tuple[int, int, int] | None = None
    # thread CPU seconds of the latest own collections
    pauses: deque[float] = field(default_factory=lambda: deque(maxlen=1000))

    def after_boot(self) -> None:
        """Everything boot made is collected once and frozen; the oldest generation is
        left to ``between_frames`` from now on."""
        gc.collect()
        gc.freeze()
        if self._thresholds is None:
            self._thresholds = gc.get_threshold()
        gc.set_threshold(*THRESHOLDS)
        self.last = self.clock()

    def between_frames(self, game: object, playing: bool) -> bool:
        """After a frame is on screen: collect the oldest generation when ``game`` (the
        session in play, or the attract demo's) is a new one, or when nothing is played
        and the last collection is ``IDLE_EVERY_S`` old, and freeze what survived.
        Returns whether it collected."""
        now = self.clock()
        fresh = game is not None and game is not self.game
        self.game = game
        if not fresh and (playing or now - self.last < IDLE_EVERY_S):
            return False
        began = time.thread_time()
        gc.collect()
        gc.freeze()  # what lives on (the outbox's index, caches) is not walked again
        self.pauses.append(time.thread_time() - began)
        self.collections += 1
        self.last = now
        return True

    def close(self) -> None:
        """The process's collector as it was before boot (the frozen objects join the
        others again)."""
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
        gc.unfreeze()
