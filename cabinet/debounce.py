"""Switch debounce for inputs read from raw pin edges (GPIO): glitches and contact bounce.

First a glitch filter: a change of the line shorter than GLITCH_S (either way) is erased, so
a flood of microsecond spikes, even through a closed contact, neither makes nor breaks a press.
Then a level counts only once it has held steady long enough:

- a press counts once the line has stayed closed for the input class's minimum pulse
  width (``press_s``): a 20 microsecond spike from a nearby coil, or a flood of them, never
  reaches the game, while a coin mech's 20-100 ms pulse and a button held for frames do;
- a release counts once the line has stayed open for the debounce time (``release_s``):
  every open stretch inside a bouncing contact is shorter than that, so a bouncing press or
  coin is one press or one coin, however the contact chatters on the way in and out.

Both figures are per input class (coin chutes, player buttons, cabinet switches): see
INPUT_CLASSES and the defaults below. An edge may come in stamped a little before the frame's
own clock reading (another thread stamps it); time never runs backwards here.
"""

from __future__ import annotations

from cabinet.decisions import INPUT_DECISIONS
from cabinet.wiring import COIN_CHUTES

# Input classes: every GPIO input belongs to one.
COIN = "coin"  # coin chutes: one pulse per coin
BUTTON = "button"  # player levers, buttons and start
SYSTEM = "system"  # the cabinet's own switches: service, test, tilt
INPUT_CLASSES = (COIN, BUTTON, SYSTEM)
SYSTEM_SWITCHES = ("service", "test", "tilt")

# Minimum pulse width per class (ms), release time (ms) and glitch length (s): the
# project's choices, with their reasons, in cabinet/decisions.py INPUT_DECISIONS.
DEFAULT_PULSE_MS: dict[str, float] = dict(INPUT_DECISIONS["pulse_ms"].value)
DEFAULT_DEBOUNCE_MS: float = INPUT_DECISIONS["debounce_ms"].value
GLITCH_S: float = INPUT_DECISIONS["glitch_s"].value


def input_class(control: str) -> str:
    """The class of a GPIO input: coin1/coin2 are coins, service/test/tilt system switches."""
    if control in COIN_CHUTES:
        return COIN
    return SYSTEM if control in SYSTEM_SWITCHES else BUTTON


class Debouncer:
    """The debounced level of one switch, fed with raw edges stamped with a monotonic time.

    ``pin``: the line as last reported; ``raw``: the line with glitches erased (a change
    adopted once it has lasted the glitch width, dated from when it happened); ``level``:
    what the game sees.
    """

    def __init__(self, level: bool, release_s: float, press_s: float = 0.0) -> None:
        if release_s < 0 or press_s < 0:
            raise ValueError(f"debounce times must not be negative, got {release_s}, {press_s}")
        self.level = level
        self.raw = level
        self.pin = level
        self.release_s = release_s
        self.press_s = press_s
        self.glitch_s = min(GLITCH_S, press_s, release_s)
        self._raw_since = float("-inf")  # when the glitch-free line last changed
        self._pin_since = float("-inf")  # when the reported line last changed
        self._now = float("-inf")

    @property
    def debounce_s(self) -> float:
        return self.release_s

    def edge(self, level: bool, t: float) -> list[bool]:
        """The pin reported ``level`` at time ``t``; returns the levels taken (0, 1 or 2: a
        zero-width class takes the new level at once)."""
        taken = self.settle(t)
        if level != self.pin:
            self.pin = level
            self._pin_since = self._now
            taken += self.settle(t)
        return taken

    def settle(self, now: float) -> list[bool]:
        """Take the line's level if it has held long enough by ``now``."""
        self._now = max(self._now, now)
        if self.pin != self.raw and self._pin_since + self.glitch_s <= self._now:
            self.raw = self.pin
            self._raw_since = self._pin_since
        if self.raw != self.level:
            steady = self.press_s if self.raw else self.release_s
            # A change still inside the glitch width may be the end of this stretch: count
            # the stretch only up to it until it proves a glitch.
            held_until = self._pin_since if self.pin != self.raw else self._now
            if self._raw_since + steady <= held_until:
                self.level = self.raw
                return [self.level]
        return []
