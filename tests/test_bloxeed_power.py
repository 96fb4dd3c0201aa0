"""Bloxeed's power blocks: timer, zones, kinds, marked cell, activation, 4 Lines
(OGA "Introduction of Bloxeed"; tetris.wiki "Bloxeed")."""

from __future__ import annotations

import pytest

from engine.field import POWER_SHIFT, Field
from engine.pieces import I, J, L, O, S, T, Z
from games.bloxeed.rules.decisions import BOMB, FLICKY, FOUR_LINES, SATELLITE, T16
from games.bloxeed.rules.power import (
    THRESHOLDS,
    ZONE_KINDS,
    PowerBlocks,
    activated_kind,
    four_lines_rows,
    zone_of,
)
from games.sega.randomizer import sega_random
from games.sega.rules import MainSeed
from tests.bloxeed_kit import (
    drop_and_lock,
    frames_of,
    new_game,
    place,
    run,
    run_until,
    set_field,
    values_of,
)


def _centre_stack(height: int) -> Field:
    return Field.from_text(["..#......."] * height) if height else Field()


@pytest.mark.parametrize(
    ("height", "zone"),
    [(0, 0), (8, 0), (9, 1), (12, 1), (13, 2), (16, 2), (17, 3), (20, 3)],
)
def test_zone_by_height_of_the_centre_six_columns(height: int, zone: int) -> None:
    assert zone_of(_centre_stack(height)) == zone


def test_outer_columns_do_not_count_for_the_zone() -> None:
    field = Field.from_text(["##......##"] * 20)
    assert zone_of(field) == 0
    field.set(10, 7, 8)  # column 8 is a centre column
    assert zone_of(field) == 1


def test_thresholds_at_level_0_and_5_percent_growth() -> None:
    assert THRESHOLDS[0] == (3600, 1800, 900, 300)  # 60 s, 30 s, 15 s, 5 s
    assert THRESHOLDS[1] == (3780, 1890, 945, 315)
    assert THRESHOLDS[10] == (5400, 2700, 1350, 450)
    assert THRESHOLDS[99][3] == 300 * (100 + 5 * 99) // 100


@pytest.mark.parametrize(("zone", "limit"), [(0, 3600), (1, 1800), (2, 900), (3, 300)])
def test_timer_fires_on_the_threshold_frame_and_restarts(zone: int, limit: int) -> None:
    power = PowerBlocks()
    power.refresh(_centre_stack((0, 9, 13, 17)[zone]), 0)
    main = MainSeed(0, 0x2A6D365B)
    fired = [frame for frame in range(1, 2 * limit + 1) if power.tick(main)]
    assert fired == [limit, 2 * limit]
    assert power.following


def test_kind_from_6_bits_of_one_main_seed_call() -> None:
    power = PowerBlocks()
    power.timer = power.limit - 1
    main = MainSeed(12345, 0x2A6D365B)
    new_seed, value = sega_random(12345, 0x2A6D365B)
    kind = power.tick(main)
    assert main.value == new_seed
    assert kind == ZONE_KINDS[0][value & 0x3F]


def test_zone_tables_give_equal_weights() -> None:
    for table in ZONE_KINDS:
        assert len(table) == 64
        counts = [table.count(k) for k in (FOUR_LINES, T16, BOMB, FLICKY, SATELLITE)]
        assert counts == [13, 13, 13, 13, 12]
        assert table[0] == FOUR_LINES and table[63] == SATELLITE


def test_power_block_appears_on_the_next_piece_in_play() -> None:
    game, p, ex = new_game()
    set_field(p, ["..#......."] * 17)  # zone 3: 300 frames at level 0
    ex.dirty = True
    seen = run(game, 600)
    # No piece locks within 600 frames (gravity 40 frames per row at level 0).
    assert frames_of(seen, "lock") == []
    assert frames_of(seen, "power_block") == [300, 600]
    kind = values_of(seen, "power_block")[0]
    assert ex.next_power_kind == kind
    run_until(game, "spawn")
    assert ex.next_power_kind == 0
    assert ex.piece_power_cell(p) is not None


@pytest.mark.parametrize(
    ("kind", "index", "cell"),
    [(I, 2, (19, 4)), (O, 1, (19, 4)), (T, 2, (19, 4)), (J, 1, (19, 3)),
     (L, 3, (19, 5)), (S, 1, (19, 4)), (Z, 2, (19, 4))],
)
def test_marked_cell_per_piece(kind: int, index: int, cell: tuple[int, int]) -> None:
    game, p, ex = new_game()
    ex.power.kind = BOMB
    ex.power.following = True
    p.next_kind = kind
    run_until(game, "spawn")
    assert p.kind == kind
    # The index-th cell in reading order of the spawn state (1-based).
    assert p.piece_cells()[index - 1] == cell
    assert ex.piece_power_cell(p) == (*cell, BOMB)


def test_mark_follows_rotation_by_index_and_is_written_on_lock() -> None:
    game, p, ex = new_game()
    run_until(game, "spawn")
    place(p, I, 1, 3, 10, power=T16)
    # Vertical I: cells (10,5), (9,5), (8,5), (7,5); the 2nd in reading order is (9, 5).
    assert ex.piece_power_cell(p) == (9, 5, T16)
    drop_and_lock(game, I, 1, 3, power=T16)
    assert p.field.cells[2][5] >> POWER_SHIFT == T16
    assert p.field.cells[2][5] & 0x0F == I + 1
    assert sum(1 for row in p.field.cells for v in row if v >> POWER_SHIFT) == 1


def test_activation_scores_5000_and_only_the_highest_priority_counts() -> None:
    game, p, ex = new_game()
    run_until(game, "spawn")
    set_field(p, ["#.........", "#########.", "#########.", "#........."])
    p.field.cells[1][3] |= SATELLITE << POWER_SHIFT  # in a cleared row: lower priority
    p.field.cells[3][0] |= FLICKY << POWER_SHIFT  # not cleared: becomes a normal block
    _lock, seen = drop_and_lock(game, I, 1, 7, power=BOMB)
    assert values_of(seen, "power_activate") == [BOMB]
    assert p.score == 5000 + 400  # a double at level 0, one power block
    assert all(v >> POWER_SHIFT == 0 for row in p.field.cells for v in row)
    assert ex.summary()["power_blocks"] == {
        "4lines": 0, "16t": 0, "bomb": 1, "flicky": 0, "satellite": 0}


def test_priority_order() -> None:
    field = Field.from_text(["##########"])
    for kind in (SATELLITE, FLICKY, BOMB, T16, FOUR_LINES):
        field.cells[0][kind] |= kind << POWER_SHIFT
        assert activated_kind(field, [0]) == kind


def test_four_lines_removes_alternating_rows_and_scores_them() -> None:
    game, p, _ex = new_game()
    run_until(game, "spawn")
    rows = ["##.#######", "#.########", "########.#", ".#########", "###.######",
            "#####.####", "####.#####", "#######.##"]  # rows 1..8
    set_field(p, ["######....", *reversed(rows)])
    lock, seen = drop_and_lock(game, I, 0, 6, power=FOUR_LINES)
    # The I clears row 1 only (a single, 100) and activates 4 Lines (5000).
    assert values_of(seen, "line_clear") == [1]
    seen = run_until(game, "spawn")[1]
    # After the collapse: rows 1, 3, 5, 7 go (a 4-line clear: 2000), each with its own delay.
    clears = frames_of(seen, "line_clear")
    assert values_of(seen, "line_clear") == [4]
    assert clears == [lock + 41]
    assert frames_of(seen, "spawn") == [lock + 41 + 40 + 30 + 1]
    assert p.score == 100 + 5000 + 2000
    assert p.field.to_text()[-4:] == [rows[7], rows[5], rows[3], rows[1]]
    assert p.lines == 5


def test_four_lines_takes_fewer_rows_and_gets_the_all_clear_bonus() -> None:
    game, p, _ex = new_game()
    run_until(game, "spawn")
    set_field(p, ["######....", "#........#"])
    _lock, seen = drop_and_lock(game, I, 0, 6, power=FOUR_LINES)
    assert values_of(seen, "line_clear") == [1]
    seen = run_until(game, "spawn")[1]
    assert values_of(seen, "line_clear") == [1]
    assert frames_of(seen, "all_clear") == frames_of(seen, "line_clear")
    assert p.score == 100 + 5000 + 100 * 10
    assert p.lines == 2
    assert p.field.is_empty()


def test_four_lines_rows_helper() -> None:
    assert four_lines_rows(Field.from_text(["#"] * 3)) == [0, 2]
    assert four_lines_rows(Field.from_text(["#"] * 9)) == [0, 2, 4, 6]
    assert four_lines_rows(Field()) == []


def test_transform_glitch_current_piece_overwritten() -> None:
    power = PowerBlocks()
    power.kind, power.following = T16, True  # the next piece carries 16t
    power.spawned()  # it becomes the current piece
    assert power.current_kind() == T16
    power.kind, power.following = FOUR_LINES, True  # chosen for the new next piece
    power.spawned()
    power.current, power.following = True, True
    # A second kind chosen while the next piece already carries one.
    power.limit, power.timer = 1, 0
    main = MainSeed(0, 0x2A6D365B)
    kind = power.tick(main)
    assert power.current_kind() == kind and power.next_kind() == kind


def test_transform_glitch_in_play() -> None:
    game, p, ex = new_game()
    run_until(game, "spawn")
    ex.power.kind, ex.power.following = T16, True  # the preview shows 16t
    ex.power.timer = ex.power.limit - 1
    seen = run(game, 1)
    second = values_of(seen, "power_block")[0]
    assert ex.next_power_kind == second
    ex.power.kind = BOMB if second != BOMB else FLICKY  # the piece now in play carries one
    ex.power.current = True
    ex.power.timer = ex.power.limit - 1
    seen = run(game, 1)
    third = values_of(seen, "power_block")[0]
    assert ex.piece_power_cell(p) is not None
    assert ex.piece_power_cell(p)[2] == third  # type: ignore[index]
    assert ex.next_power_kind == third


def test_timer_stops_while_a_character_is_in_use() -> None:
    game, p, ex = new_game()
    run_until(game, "spawn")
    set_field(p, ["######....", "#........#"])
    drop_and_lock(game, I, 0, 6, power=FLICKY)
    timer, meter = ex.power.timer, ex.meter_frames
    seen = run(game, 100)
    assert ex.power.timer == timer and ex.meter_frames == meter
    assert frames_of(seen, "meter_lamp") == []
