"""The speaker's sounds made off the frame thread: from boot a thread of its own imports
numpy and synthesises the cabinet's palette (most of a sound start's cost); the frame
thread then only hands the finished samples to the mixer, which opened before the first
frame (cabinet/mixer.py)."""

from __future__ import annotations

import threading
from typing import Any


class SoundStart:
    def __init__(self) -> None:
        self.done = threading.Event()
        self.effects: Any = None
        self.samples: Any = None
        self.rate = 0
        self.error: Exception | None = None
        self.thread = threading.Thread(target=self._make, name="sound-synth", daemon=True)
        self.thread.start()

    def _make(self) -> None:
        try:
            from cabinet.audio.synth import render_all
            from cabinet.mixer import RATE
            from firmware.sound_palette import cabinet_palette

            effects = cabinet_palette()
            self.samples = render_all(RATE, effects)
            self.effects, self.rate = effects, RATE
        except Exception as exc:  # handed to the frame thread
            self.error = exc
        finally:
            self.done.set()

    def audio(self) -> Any:
        """The speaker once the sounds are made (None before); a palette that could not
        be made raises here, on the frame thread."""
        if not self.done.is_set():
            return None
        if self.error is not None:
            raise self.error
        from cabinet.audio import Audio

        return Audio(effects=self.effects, samples=self.samples, samples_rate=self.rate)
