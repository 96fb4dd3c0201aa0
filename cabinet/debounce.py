"""Switch debounce for inputs read from raw pin edges (GPIO).

Leading-edge debounce: the first edge that changes the level is taken at once, so a press
reaches the next frame with no added delay; edges during the following debounce time are
contact bounce and only update the raw level. When the debounce time ends, a raw level that
differs from the taken level (the contact settled the other way) is taken then. So a bouncing
press is one press, and no real change is lost, only delayed to the end of the debounce time.
"""

from __future__ import annotations

# Kernel gpio-keys debounces 5 ms by default: the figure a Pi cabinet's switches already
# live with. Source: Linux devicetree binding input/gpio-keys (Linux devicetree bindings
# input/gpio-keys.txt)
DEFAULT_DEBOUNCE_MS = 5.0


class Debouncer:
    """The debounced level of one switch, fed with raw edges stamped with a monotonic time."""

    def __init__(self, level: bool, debounce_s: float) -> None:
        if debounce_s < 0:
            raise ValueError(f"debounce time must not be negative, got {debounce_s}")
        self.level = level  # debounced: what the game sees
        self.raw = level  # the last level the pin reported
        self.debounce_s = debounce_s
        self._quiet_at = float("-inf")  # end of the current debounce time
        self._now = float("-inf")

    def edge(self, level: bool, t: float) -> list[bool]:
        """The pin reported ``level`` at time ``t``; returns the levels taken (0, 1 or 2)."""
        taken = self.settle(t)
        t = self._now
        self.raw = level
        if t >= self._quiet_at and level != self.level:
            taken.append(self._take(level, t))
        return taken

    def settle(self, now: float) -> list[bool]:
        """Take a settled raw level whose debounce time has ended by ``now``."""
        # Edges can be stamped on another thread and arrive a little out of order with the
        # frame's own clock reading; time never runs backwards here.
        self._now = max(self._now, now)
        if self.raw != self.level and self._quiet_at <= self._now:
            return [self._take(self.raw, self._quiet_at)]
        return []

    def _take(self, level: bool, t: float) -> bool:
        self.level = level
        self._quiet_at = t + self.debounce_s
        return level
