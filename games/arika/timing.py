"""Speed tables of an Arika mode: gravity in 1/256 G and the five delays, by level; and
the game clock as the board shows it.

Frame counts are the engine's internal ones (see ARIKA_DECISIONS "frame_convention"):
tetris.wiki prints what a player observes, which is 2 more for ARE, line ARE and DAS and
the same for lock and line clear delays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

G = 256  # 1G: one row a frame
TWENTY_G = 20 * G
LEVELS = 1000  # levels 0..999
CLOCK_HZ = 60  # the game clock counts 60 a second, whatever the board's refresh


def clock_text(frames: int) -> str:
    """Game time as the board shows it: mm:ss:cc."""
    seconds, rest = divmod(frames, CLOCK_HZ)
    return f"{seconds // 60:02d}:{seconds % 60:02d}:{rest * 100 // CLOCK_HZ:02d}"


@dataclass(frozen=True, slots=True)
class Timing:
    """Delays in internal frames."""

    are: int
    line_are: int
    das: int
    lock: int
    line_clear: int


@dataclass(frozen=True, slots=True)
class GravityRow:
    level: int  # from this level on
    g256: int


@dataclass(frozen=True, slots=True)
class DelayRow:
    from_level: int
    are: int
    line_are: int
    das: int
    lock: int
    line_clear: int

    @property
    def timing(self) -> Timing:
        return Timing(self.are, self.line_are, self.das, self.lock, self.line_clear)

    def to_dict(self) -> dict[str, int]:
        return {"from_level": self.from_level, "are": self.are, "line_are": self.line_are,
                "das": self.das, "lock": self.lock, "line_clear": self.line_clear}


def expand(rows: Sequence[tuple[int, object]], levels: int = LEVELS) -> tuple[object, ...]:
    """A value per level from ``(from_level, value)`` rows sorted by level."""
    if not rows or rows[0][0] != 0:
        raise ValueError("a speed table starts at level 0")
    out: list[object] = []
    for i, (start, value) in enumerate(rows):
        end = rows[i + 1][0] if i + 1 < len(rows) else levels
        if end <= start:
            raise ValueError("speed table levels must rise")
        out.extend([value] * (end - start))
    return tuple(out[:levels])


def gravity_by_level(rows: Sequence[GravityRow], levels: int = LEVELS) -> tuple[int, ...]:
    values = expand([(r.level, r.g256) for r in rows], levels)
    return tuple(int(v) for v in values)  # type: ignore[call-overload]


def timing_by_level(rows: Sequence[DelayRow], levels: int = LEVELS) -> tuple[Timing, ...]:
    values = expand([(r.from_level, r.timing) for r in rows], levels)
    return tuple(v for v in values if isinstance(v, Timing))
