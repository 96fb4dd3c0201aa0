"""The stage select at the start of a credit (1-90) and the next-stage choice after a clear:
the offers, the cursor worked by the lever, the count-down."""

from __future__ import annotations

from games.flashpoint.rules import decisions as dec
from games.flashpoint.rules.tables import (
    DAS_FRAMES,
    FIRST_CHOICE_LAST,
    NEXT_CHOICE_STEPS,
    STAGE_COUNT,
)

# decision (SELECT_LEVER): a held lever repeats every 4 frames once held DAS_FRAMES.
REPEAT_FRAMES = 4
TENS = 10


def next_choices(cleared: int) -> tuple[int, ...]:
    """The four stages offered after clearing stage ``cleared`` (next, +2, +4, +6)."""
    if cleared >= STAGE_COUNT:
        base, cap = dec.LOOP_TO.value, dec.CHOICE_CAP_BELOW.value
    else:
        base = cleared + 1
        below = cleared < FIRST_CHOICE_LAST
        cap = dec.CHOICE_CAP_BELOW.value if below else dec.CHOICE_CAP_ABOVE.value
    return tuple(min(base + step, cap) for step in NEXT_CHOICE_STEPS)


class Lever:
    """Edges of a 4-way lever with auto-repeat: ``read`` returns (dx, dy) to act on."""

    __slots__ = ("count", "held")

    def __init__(self) -> None:
        self.held = (0, 0)
        self.count = 0

    def read(self, dx: int, dy: int) -> tuple[int, int]:
        if (dx, dy) != self.held:
            self.held = (dx, dy)
            self.count = 0
            return dx, dy
        if not (dx or dy):
            return 0, 0
        self.count += 1
        if self.count >= DAS_FRAMES and (self.count - DAS_FRAMES) % REPEAT_FRAMES == 0:
            return dx, dy
        return 0, 0

    def state(self) -> tuple[int, int, int]:
        return (*self.held, self.count)

    def restore(self, state: tuple[int, int, int]) -> None:
        dx, dy, self.count = state
        self.held = (dx, dy)


class Choice:
    """A stage to pick: ``offers`` (the first select: 1-90) and the cursor on one of them.

    ``step(dx, dy, confirm)`` returns the chosen stage once confirmed or when the count-down
    ends, else None. The first select moves by 1 sideways and 10 up/down, wrapping; the
    next-stage choice moves between its four offers with either axis."""

    __slots__ = ("cursor", "first", "frames_left", "lever", "offers")

    def __init__(self, offers: tuple[int, ...], first: bool) -> None:
        self.offers = offers
        self.first = first
        self.cursor = 0
        self.lever = Lever()
        self.frames_left = dec.SELECT_FRAMES.value if first else dec.CHOICE_FRAMES.value

    @staticmethod
    def first_stage() -> Choice:
        return Choice(tuple(range(1, FIRST_CHOICE_LAST + 1)), first=True)

    @staticmethod
    def after(cleared: int) -> Choice:
        return Choice(next_choices(cleared), first=False)

    @property
    def stage(self) -> int:
        return self.offers[self.cursor]

    @property
    def seconds_left(self) -> int:
        return (self.frames_left + 59) // 60

    def step(self, dx: int, dy: int, confirm: bool) -> tuple[int | None, bool]:
        """One frame; returns (the chosen stage or None, whether the cursor moved)."""
        mx, my = self.lever.read(dx, dy)
        before = self.cursor
        size = len(self.offers)
        if self.first:
            # Up is +10 on the lever's axis (dy = +1 for up).
            self.cursor = (self.cursor + mx + my * TENS) % size
        elif mx or my:
            self.cursor = max(0, min(size - 1, self.cursor + (mx or -my)))
        moved = self.cursor != before
        self.frames_left -= 1
        if confirm or self.frames_left <= 0:
            return self.stage, moved
        return None, moved

    def state(self) -> tuple[object, ...]:
        return (self.offers, self.first, self.cursor, self.frames_left, self.lever.state())

    @staticmethod
    def from_state(state: tuple[object, ...]) -> Choice:
        offers, first, cursor, frames_left, lever = state
        choice = Choice(offers, bool(first))  # type: ignore[arg-type]
        choice.cursor = int(cursor)  # type: ignore[call-overload]
        choice.frames_left = int(frames_left)  # type: ignore[call-overload]
        choice.lever.restore(lever)  # type: ignore[arg-type]
        return choice
