"""Bloxeed's garbage meter and garbage pattern (OGA "Introduction of Bloxeed"; tetris.wiki
"Bloxeed")."""

from __future__ import annotations

import pytest

from engine.pieces import I, J, L, O, S, T, Z
from games.bloxeed.rules.decisions import FOUR_LINES
from games.bloxeed.rules.garbage import GarbageMeter
from games.bloxeed.rules.tables import GARBAGE_PATTERN, frames_per_lamp
from tests.bloxeed_kit import (
    drop_and_lock,
    frames_of,
    new_game,
    run,
    run_until,
    set_field,
    values_of,
)

METER_TABLE = [(0, 99), (9, 99), (10, 79), (12, 79), (13, 69), (14, 69), (15, 59), (16, 59),
               (17, 49), (18, 49), (19, 39), (30, 39), (31, 29), (39, 29), (40, 19), (99, 19)]


@pytest.mark.parametrize(("level", "n"), METER_TABLE)
def test_frames_per_lamp_by_level(level: int, n: int) -> None:
    assert frames_per_lamp(level) == n


@pytest.mark.parametrize(("level", "n"), [(0, 99), (10, 79), (40, 19)])
def test_full_meter_takes_6n_frames_bottom_lamp_2n(level: int, n: int) -> None:
    meter = GarbageMeter()
    lit = [frame for frame in range(1, 6 * n + 50) if meter.tick(level)]
    assert lit == [2 * n, 3 * n, 4 * n, 5 * n, 6 * n]
    assert meter.full and meter.lamps == 5


def test_meter_in_a_game_lights_on_exact_frames() -> None:
    game, _p, ex = new_game()
    seen = run(game, 600)
    # N = 99 at level 0: lamps on frames 198, 297, 396, 495 and 594 (full = 6N).
    assert frames_of(seen, "meter_lamp") == [198, 297, 396, 495, 594]
    assert values_of(seen, "meter_lamp") == [1, 2, 3, 4, 5]
    assert ex.meter_lamps == 5 and ex.meter_frames == 0
    assert frames_of(seen, "lock") == []  # no piece locked yet: the row is still pending


def test_full_meter_raises_a_row_on_a_non_clearing_lock_with_garbage_delay() -> None:
    game, p, ex = new_game()
    run(game, 594)
    assert ex.meter_lamps == 5
    lock, seen = drop_and_lock(game, O, 0, -1)
    seen += run(game, 45)
    # Lock on L; garbage delay L+1..L+10; the row rises on L+11 (first ARE frame).
    assert frames_of(seen, "meter_empty") == [lock + 1]
    assert frames_of(seen, "garbage_rise") == [lock + 11]
    assert frames_of(seen, "spawn") == [lock + 10 + 30 + 1]
    assert p.field.to_text()[-1] == GARBAGE_PATTERN[0]
    assert p.field.to_text()[-3:-1] == ["##........", "##........"]  # the O, lifted a row
    assert ex.garbage_rows == 1 and ex.pattern_position == 1
    # The meter emptied and fills again from the first garbage-delay frame.
    assert ex.meter_lamps == 0 and ex.meter_frames == game.frame - lock


def test_no_row_without_a_full_meter() -> None:
    game, _p, _ex = new_game()
    run(game, 500)
    lock, seen = drop_and_lock(game, O, 0, 0)
    assert lock < 594
    seen += run(game, 45)
    assert frames_of(seen, "garbage_rise") == []
    assert frames_of(seen, "spawn") == [lock + 31]


def test_a_clear_postpones_the_row() -> None:
    game, p, ex = new_game()
    run(game, 594)
    set_field(p, ["#.........", "#########."])
    lock, seen = drop_and_lock(game, I, 1, 7)
    seen += run_until(game, "spawn")[1]
    assert frames_of(seen, "garbage_rise") == []
    assert ex.meter_lamps == 5  # still full, not emptied
    lock, seen = drop_and_lock(game, O, 0, 4)
    seen += run(game, 12)
    assert frames_of(seen, "garbage_rise") == [lock + 11]


def test_no_row_and_meter_kept_on_the_lock_that_reaches_level_10() -> None:
    game, p, ex = new_game()
    run_until(game, "spawn")
    p.level = 9
    p.level_timer = game.rules.level_timer(9)  # this lock raises the level by the timer
    ex.meter.lamps = 5
    lock, seen = drop_and_lock(game, O, 0, 0)
    seen += run(game, 40)
    assert values_of(seen, "level_up") == [10]
    assert frames_of(seen, "garbage_rise") == []
    assert frames_of(seen, "meter_empty") == []
    assert ex.meter_lamps == 5
    # The next non-clearing lock raises it.
    lock, seen = drop_and_lock(game, O, 0, 4)
    seen += run(game, 12)
    assert frames_of(seen, "garbage_rise") == [lock + 11]


def test_no_row_but_meter_empties_when_the_stack_reaches_row_17() -> None:
    game, p, ex = new_game()
    run_until(game, "spawn")
    set_field(p, ["#........."] * 17)
    ex.meter.lamps = 5
    lock, seen = drop_and_lock(game, O, 0, 4)
    seen += run(game, 40)
    assert frames_of(seen, "meter_empty") == [lock + 1]
    assert frames_of(seen, "garbage_rise") == []
    assert frames_of(seen, "spawn") == [lock + 31]  # no garbage delay either
    assert ex.meter_lamps == 0 and ex.meter_frames == 40  # keeps filling


def test_row_rises_when_the_stack_is_at_row_16() -> None:
    game, p, ex = new_game()
    run_until(game, "spawn")
    set_field(p, ["#........."] * 16)
    ex.meter.lamps = 5
    lock, seen = drop_and_lock(game, O, 0, 4)
    seen += run(game, 12)
    assert frames_of(seen, "garbage_rise") == [lock + 11]


def test_power_block_activation_empties_the_meter_and_cancels_the_row() -> None:
    game, p, ex = new_game()
    run_until(game, "spawn")
    ex.meter.lamps = 5
    set_field(p, ["######....", "#........#"])
    lock, seen = drop_and_lock(game, I, 0, 6, power=FOUR_LINES)
    assert values_of(seen, "power_activate") == [FOUR_LINES]
    assert frames_of(seen, "meter_empty") == [lock]
    assert ex.meter_lamps == 0
    seen = run_until(game, "spawn")[1]
    lock, seen = drop_and_lock(game, O, 0, 4)
    seen += run(game, 40)
    assert frames_of(seen, "garbage_rise") == []


def test_pattern_order_loops_every_32_rows() -> None:
    meter = GarbageMeter()
    rows = ["".join("#" if v else "." for v in meter.next_row()) for _ in range(65)]
    assert rows[:32] == list(GARBAGE_PATTERN)
    assert rows[32:64] == rows[:32] and rows[64] == rows[0]
    assert meter.position == 1 and meter.risen == 65


def test_pattern_rows_from_the_rules() -> None:
    assert GARBAGE_PATTERN[0:4] == ("#########.",) * 4
    assert GARBAGE_PATTERN[4:8] == ("..########",) + (".#########",) * 3
    assert GARBAGE_PATTERN[8:12] == ("########..",) + ("#########.",) * 3
    assert GARBAGE_PATTERN[12:16] == ("..########", ".#########", "##..######", "##.#######")
    assert GARBAGE_PATTERN[16:20] == ("########..", "#########.", "######..##", "#######.##")
    assert GARBAGE_PATTERN[20:24] == (".#########",) * 4
    assert GARBAGE_PATTERN[24:28] == ("####..####",) * 4
    assert GARBAGE_PATTERN[28:32] == ("####...###", "#####.####", "#...######", "##.#######")


def test_pattern_colours_per_group_of_four() -> None:
    meter = GarbageMeter()
    groups = [I, J, L, Z, S, I, O, T]
    for position in range(32):
        colours = {v for v in meter.next_row() if v}
        assert colours == {groups[position // 4] + 1}, position


def test_two_rows_rise_in_pattern_order_in_play() -> None:
    game, p, ex = new_game()
    for _ in range(2):
        ex.meter.lamps = 5
        run_until(game, "spawn")
        drop_and_lock(game, O, 0, 4)
        run_until(game, "garbage_rise")
    text = p.field.to_text()
    assert text[-1] == GARBAGE_PATTERN[1]  # the later row pushes the earlier one up
    assert text[-2][:4] + text[-2][6:] == GARBAGE_PATTERN[0][:4] + GARBAGE_PATTERN[0][6:]
    assert ex.garbage_rows == 2
