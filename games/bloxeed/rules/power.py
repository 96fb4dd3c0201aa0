"""Power blocks: the appearance timer and zones, the kind draw, the marked cell, activation."""

from __future__ import annotations

from engine.field import COLOUR_MASK, POWER_SHIFT, Field
from games.bloxeed.rules.decisions import (
    BOMB,
    FLICKY,
    FOUR_LINES,
    FOUR_LINES_ROWS,
    KIND_NAMES,
    MARKED_CELL,
    POWER_THRESHOLD_GROWTH_PERCENT,
    POWER_THRESHOLDS,
    SATELLITE,
    T16,
    ZONE_WEIGHTS,
)
from games.bloxeed.rules.tables import POWER_VALUE_MASK, ZONE_COLUMNS, ZONE_FLOORS
from games.sega.rules import MainSeed
from games.sega.tables import LEVEL_CAP

__all__ = [
    "BOMB", "FLICKY", "FOUR_LINES", "KIND_NAMES", "SATELLITE", "T16", "PowerBlocks",
    "activated_kind", "clear_marks", "four_lines_rows", "threshold", "zone_of",
]

_ZONE_MASK = sum(1 << c for c in ZONE_COLUMNS)


def threshold(level: int, zone: int) -> int:
    base = POWER_THRESHOLDS.value[zone]
    return base * (100 + POWER_THRESHOLD_GROWTH_PERCENT.value * level) // 100


# Timer threshold by [level][zone], looked up every frame.
THRESHOLDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(threshold(lv, z) for z in range(len(POWER_THRESHOLDS.value)))
    for lv in range(LEVEL_CAP + 1)
)


def _kind_table(weights: tuple[int, ...]) -> tuple[int, ...]:
    table: list[int] = []
    for kind, weight in zip((FOUR_LINES, T16, BOMB, FLICKY, SATELLITE), weights, strict=True):
        table.extend([kind] * weight)
    if len(table) != POWER_VALUE_MASK + 1:
        raise ValueError("a zone's weights must add up to 64")
    return tuple(table)


# The kind for each 6-bit value, per zone.
ZONE_KINDS: tuple[tuple[int, ...], ...] = tuple(_kind_table(w) for w in ZONE_WEIGHTS.value)


def zone_of(field: Field) -> int:
    """Zone 0..3 from the height of the highest cell in the centre six columns."""
    rows = field.rows
    for r in range(len(rows) - 1, -1, -1):
        if rows[r] & _ZONE_MASK:
            height = r + 1
            zone = 0
            for floor in ZONE_FLOORS:
                if height >= floor:
                    zone += 1
            return zone
    return 0


class PowerBlocks:
    """The timer, the one stored kind and which of the current and next piece carry it.

    ``kind`` is the stored kind (0 none); ``current`` / ``following`` say whether the
    current / next piece is marked. ``activated`` counts activations by kind."""

    __slots__ = ("activated", "current", "following", "kind", "limit", "timer", "zone")

    def __init__(self) -> None:
        self.timer = 0
        self.zone = 0
        self.limit = THRESHOLDS[0][0]
        self.kind = 0
        self.current = False
        self.following = False
        self.activated = [0] * (SATELLITE + 1)

    def refresh(self, field: Field, level: int) -> None:
        """Recompute the zone and threshold (after the field or the level changed)."""
        self.zone = zone_of(field)
        self.limit = THRESHOLDS[level][self.zone]

    def tick(self, main: MainSeed) -> int:
        """Run the timer one frame; returns the kind chosen this frame (0 if none)."""
        self.timer += 1
        if self.timer < self.limit:
            return 0
        self.timer = 0
        kind = ZONE_KINDS[self.zone][main.draw() & POWER_VALUE_MASK]
        # One stored kind: a marked current piece shows the new kind too (transform glitch).
        self.kind = kind
        self.following = True
        return kind

    def spawned(self) -> None:
        self.current = self.following
        self.following = False

    def current_kind(self) -> int:
        return self.kind if self.current else 0

    def next_kind(self) -> int:
        return self.kind if self.following else 0

    def state(self) -> tuple[int, ...]:
        return (self.timer, self.zone, self.limit, self.kind, int(self.current),
                int(self.following), *self.activated)

    def restore(self, state: tuple[int, ...]) -> None:
        self.timer, self.zone, self.limit, self.kind = state[:4]
        self.current = bool(state[4])
        self.following = bool(state[5])
        self.activated = list(state[6:])


def marked_index(kind: int) -> int:
    return MARKED_CELL.value[kind]


def activated_kind(field: Field, rows: list[int]) -> int:
    """The highest-priority power block in ``rows`` (0 if none)."""
    best = 0
    cells = field.cells
    for r in rows:
        for value in cells[r]:
            power = value >> POWER_SHIFT
            if power and (best == 0 or power < best):
                best = power
    return best


def clear_marks(field: Field) -> None:
    """Every power block in the field becomes a normal block."""
    for row in field.cells:
        for c, value in enumerate(row):
            if value >> POWER_SHIFT:
                row[c] = value & COLOUR_MASK


def four_lines_rows(field: Field) -> list[int]:
    """Rows 1, 3, 5 and 7 that hold blocks."""
    return [r for r in FOUR_LINES_ROWS.value if field.rows[r]]
