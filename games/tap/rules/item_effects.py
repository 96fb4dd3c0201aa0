"""What each field item does to a field (tetris.wiki, "Tetris The Absolute The Grand Master
2", Versus items). The rows each effect takes are a decision
(VERSUS_DECISIONS["item_field_effects"]); the effects on pieces and on the screen live in
games/tap/rules/versus_player.py and the versus screen.
"""

from __future__ import annotations

from games.arika.board import BUFFER_ROW, GARBAGE, ROWS, WIDTH, Board
from games.arika.randomizer import lcg_output, lcg_step

Grid = list[list[int]]  # cell values, index 0 = row 1


def stack_height(board: Board) -> int:
    """The highest row holding a block (0: empty field)."""
    for r in range(ROWS, 0, -1):
        if not board.row_empty(r):
            return r
    return 0


def grid_of(board: Board) -> Grid:
    return [list(row) for row in board.cells]


def set_grid(board: Board, grid: Grid, frame: int = 0) -> None:
    """Write ``grid`` (rows from row 1 up) into ``board``; rows past the buffer are lost."""
    board.clear()
    for r, row in enumerate(grid[:BUFFER_ROW], start=1):
        for c, value in enumerate(row):
            if value:
                board.put(r, c, value, frame)


def nega_field(board: Board) -> None:
    """Rows 1 to the stack's top: filled cells empty, empty cells filled (garbage)."""
    h = stack_height(board)
    grid = grid_of(board)
    for r in range(h):
        grid[r] = [0 if v else GARBAGE for v in grid[r]]
    set_grid(board, grid)


def field_180(board: Board) -> None:
    """Rows 1 to the stack's top turned upside down and left to right."""
    h = stack_height(board)
    grid = grid_of(board)
    grid[:h] = [row[::-1] for row in reversed(grid[:h])]
    set_grid(board, grid)


def shot_gun(board: Board, seed: int) -> int:
    """One block of every row that has one is shot out; returns the stepped seed."""
    grid = grid_of(board)
    for row in grid:
        filled = [c for c, v in enumerate(row) if v]
        if filled:
            seed = lcg_step(seed)
            row[filled[lcg_output(seed) % len(filled)]] = 0
    set_grid(board, grid)
    return seed


def laser(board: Board, column: int) -> None:
    """Every block of one column is burnt out (the rows stay)."""
    grid = grid_of(board)
    for row in grid:
        row[column] = 0
    set_grid(board, grid)


def highest_column(board: Board) -> int:
    """The leftmost column holding the stack's highest block (4 on an empty field)."""
    h = stack_height(board)
    if not h:
        return WIDTH // 2 - 1
    row = board.cells[h - 1]
    return next(c for c in range(WIDTH) if row[c])


def del_upper(board: Board) -> None:
    """The upper half of the stack goes: rows above half the stack's height."""
    h = stack_height(board)
    board.remove_rows(list(range(h // 2 + 1, h + 1)))


def del_lower(board: Board) -> None:
    """The lower half of the stack goes; the rest falls down."""
    h = stack_height(board)
    board.remove_rows(list(range(1, h // 2 + 1)))


def move_field(board: Board, right: bool) -> None:
    """Every row's blocks slide, in order, against the right (or left) wall."""
    grid = grid_of(board)
    for r, row in enumerate(grid):
        blocks = [v for v in row if v]
        gap = [0] * (WIDTH - len(blocks))
        grid[r] = gap + blocks if right else blocks + gap
    set_grid(board, grid)


def del_even(board: Board) -> None:
    """Rows 2, 4, 6, ... go."""
    board.remove_rows(list(range(2, ROWS + 1, 2)))


def free_fall(board: Board) -> int:
    """Every block falls down its column; full rows then clear. Returns the rows cleared."""
    board.compact_columns()
    full = [r for r in range(1, ROWS + 1) if board.row_full(r)]
    if full:
        board.remove_rows(full)
    return len(full)


def mirror(board: Board) -> None:
    """The field turned left to right."""
    set_grid(board, [row[::-1] for row in grid_of(board)])


def exchange(a: Board, b: Board) -> None:
    """The two fields swap places."""
    ga, gb = grid_of(a), grid_of(b)
    set_grid(a, gb)
    set_grid(b, ga)
