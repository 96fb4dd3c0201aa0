"""TGM3's randomizer: a 35-slot pool with drought replacement, a 4-piece history and up to
6 tries, on Arika's LCG.

Source: tetris.wiki, "TGM randomizer", TGM3 section (pool of 35 holding 5 of each piece,
history of 4 starting Z S Z S, 6 tries, the most-droughted piece written back, the slot
not updated after a reroll unless the top drought count rose: the game's known bug); the
Heboris C.E. notes on the arcade algorithm (drought counters starting at 4, ties to the
first piece in Arika's order). Numbers only; no code copied.
"""

from __future__ import annotations

from engine.pieces import I, J, L, O, S, T, Z
from games.arika.randomizer import (
    ARIKA_ORDER,
    FIRST_PIECE_BANNED,
    LCG_INCREMENT,
    LCG_MULTIPLIER,
    MASK32,
    START_HISTORY,
    TRIES,
)

POOL_SIZE = 35
COPIES = 5
DROUGHT_START = 4
# The pool starts as Arika's order repeated (I Z S J L O T, I Z S ...): TI_DECISIONS
# bag_start_order.
START_POOL: tuple[int, ...] = tuple(ARIKA_ORDER[k % 7] for k in range(POOL_SIZE))
# The drought scan runs in Arika's order; a strict comparison keeps the first maximum.
SCAN_ORDER: tuple[int, ...] = ARIKA_ORDER
assert sorted(START_POOL) == sorted((I, J, L, O, S, T, Z) * COPIES)


class TiBag:
    """``next()`` deals the next piece kind (engine.pieces numbering)."""

    __slots__ = ("draws", "drought", "first", "history", "pool", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed & MASK32
        self.pool: list[int] = list(START_POOL)
        self.history: list[int] = list(START_HISTORY)
        self.drought: list[int] = [DROUGHT_START] * 7  # by engine piece number
        self.first = True
        self.draws = 0

    def _rand(self) -> int:
        self.seed = (self.seed * LCG_MULTIPLIER + LCG_INCREMENT) & MASK32
        self.draws += 1
        return (self.seed >> 10) & 0x7FFF

    def most_droughted(self) -> int:
        drought = self.drought
        best = SCAN_ORDER[0]
        for kind in SCAN_ORDER[1:]:
            if drought[kind] > drought[best]:
                best = kind
        return best

    def _count(self, piece: int) -> None:
        drought = self.drought
        for kind in range(7):
            drought[kind] += 1
        drought[piece] = 0

    def next(self) -> int:
        history = self.history
        pool = self.pool
        if self.first:
            # The first piece is drawn from Arika's order until it is I, J, L or T (as TGM2
            # does); the pool is not touched: TI_DECISIONS bag_first_piece.
            self.first = False
            piece = ARIKA_ORDER[self._rand() % 7]
            while piece in FIRST_PIECE_BANNED:
                piece = ARIKA_ORDER[self._rand() % 7]
            self._count(piece)
        else:
            rerolled = False
            k = piece = 0
            for _ in range(TRIES):
                k = self._rand() % POOL_SIZE
                piece = pool[k]
                if piece not in history:
                    break
                rerolled = True
                pool[k] = self.most_droughted()
                # The re-pick the next try throws away; after the sixth try it is dealt.
                k = self._rand() % POOL_SIZE
                piece = pool[k]
            top_before = max(self.drought)
            self._count(piece)
            if not rerolled or max(self.drought) > top_before:
                pool[k] = self.most_droughted()
        history.pop()
        history.insert(0, piece)
        return piece

    def state(self) -> tuple[int, ...]:
        return (self.seed, int(self.first), self.draws, *self.history, *self.drought,
                *self.pool)

    def restore(self, state: tuple[int, ...]) -> None:
        self.seed, first, self.draws = state[0], state[1], state[2]
        self.first = bool(first)
        self.history = list(state[3:7])
        self.drought = list(state[7:14])
        self.pool = list(state[14:14 + POOL_SIZE])
