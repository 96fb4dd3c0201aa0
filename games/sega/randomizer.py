"""Sega's multiply-by-41 randomizer and the piece sources built on it."""

from __future__ import annotations

from functools import lru_cache

MASK32 = 0xFFFFFFFF


def sega_random(seed: int, default: int) -> tuple[int, int]:
    """One call of the core. Returns (new seed, value).

    Source: tetris.wiki, "Sega Randomizer" (seed 0 -> default constant; P = seed x 41;
    F = lo + hi; new seed = F<<16 | lo; value = old high half <<16 | F); the same routine
    as the RandomNumber routine of Sonic 1 disassemblies.
    """
    s = seed & MASK32 or default
    p = s * 41 & MASK32
    lo = p & 0xFFFF
    f = (lo + (p >> 16)) & 0xFFFF
    return (f << 16) | lo, (s >> 16) << 16 | f


class PieceTable:
    """Tetris (1988): a table of ``size`` pieces drawn at game start, walked with wrap-around.

    Source: tetris.wiki, "Sega Randomizer" (1000 pieces, index = (value AND 0x3F) mod 7,
    wraps to entry 1).
    """

    __slots__ = ("entries", "position", "seed_after")

    def __init__(self, entries: tuple[int, ...], seed_after: int) -> None:
        self.entries = entries
        self.position = 0
        self.seed_after = seed_after

    @staticmethod
    def draw(seed: int, default: int, size: int, mask: int) -> PieceTable:
        entries = []
        for _ in range(size):
            seed, value = sega_random(seed, default)
            entries.append((value & mask) % 7)
        return PieceTable(tuple(entries), seed)

    def next(self) -> int:
        kind = self.entries[self.position]
        self.position = (self.position + 1) % len(self.entries)
        return kind

    def state(self) -> tuple[int, ...]:
        return (self.position,)

    def restore(self, state: tuple[int, ...]) -> None:
        self.position = state[0]


class PieceStream:
    """Pieces drawn on the fly from a piece seed (Bloxeed: no table, no loop).

    ``kinds`` maps the low bits of each call's value to a piece: its length is a power of
    two and the value is masked with ``len(kinds) - 1`` (Bloxeed: 128 entries, see
    its cartridge's piece-by-value table)."""

    __slots__ = ("default", "kinds", "mask", "seed")

    def __init__(self, seed: int, default: int, kinds: tuple[int, ...]) -> None:
        if not kinds or len(kinds) & (len(kinds) - 1):
            raise ValueError("a piece stream's value table needs a power-of-two length")
        self.seed = seed & MASK32
        self.default = default
        self.kinds = kinds
        self.mask = len(kinds) - 1

    def next(self) -> int:
        self.seed, value = sega_random(self.seed, self.default)
        return self.kinds[value & self.mask]

    def state(self) -> tuple[int, ...]:
        return (self.seed,)

    def restore(self, state: tuple[int, ...]) -> None:
        self.seed = state[0]


@lru_cache(maxsize=16)
def _drawn(seed: int, default: int, size: int, mask: int) -> tuple[tuple[int, ...], int]:
    table = PieceTable.draw(seed, default, size, mask)
    return table.entries, table.seed_after


def table_for(seed: int, default: int, size: int, mask: int) -> PieceTable:
    """A fresh walker of the table drawn from ``seed``. The drawing (1000 calls, about half
    a millisecond) is kept for the latest seeds, a pure function of them, so a game's start
    finds it drawn ahead (``CartRules.ahead``) and a replay's check does not draw it
    again."""
    return PieceTable(*_drawn(seed & MASK32, default, size, mask))
