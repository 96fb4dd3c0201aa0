"""Versus garbage (tetris.wiki, TAP Versus): a clear of 2+ lines sends copies of the cleared
rows with holes exactly where the clearing piece was; singles send nothing; at most 8 rows
wait (decision); rows rise in order, the lowest cleared row lowest."""

from __future__ import annotations

from engine.events import Event
from games.arika.board import GARBAGE, Board
from games.arika.player import ArikaPlayer
from games.arika.rules import Referee
from games.tap.rules.garbage import GARBAGE_CAP, GarbageQueue, Row, garbage_rows
from tests.arika_kit import Script, flat_rules, pad, spawned, step

DROP_LOCK = pad(up=True, down=True)


class Catcher(Referee):
    """Keeps the rows each lock would send (what the versus referee computes)."""

    def __init__(self) -> None:
        self.sent: list[list[Row]] = []

    def on_lock(self, p: ArikaPlayer, lines: int, level_before: int, out: list[Event]) -> None:
        self.sent.append(garbage_rows(p.board, p.clearing, p.flash_cells))


def play_one(letter: str, x: int, field: list[str], turns: int = 0) -> list[list[Row]]:
    catcher = Catcher()
    p = ArikaPlayer(0, flat_rules(), 0, referee=catcher, pieces=Script(letter))
    p.board = Board.from_text(field)
    spawned(p)
    for _ in range(turns):
        step(p, pad(b2=True))
        step(p)
    p.x = x
    step(p, DROP_LOCK)
    return catcher.sent


def text(rows: list[Row]) -> list[str]:
    """Top row first, as a field is written."""
    return ["".join("#" if v else "." for v in row) for row in reversed(rows)]


def test_holes_sit_under_the_clearing_piece() -> None:
    # J flat (###/..#) at box column 6: its top row fills columns 6-8 of row 2, its foot
    # column 8 of row 1. The copies have holes exactly there.
    sent = play_one("J", 6, ["######...#", "########.#"])
    assert text(sent[-1]) == ["######...#", "########.#"]
    assert all(v in (0, GARBAGE) for row in sent[-1] for v in row)


def test_a_tetris_sends_four_rows_with_the_i_column_empty() -> None:
    field = ["#########."] * 4
    sent = play_one("I", 7, field, turns=1)  # upright I: box column 7 + 2 = column 9
    assert text(sent[-1]) == field
    assert len(sent[-1]) == 4


def test_order_is_kept_and_other_holes_are_not_invented() -> None:
    # Rows 1 and 3 clear, row 2 (another hole) stays; the copies are rows 1 then 3.
    field = ["##.#######", "#..#######", "##.#######"]
    sent = play_one("I", 0, field, turns=1)  # upright I at box 0 -> column 2, rows 1-4
    rows = sent[-1]
    assert len(rows) == 2
    assert text(rows) == ["##.#######", "##.#######"]


def test_a_single_sends_nothing() -> None:
    assert play_one("I", 7, ["#########."], turns=1) == [[]]


def test_no_clear_sends_nothing() -> None:
    assert play_one("O", 0, ["....######"]) == [[]]


def test_rows_rise_in_order_lowest_cleared_row_lowest() -> None:
    board = Board.from_text(["...#......"])
    queue = GarbageQueue()
    first: list[Row] = [tuple([GARBAGE] * 9 + [0]), tuple([0] + [GARBAGE] * 9)]
    second: list[Row] = [tuple([GARBAGE] * 4 + [0] + [GARBAGE] * 5)] * 2
    queue.add(first)
    queue.add(second)
    assert queue.rise(board) == 4
    assert board.to_text(5) == ["...#......", "####.#####", "####.#####",
                                ".#########", "#########."]
    assert len(queue) == 0


def test_the_cap_keeps_eight_rows_waiting() -> None:
    queue = GarbageQueue()
    tetris: list[Row] = [tuple([GARBAGE] * 9 + [0])] * 4
    assert queue.add(tetris) == 4
    assert queue.add(tetris) == 4
    assert queue.add(tetris) == 0
    assert len(queue) == GARBAGE_CAP == 8
