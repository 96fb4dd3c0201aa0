"""An input script as a control-panel source (``bloxcab run --inputs FILE``)."""

from __future__ import annotations

from cabinet.source import SourceReading
from firmware.inputscript import ScriptEvent


class ScriptSource:
    """Plays script events frame by frame; frame N is the N-th read."""

    name = "script"

    def __init__(self, events: list[ScriptEvent]) -> None:
        self.events = events
        self.index = 0
        self.frame = 0
        self.held: set[str] = set()
        self._reading: SourceReading | None = None

    def read(self) -> SourceReading:
        self.frame += 1
        events = self.events
        index = self.index
        if self._reading is not None and (index == len(events)
                                          or events[index].frame > self.frame):
            return self._reading  # no event this frame, and none in the last reading
        coins = [0, 0]
        pressed: set[str] = set()
        while index < len(events) and events[index].frame <= self.frame:
            event = events[index]
            index += 1
            if event.control in ("coin1", "coin2"):
                coins[int(event.control[-1]) - 1] += event.down
            elif event.down:
                self.held.add(event.control)
                pressed.add(event.control)
            else:
                self.held.discard(event.control)
        self.index = index
        reading = SourceReading(frozenset(self.held), frozenset(pressed), (coins[0], coins[1]))
        # A reading without presses or coins is what every frame without events reads.
        self._reading = None if pressed or coins != [0, 0] else reading
        return reading

    def status(self) -> str:
        return f"input script: event {self.index} of {len(self.events)}"

    def close(self) -> None:
        pass
