"""Versus garbage: a clear of two or more lines sends copies of the cleared rows, with the
clearing piece's cells taken out, so that the holes sit where the piece was.

Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Versus (the garbage holes
correspond to where the line-clearing piece was; singles send nothing); tetris.wiki "TGM
Versus Mode Guide" (garbage limit of 8 lines). When rows enter the receiver's field, and
what the cap of 8 limits, are decisions (games/tap/rules/decisions.py, VERSUS_DECISIONS).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.arika.board import GARBAGE, WIDTH, Board
from games.tap.rules.decisions import VERSUS_DECISIONS

MIN_LINES = 2  # singles send nothing
GARBAGE_CAP: int = VERSUS_DECISIONS["garbage_cap"].value

Row = tuple[int, ...]  # one cell value a column, 0 = hole


def garbage_rows(board: Board, cleared: Sequence[int],
                 piece: Iterable[tuple[int, int]]) -> list[Row]:
    """The rows a clear sends, bottom row first: each cleared row (still on ``board``,
    full) with the clearing piece's cells (``(row, column)``) emptied and every other cell
    turned into a garbage block. Fewer than ``MIN_LINES`` rows send nothing."""
    if len(cleared) < MIN_LINES:
        return []
    holes = set(piece)
    return [tuple(0 if (r, c) in holes or not board.filled(r, c) else GARBAGE
                  for c in range(WIDTH)) for r in sorted(cleared)]


class GarbageQueue:
    """Rows waiting to enter one player's field, oldest first (bottom row first within an
    attack). At most ``GARBAGE_CAP`` rows wait; rows beyond the cap are dropped."""

    __slots__ = ("rows",)

    def __init__(self) -> None:
        self.rows: list[Row] = []

    def add(self, rows: Sequence[Row]) -> int:
        """Queue one attack's rows; returns how many were kept."""
        room = max(0, GARBAGE_CAP - len(self.rows))
        kept = list(rows[:room])
        self.rows.extend(kept)
        return len(kept)

    def __len__(self) -> int:
        return len(self.rows)

    def rise(self, board: Board, frame: int = 0) -> int:
        """Push every waiting row into ``board`` from below; returns the count. The queue
        enters as one block in its own order, bottom row first: within an attack the lowest
        cleared row ends lowest, and an older attack ends below a newer one."""
        rows = self.rows
        if not rows:
            return 0
        self.rows = []
        for row in reversed(rows):
            board.push_up(list(row), frame)
        return len(rows)

    def state(self) -> tuple[Row, ...]:
        return tuple(self.rows)

    def restore(self, state: Sequence[Row]) -> None:
        self.rows = list(state)

