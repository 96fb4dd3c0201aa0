"""The control panel: every input source merged into one InputFrame per frame.

The frame loop calls ``ControlPanel.poll()`` once per frame. Each source is read exactly once;
a switch is down in the frame if any source holds it or latched a press since the previous
frame, and coin edges are summed per chute. So a press between two frames shows as pressed for
exactly one frame, and every coin edge is counted exactly once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cabinet.source import CONTROLS, NOTHING, InputSource, SourceReading
from cabinet.wiring import COIN_CHUTES
from engine import InputFrame, PlayerInput

# Coin edges one InputFrame carries per chute; more wait for the next frame so a replay
# (which stores 3 bits per chute) and the engine see the same count.
# Source: engine/inputs.py InputFrame.to_bits (coin1 bits 19-21, coin2 bits 22-24)
COINS_PER_FRAME_MAX = 7
# Input frames are immutable: the same switches make the same frame, built once (a panel
# at rest or a held lever repeats one for many frames). Bounded, however they are mashed.
FRAMES_KEPT = 256

__all__ = ["ControlPanel", "SourceState"]


@dataclass(frozen=True)
class SourceState:
    """One source as the service menu's input test shows it."""

    name: str
    status: str
    error: str | None  # the last read() failure, if the source is failing right now
    notice: str | None = None  # something the operator should know (e.g. JVS line errors)


class ControlPanel:
    """Merges the readings of every source into the engine's InputFrame."""

    def __init__(self, sources: Iterable[InputSource]) -> None:
        self.sources: list[InputSource] = list(sources)
        names = [s.name for s in self.sources]
        if len(set(names)) != len(names):
            raise ValueError(f"control panel: two sources share a name in {names}")
        self._names = tuple(names)
        self._readings: dict[str, SourceReading] = dict.fromkeys(names, NOTHING)
        self._errors: dict[str, str | None] = dict.fromkeys(names, None)
        self._shown: frozenset[str] = frozenset()  # switches down in the previous frame
        self._deferred: set[str] = set()  # re-presses to show in the next frame
        self._coins_owed = (0, 0)  # coin edges beyond what one frame can carry
        self._by_source: dict[str, tuple[str, ...]] | None = None  # made when asked for
        self._frames: dict[tuple[frozenset[str], int, int], InputFrame] = {}  # frozen, reused
        # The last frame and the readings it was built from, in source order. The frame is
        # "steady" when no reading had a press or a coin, nothing was deferred into or out of
        # it and no coin is owed: the same readings again then make the same frame.
        self._last: list[SourceReading] = [NOTHING] * len(self.sources)
        self._frame = _frame(frozenset(), 0, 0)
        self._steady = False
        self._erring = False  # some source's last read failed (an error to clear on success)

    def poll(self) -> InputFrame:
        """Read every source once and build this frame's InputFrame."""
        last = self._last
        # None while every reading equals the one the steady last frame was built from.
        now: list[SourceReading] | None = None if self._steady else []
        for i, source in enumerate(self.sources):
            try:
                reading = source.read()
            except Exception as exc:
                # A failing source (unplugged I/O board, driver error) must not stop the
                # cabinet: it reads as nothing this frame and the service menu shows why.
                self._errors[source.name] = f"{type(exc).__name__}: {exc}"
                self._erring = True
                reading = NOTHING
            else:
                if self._erring:
                    self._errors[source.name] = None
            if now is None:
                if reading is last[i] or reading == last[i]:
                    continue
                now = last[:i]
            now.append(reading)
        if self._erring:
            self._erring = any(error is not None for error in self._errors.values())
        if now is None:
            # Nothing new from any source since a steady frame: the same frame again.
            return self._frame
        self._last = now
        return self._build(now)

    def _build(self, now: list[SourceReading]) -> InputFrame:
        previous = self._readings
        readings = dict(zip(self._names, now, strict=True))
        self._readings = readings

        deferred_in = self._deferred
        down: set[str] = set(deferred_in)
        coin1, coin2 = self._coins_owed
        pressed = False
        for reading in now:
            down |= reading.held
            if reading.pressed:
                down |= reading.pressed
                pressed = True
            c1, c2 = reading.coins
            coin1 += c1
            coin2 += c2
        deferred: set[str] = set()
        if pressed and self._shown:
            # A switch the engine saw down last frame, released and pressed again before
            # this frame (a fast double press on the same source), would look like one long
            # hold and the second press would be lost. Show the release now and the press
            # next frame.
            for name, reading in readings.items():
                for control in reading.pressed & previous[name].held & self._shown:
                    if not _held_throughout(control, name, previous, readings):
                        down.discard(control)
                        deferred.add(control)
        self._deferred = deferred
        shown = frozenset(down)
        self._shown = shown

        shown1, shown2 = min(coin1, COINS_PER_FRAME_MAX), min(coin2, COINS_PER_FRAME_MAX)
        self._coins_owed = (coin1 - shown1, coin2 - shown2)
        self._steady = not (deferred_in or deferred or coin1 or coin2 or pressed)

        self._by_source = None
        key = (shown, shown1, shown2)
        frame = self._frames.get(key)
        if frame is None:
            if len(self._frames) >= FRAMES_KEPT:
                self._frames.clear()
            frame = self._frames[key] = _frame(shown, shown1, shown2)
        self._frame = frame
        return frame

    def last_sources(self) -> Mapping[str, tuple[str, ...]]:
        """For each control and coin chute, the sources that had it down (or a coin) in the
        last polled frame, in source order; an empty tuple when none did. Worked out only
        when asked (the input test page), not on every frame."""
        if self._by_source is None:
            self._by_source = self._attribute(self._readings)
        return self._by_source

    def states(self) -> list[SourceState]:
        """Every source's status line and its current read error, for the service menu."""
        return [
            SourceState(source.name, _status(source), self._errors[source.name],
                        _notice(source))
            for source in self.sources
        ]

    def close(self) -> None:
        for source in self.sources:
            source.close()

    def _attribute(self, readings: Mapping[str, SourceReading]) -> dict[str, tuple[str, ...]]:
        by_source: dict[str, tuple[str, ...]] = {}
        for control in CONTROLS:
            by_source[control] = tuple(
                name for name, r in readings.items() if control in r.held or control in r.pressed
            )
        for i, chute in enumerate(COIN_CHUTES):
            by_source[chute] = tuple(name for name, r in readings.items() if r.coins[i])
        return by_source


def _held_throughout(
    control: str,
    except_source: str,
    previous: Mapping[str, SourceReading],
    readings: Mapping[str, SourceReading],
) -> bool:
    """True if another source held ``control`` at the previous frame and still holds it."""
    return any(
        control in previous[name].held and control in reading.held
        for name, reading in readings.items()
        if name != except_source
    )


def _status(source: InputSource) -> str:
    try:
        return source.status()
    except Exception as exc:
        return f"status unavailable ({type(exc).__name__}: {exc})"


def _notice(source: InputSource) -> str | None:
    """A source's optional ``notice`` attribute (JvsSource has one)."""
    try:
        notice = getattr(source, "notice", None)
    except Exception as exc:
        return f"notice unavailable ({type(exc).__name__}: {exc})"
    return notice if isinstance(notice, str) and notice else None


def _player(down: frozenset[str], prefix: str) -> PlayerInput:
    return PlayerInput(
        up=f"{prefix}.up" in down,
        down=f"{prefix}.down" in down,
        left=f"{prefix}.left" in down,
        right=f"{prefix}.right" in down,
        b1=f"{prefix}.b1" in down,
        b2=f"{prefix}.b2" in down,
        b3=f"{prefix}.b3" in down,
        start=f"{prefix}.start" in down,
    )


def _frame(down: frozenset[str], coin1: int, coin2: int) -> InputFrame:
    return InputFrame(
        p1=_player(down, "p1"),
        p2=_player(down, "p2"),
        coin1=coin1,
        coin2=coin2,
        service="service" in down,
        test="test" in down,
        tilt="tilt" in down,
    )
