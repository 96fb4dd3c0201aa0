"""The Arika playfield: 10 columns, 20 visible rows and the hidden row 21 above them.

Collision runs on one integer: 16 bits a row, the field's 10 columns at bits 3-12 with
three solid wall columns either side, and a solid floor row 0. A piece fits where its
mask, shifted to its place, shares no bit with the board. The colour grid beside it is
what the screen draws; it changes only when a piece locks, rows clear or garbage rises.

A wide well (``Board(14)``, Doubles) keeps the same bit grid, so the player loop's masks
and shifts are unchanged: its 14 columns take bits 1-14 with a one-bit wall either side,
i.e. the piece grid's columns -2 .. 11 (``first`` = -2). One wall bit is enough: a piece
tested one or two columns past a wall meets that wall or the wall of the next row.
``cells``, ``put`` and ``filled`` count columns from the well's left edge (0 .. width - 1);
a piece's box column ``x`` covers well column ``x - first``.
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


WIDE = 14  # the Doubles well


def _walls(width: int) -> int:
    first = -(width - WIDTH) // 2
    return ROW_MASK ^ (((1 << width) - 1) << (COLUMN_OFFSET + first))


def _empty(walls: int) -> int:
    return sum(ROW_MASK << (ROW_BITS * r) for r in range(FLOOR + 1)) | sum(
        walls << (ROW_BITS * (r + FLOOR)) for r in range(1, ROWS + 1))


WIDE_WALLS = _walls(WIDE)
WIDE_EMPTY = _empty(WIDE_WALLS)


class Board:
    """``bits`` for collision; ``cells[row - 1][column]`` colours, ``locked[row - 1][column]``
    the frame each block locked (the staff roll fades blocks by their age). ``width`` is 10
    or 14 (see the module's note)."""

    __slots__ = ("bits", "cells", "empty", "first", "locked", "walls", "width")

    def __init__(self, width: int = WIDTH) -> None:
        if width not in (WIDTH, WIDE):
            raise ValueError(f"an Arika well is {WIDTH} or {WIDE} columns wide, not {width}")
        self.width = width
        self.first = -(width - WIDTH) // 2  # the piece grid's column of the well's column 0
        self.walls = WALLS if width == WIDTH else WIDE_WALLS
        self.empty = EMPTY_BOARD if width == WIDTH else WIDE_EMPTY
        self.bits = self.empty
        self.cells: list[list[int]] = [[0] * width for _ in range(ROWS)]
        self.locked: list[list[int]] = [[0] * width for _ in range(ROWS)]

    def filled(self, row: int, column: int) -> bool:
        """Row 1-based from the bottom, column 0-based from the left."""
        return bool(self.bits >> (row * ROW_BITS + column + self.first + ORIGIN) & 1)

    def put(self, row: int, column: int, value: int, frame: int = 0) -> None:
        if row > ROWS:
            return  # a BIG piece locked above the kept rows: those blocks are lost
        bit = 1 << (row * ROW_BITS + column + self.first + ORIGIN)
        if value:
            self.bits |= bit
        else:
            self.bits &= ~bit
        self.cells[row - 1][column] = value
        self.locked[row - 1][column] = frame

    def row_full(self, row: int) -> bool:
        return self.bits >> ((row + FLOOR) * ROW_BITS) & ROW_MASK == FULL

    def row_empty(self, row: int) -> bool:
        return self.bits >> ((row + FLOOR) * ROW_BITS) & ROW_MASK == self.walls

    def is_empty(self) -> bool:
        return self.bits == self.empty

    def block_count(self) -> int:
        return (self.bits ^ self.empty).bit_count()

    def remove_rows(self, rows: list[int] | tuple[int, ...]) -> None:
        """Delete the given rows; the rows above fall straight down (no cascade)."""
        gone = set(rows)
        keep = [r for r in range(1, ROWS + 1) if r not in gone]
        self._rebuild([self._row_bits(r) for r in keep], [self.cells[r - 1] for r in keep],
                      [self.locked[r - 1] for r in keep])

    def push_up(self, values: list[int], frame: int = 0) -> None:
        """Raise the whole stack one row and put ``values`` (one per column) in row 1.
        Whatever is pushed past the buffer row is lost."""
        row = self.walls
        for c, v in enumerate(values):
            if v:
                row |= 1 << (c + self.first + COLUMN_OFFSET)
        keep = range(1, BUFFER_ROW)
        self._rebuild([row, *(self._row_bits(r) for r in keep)],
                      [list(values), *(self.cells[r - 1] for r in keep)],
                      [[frame if v else 0 for v in values], *(self.locked[r - 1] for r in keep)])

    def compact_columns(self) -> None:
        """Every block falls down its column through the holes below it (Free Fall)."""
        width = self.width
        columns = [[(self.cells[r][c], self.locked[r][c]) for r in range(ROWS)
                    if self.cells[r][c]] for c in range(width)]
        self.bits = self.empty
        self.cells = [[0] * width for _ in range(ROWS)]
        self.locked = [[0] * width for _ in range(ROWS)]
        for c, blocks in enumerate(columns):
            for r, (value, frame) in enumerate(blocks, start=1):
                self.put(r, c, value, frame)

    def clear(self) -> None:
        self.bits = self.empty
        self.cells = [[0] * self.width for _ in range(ROWS)]
        self.locked = [[0] * self.width for _ in range(ROWS)]

    def _row_bits(self, row: int) -> int:
        return self.bits >> ((row + FLOOR) * ROW_BITS) & ROW_MASK

    def _rebuild(self, rows: list[int], cells: list[list[int]], locked: list[list[int]]) -> None:
        rows = rows[:BUFFER_ROW]  # nothing is kept above the buffer row
        bits = sum(ROW_MASK << (ROW_BITS * r) for r in range(FLOOR + 1))
        for r, value in enumerate(rows, start=1):
            bits |= value << ((r + FLOOR) * ROW_BITS)
        for r in range(len(rows) + 1, ROWS + 1):
            bits |= self.walls << ((r + FLOOR) * ROW_BITS)
        self.bits = bits
        width = self.width
        pad = ROWS - len(cells)
        self.cells = [*cells[:ROWS], *([0] * width for _ in range(pad))]
        self.locked = [*locked[:ROWS], *([0] * width for _ in range(pad))]
        for r in range(BUFFER_ROW, ROWS):
            self.cells[r] = [0] * width
            self.locked[r] = [0] * width

    def copy(self) -> Board:
        other = Board(self.width)
        other.bits = self.bits
        other.cells = [list(r) for r in self.cells]
        other.locked = [list(r) for r in self.locked]
        return other

    @staticmethod
    def from_text(lines: list[str]) -> Board:
        """Rows of ``#``/``.``; the last line is row 1. Blocks are garbage-grey. The well
        is as wide as the longest line if that is 14, else 10."""
        board = Board(WIDE if max((len(line) for line in lines), default=0) == WIDE
                      else WIDTH)
        for r, line in enumerate(reversed(lines), start=1):
            for c, ch in enumerate(line):
                if ch != ".":
                    board.put(r, c, GARBAGE)
        return board

    def to_text(self, rows: int = VISIBLE_ROWS) -> list[str]:
        return ["".join("#" if self.filled(r, c) else "." for c in range(self.width))
                for r in range(rows, 0, -1)]
