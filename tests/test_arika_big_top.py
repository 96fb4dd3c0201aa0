"""BIG blocks at the top of the well: a piece that locks with blocks above the field's last
row loses those blocks (as a stack pushed past the buffer row does) instead of stopping the
game (found by random play: an IndexError in Board.put, Classic and World rules alike)."""

from __future__ import annotations

import random

import pytest

from games.arika.board import ROWS, Board
from games.ti.rules.player import TiPlayer, world_rule
from tests.arika_kit import Script, flat_rules, pad, step

WorldPlayer = world_rule(TiPlayer)
SWITCHES = ("up", "down", "left", "right", "b1", "b2", "b3")


def _mashing(seed: int, world: bool, frames: int) -> TiPlayer:
    rng = random.Random(seed)
    p = (WorldPlayer if world else TiPlayer)(0, flat_rules(lock=30), 0,
                                             pieces=Script("IJLOSTZ" * 400))
    p.set_big(True)
    for _ in range(frames):
        step(p, pad(**{k: rng.random() < 0.3 for k in SWITCHES}))
    return p


def _consistent(board: Board) -> bool:
    """Every coloured cell has its collision bit and no bit lies outside the rows kept."""
    cells = sum(1 for row in board.cells for v in row if v)
    return cells == board.block_count()


@pytest.mark.parametrize(("seed", "world", "frames"), [(20, True, 400), (37, False, 400)])
def test_a_big_piece_locked_above_the_top_loses_those_blocks(seed: int, world: bool,
                                                             frames: int) -> None:
    p = _mashing(seed, world, frames)  # these two games locked a block in row 23 or higher
    assert _consistent(p.board)
    assert p.frame >= frames - 1


def test_put_above_the_kept_rows_is_lost() -> None:
    board = Board()
    board.put(ROWS + 1, 4, 1)
    board.put(ROWS + 4, 0, 1)
    assert board.is_empty() and _consistent(board)
    board.put(ROWS, 4, 1)
    assert board.block_count() == 1 and _consistent(board)


@pytest.mark.parametrize("world", [False, True])
def test_random_big_play_never_stops_the_game(world: bool) -> None:
    for seed in range(12):
        assert _consistent(_mashing(seed, world, 1500).board)
