"""The Arika playfield: 10 columns, 20 visible rows and the hidden row 21 above them.

Collision runs on one integer: 16 bits a row, the field's 10 columns at bits 3-12 with
three solid wall columns either side, and a solid floor row 0. A piece fits where its
mask, shifted to its place, shares no bit with the board. The colour grid beside it is
what the screen draws; it changes only when a piece locks, rows clear or garbage rises.
"""

from __future__ import annotations

WIDTH = 10
VISIBLE_ROWS = 20
# Source: tetris.wiki, "Tetris The Absolute The Grand Master 2" (a block locked in the
# row above the visible field, row 21, is kept and comes back into view when the stack
# drops; blocks pushed higher are lost).
BUFFER_ROW = 21
ROWS = 22  # rows 1..22 exist on the bit board; row 22 stays empty (nothing is kept there)
ROW_BITS = 16
COLUMN_OFFSET = 3
ROW_MASK = (1 << ROW_BITS) - 1
# Solid rows under row 1 (rows 0, -1, -2, -3), so that a box whose bottom rows are empty
# can stand on the floor without a negative shift. Row r's bits start at (r + FLOOR) * 16.
FLOOR = 3
# Bit of the cell at column 0 of row 0: a piece's mask shifts by y * ROW_BITS + x + ORIGIN.
ORIGIN = FLOOR * ROW_BITS + COLUMN_OFFSET
WALLS = ROW_MASK ^ (((1 << WIDTH) - 1) << COLUMN_OFFSET)  # the wall bits of one row
FULL = ROW_MASK  # a row whose every field cell is filled, walls included

EMPTY_BOARD = sum(ROW_MASK << (ROW_BITS * r) for r in range(FLOOR + 1)) | sum(
    WALLS << (ROW_BITS * (r + FLOOR)) for r in range(1, ROWS + 1))

# Cell values: 0 empty; bits 0-3 colour (piece kind + 1, GARBAGE for garbage); ITEM_SHIFT
# and up: an item block's effect (0 for none).
GARBAGE = 8
COLOUR_MASK = 0x0F
ITEM_SHIFT = 4


class Board:
    """``bits`` for collision; ``cells[row - 1][column]`` colours, ``locked[row - 1][column]``
    the frame each block locked (the staff roll fades blocks by their age)."""

    __slots__ = ("bits", "cells", "locked")

    def __init__(self) -> None:
        self.bits = EMPTY_BOARD
        self.cells: list[list[int]] = [[0] * WIDTH for _ in range(ROWS)]
        self.locked: list[list[int]] = [[0] * WIDTH for _ in range(ROWS)]

    def filled(self, row: int, column: int) -> bool:
        """Row 1-based from the bottom, column 0-based from the left."""
        return bool(self.bits >> (row * ROW_BITS + column + ORIGIN) & 1)

    def put(self, row: int, column: int, value: int, frame: int = 0) -> None:
        bit = 1 << (row * ROW_BITS + column + ORIGIN)
        if value:
            self.bits |= bit
        else:
            self.bits &= ~bit
        self.cells[row - 1][column] = value
        self.locked[row - 1][column] = frame

    def row_full(self, row: int) -> bool:
        return self.bits >> ((row + FLOOR) * ROW_BITS) & ROW_MASK == FULL

    def row_empty(self, row: int) -> bool:
        return self.bits >> ((row + FLOOR) * ROW_BITS) & ROW_MASK == WALLS

    def is_empty(self) -> bool:
        return self.bits == EMPTY_BOARD

    def block_count(self) -> int:
        return (self.bits ^ EMPTY_BOARD).bit_count()

    def remove_rows(self, rows: list[int] | tuple[int, ...]) -> None:
        """Delete the given rows; the rows above fall straight down (no cascade)."""
        gone = set(rows)
        keep = [r for r in range(1, ROWS + 1) if r not in gone]
        self._rebuild([self._row_bits(r) for r in keep], [self.cells[r - 1] for r in keep],
                      [self.locked[r - 1] for r in keep])

    def push_up(self, values: list[int], frame: int = 0) -> None:
        """Raise the whole stack one row and put ``values`` (one per column) in row 1.
        Whatever is pushed past the buffer row is lost."""
        row = WALLS
        for c, v in enumerate(values):
            if v:
                row |= 1 << (c + COLUMN_OFFSET)
        keep = range(1, BUFFER_ROW)
        self._rebuild([row, *(self._row_bits(r) for r in keep)],
                      [list(values), *(self.cells[r - 1] for r in keep)],
                      [[frame if v else 0 for v in values], *(self.locked[r - 1] for r in keep)])

    def compact_columns(self) -> None:
        """Every block falls down its column through the holes below it (Free Fall)."""
        columns = [[(self.cells[r][c], self.locked[r][c]) for r in range(ROWS)
                    if self.cells[r][c]] for c in range(WIDTH)]
        self.bits = EMPTY_BOARD
        self.cells = [[0] * WIDTH for _ in range(ROWS)]
        self.locked = [[0] * WIDTH for _ in range(ROWS)]
        for c, blocks in enumerate(columns):
            for r, (value, frame) in enumerate(blocks, start=1):
                self.put(r, c, value, frame)

    def clear(self) -> None:
        self.bits = EMPTY_BOARD
        self.cells = [[0] * WIDTH for _ in range(ROWS)]
        self.locked = [[0] * WIDTH for _ in range(ROWS)]

    def _row_bits(self, row: int) -> int:
        return self.bits >> ((row + FLOOR) * ROW_BITS) & ROW_MASK

    def _rebuild(self, rows: list[int], cells: list[list[int]], locked: list[list[int]]) -> None:
        rows = rows[:BUFFER_ROW]  # nothing is kept above the buffer row
        bits = sum(ROW_MASK << (ROW_BITS * r) for r in range(FLOOR + 1))
        for r, value in enumerate(rows, start=1):
            bits |= value << ((r + FLOOR) * ROW_BITS)
        for r in range(len(rows) + 1, ROWS + 1):
            bits |= WALLS << ((r + FLOOR) * ROW_BITS)
        self.bits = bits
        pad = ROWS - len(cells)
        self.cells = [*cells[:ROWS], *([0] * WIDTH for _ in range(pad))]
        self.locked = [*locked[:ROWS], *([0] * WIDTH for _ in range(pad))]
        for r in range(BUFFER_ROW, ROWS):
            self.cells[r] = [0] * WIDTH
            self.locked[r] = [0] * WIDTH

    def copy(self) -> Board:
        other = Board()
        other.bits = self.bits
        other.cells = [list(r) for r in self.cells]
        other.locked = [list(r) for r in self.locked]
        return other

    @staticmethod
    def from_text(lines: list[str]) -> Board:
        """Rows of ``#``/``.``; the last line is row 1. Blocks are garbage-grey."""
        board = Board()
        for r, line in enumerate(reversed(lines), start=1):
            for c, ch in enumerate(line):
                if ch != ".":
                    board.put(r, c, GARBAGE)
        return board

    def to_text(self, rows: int = VISIBLE_ROWS) -> list[str]:
        return ["".join("#" if self.filled(r, c) else "." for c in range(WIDTH))
                for r in range(rows, 0, -1)]
