"""The 10x20 playfield: a bit mask per row for collision, a colour grid for the screen."""

from __future__ import annotations

FIELD_WIDTH = 10
FIELD_HEIGHT = 20
RowMasks = tuple[tuple[int, int], ...]  # (box row, bit mask of the row's cells at that x)

FULL_ROW = (1 << FIELD_WIDTH) - 1

# Cell values: 0 empty; low 4 bits colour (piece kind + 1, GARBAGE_BASE + n for garbage);
# bits 4-7 a power-block kind (Bloxeed), 0 for none.
POWER_SHIFT = 4
COLOUR_MASK = 0x0F


class Field:
    """``version`` counts changes made through these methods, so a screen can redraw the
    stack only when it changed (cells are changed only here)."""

    __slots__ = ("cells", "rows", "version")

    def __init__(self) -> None:
        self.version = 0
        # Row 0 is the bottom row (row 1 in the rules).
        self.rows: list[int] = [0] * FIELD_HEIGHT
        self.cells: list[list[int]] = [[0] * FIELD_WIDTH for _ in range(FIELD_HEIGHT)]

    def fits(self, masks: RowMasks | None, y: int) -> bool:
        """Whether a piece whose box row 0 is at row index ``y`` fits (walls, floor, ceiling)."""
        if masks is None:
            return False
        rows = self.rows
        for box_row, bits in masks:
            r = y - box_row
            if r < 0 or r >= FIELD_HEIGHT or rows[r] & bits:
                return False
        return True

    def set(self, row: int, column: int, value: int) -> None:
        self.cells[row][column] = value
        self.version += 1
        if value:
            self.rows[row] |= 1 << column
        else:
            self.rows[row] &= ~(1 << column)

    def full_rows(self) -> list[int]:
        return [r for r, bits in enumerate(self.rows) if bits == FULL_ROW]

    def remove_rows(self, rows: list[int]) -> None:
        """Remove the given rows; everything above falls down (naive gravity)."""
        gone = set(rows)
        self.version += 1
        keep = [r for r in range(FIELD_HEIGHT) if r not in gone]
        self.rows = [self.rows[r] for r in keep] + [0] * len(gone)
        self.cells = [self.cells[r] for r in keep] + [
            [0] * FIELD_WIDTH for _ in range(len(gone))
        ]

    def push_bottom(self, cells: list[int]) -> bool:
        """Raise the stack one row and put ``cells`` in at the bottom.

        Returns False if a block was pushed above the ceiling (it is lost)."""
        overflow = self.rows[-1] != 0
        self.version += 1
        self.rows = [sum(1 << c for c, v in enumerate(cells) if v), *self.rows[:-1]]
        self.cells = [list(cells), *self.cells[:-1]]
        return not overflow

    def is_empty(self) -> bool:
        return not any(self.rows)

    def height(self, columns: range = range(FIELD_WIDTH)) -> int:
        """1-based row of the highest block in ``columns`` (0 when they are empty)."""
        mask = sum(1 << c for c in columns)
        for r in range(FIELD_HEIGHT - 1, -1, -1):
            if self.rows[r] & mask:
                return r + 1
        return 0

    def copy(self) -> Field:
        other = Field()
        other.rows = list(self.rows)
        other.cells = [list(row) for row in self.cells]
        return other

    @staticmethod
    def from_text(lines: list[str]) -> Field:
        """Build a field from rows of ``#``/``.`` (first line = top of the given rows,
        last line = row 1). Blocks get colour 8 (grey)."""
        field = Field()
        for r, line in enumerate(reversed(lines)):
            for c, ch in enumerate(line):
                if ch != ".":
                    field.set(r, c, 8)
        return field

    def to_text(self) -> list[str]:
        return [
            "".join("#" if self.rows[r] >> c & 1 else "." for c in range(FIELD_WIDTH))
            for r in range(FIELD_HEIGHT - 1, -1, -1)
        ]
