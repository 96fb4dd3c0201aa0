"""Our own piece generator (decision: the board's generator is not documented): a 32-bit
linear congruential generator and a weighted pick from the round table's weights."""

from __future__ import annotations

MASK = 0xFFFFFFFF
MULTIPLIER = 0x41C64E6D
INCREMENT = 0x3039


def advance(state: int) -> int:
    return (state * MULTIPLIER + INCREMENT) & MASK


def pick(state: int, weights: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """(new state, chosen piece index) for ``weights`` = ((piece index, weight), ...)."""
    state = advance(state)
    total = 0
    for _, w in weights:
        total += w
    r = (state >> 16) % total
    for index, w in weights:
        if r < w:
            return state, index
        r -= w
    raise AssertionError("weights total is positive")
