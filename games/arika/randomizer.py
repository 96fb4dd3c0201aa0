"""The TGM2 randomizer (PLUS too): a 4-piece history and up to 6 tries, on Arika's LCG.

Source: tetris.wiki, "TGM randomizer" (history of 4, 6 tries in TGM2, first piece never
S, Z or O, the starting history); the LCG, the piece order and the re-draw quirk are as
documented in the Heboris C.E. notes on the arcade algorithm (numbers only; no code).
"""

from __future__ import annotations

from typing import Protocol

from engine.pieces import I, J, L, O, S, T, Z

LCG_MULTIPLIER = 0x41C64E6D
LCG_INCREMENT = 12345
MASK32 = 0xFFFFFFFF
# Arika's internal piece order: the LCG's output modulo 7 indexes it.
ARIKA_ORDER: tuple[int, ...] = (I, Z, S, J, L, O, T)
START_HISTORY: tuple[int, ...] = (Z, S, Z, S)
TRIES = 6
FIRST_PIECE_BANNED = frozenset((S, Z, O))


class PieceDealer(Protocol):
    def next(self) -> int: ...
    def state(self) -> tuple[int, ...]: ...
    def restore(self, state: tuple[int, ...]) -> None: ...


def lcg_step(seed: int) -> int:
    return (seed * LCG_MULTIPLIER + LCG_INCREMENT) & MASK32


def lcg_output(seed: int) -> int:
    """The 15-bit value the game reads from a freshly stepped seed."""
    return (seed >> 10) & 0x7FFF


class Tgm2Randomizer:
    """``next()`` deals the next piece kind (engine.pieces numbering).

    Each try draws a piece and checks it against the history; a piece found in the history
    is immediately re-drawn, and that re-draw is what the next try throws away (the
    arcade's quirk). After the sixth failed try the re-draw itself is dealt, unchecked.
    The first piece is drawn again until it is none of S, Z, O (decision: by re-drawing,
    so the LCG advances once per draw)."""

    __slots__ = ("draws", "first", "history", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed & MASK32
        self.history: list[int] = list(START_HISTORY)
        self.first = True
        self.draws = 0

    def _draw(self) -> int:
        self.seed = (self.seed * LCG_MULTIPLIER + LCG_INCREMENT) & MASK32
        self.draws += 1
        return ARIKA_ORDER[((self.seed >> 10) & 0x7FFF) % 7]

    def next(self) -> int:
        history = self.history
        if self.first:
            self.first = False
            piece = self._draw()
            while piece in FIRST_PIECE_BANNED:
                piece = self._draw()
        else:
            for _ in range(TRIES):
                piece = self._draw()
                if piece not in history:
                    break
                piece = self._draw()
        history.pop()
        history.insert(0, piece)
        return piece

    def state(self) -> tuple[int, ...]:
        return (self.seed, int(self.first), self.draws, *self.history)

    def restore(self, state: tuple[int, ...]) -> None:
        self.seed, first, self.draws, *history = state
        self.first = bool(first)
        self.history = list(history)
