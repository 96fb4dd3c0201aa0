"""The seven pieces. Kind numbers follow the Sega randomizer's index table."""

from __future__ import annotations

# Source: tetris.wiki "Tetris (Sega)" (index mapping 0 = I, 1 = Z, 2 = S, 3 = O, 4 = T,
# 5 = L, 6 = J).
I, Z, S, O, T, L, J = range(7)
LETTERS = "IZSOTLJ"

# Source: tetris.wiki "Tetris (Sega)" (colours: I red, T cyan, O yellow, L orange, J blue,
# S magenta, Z green). RGB values are our own.
PIECE_RGB: dict[int, tuple[int, int, int]] = {
    I: (224, 32, 32),
    Z: (32, 200, 48),
    S: (216, 48, 216),
    O: (232, 216, 32),
    T: (32, 208, 224),
    L: (240, 136, 24),
    J: (48, 80, 232),
}


def letter(kind: int) -> str:
    return LETTERS[kind]


def kind_of(letter_: str) -> int:
    index = LETTERS.find(letter_.upper())
    if index < 0 or len(letter_) != 1:
        raise ValueError(f"piece must be one of {LETTERS}, not {letter_!r}")
    return index
