"""Bloxeed's characters: 16t, Bomb, Flicky, Satellite.

Sources: tetris.wiki "Bloxeed" (16t 3 columns wide; Flicky's rows clear together, 5-8 lines
score as n - 4; Satellite scores the single-line value / 10 per block, (level + 1) x 2000 for
an all clear); tetrisconcept.net "Bloxeed information"; abomination.jp OGA "Introduction of
Bloxeed" (about 180 frames above the ceiling, 30-frame lock delay, 2-row hitbox)."""

from __future__ import annotations

import pytest

from engine.events import Event
from engine.pieces import I, T
from games.bloxeed.rules.characters import FALLING, LANDED, WAITING, flicky_lines_scored
from games.bloxeed.rules.decisions import BOMB, FLICKY, SATELLITE, T16
from games.bloxeed.rules.extras import CHARACTER
from games.sega.game import Game
from games.sega.player import NO_PIECE, Player
from tests.bloxeed_kit import (
    IDLE,
    drop_and_lock,
    extras,
    frames_of,
    lever,
    new_game,
    run,
    run_until,
    set_field,
    values_of,
)

PRESS = lever(b1=True)


def summon(kind: int, field: list[str], x: int | None = None, level: int = 0
           ) -> tuple[Game, Player]:
    """A game whose player 1 has ``kind`` waiting above the ceiling over ``field``."""
    game, p, ex = new_game()
    run_until(game, "spawn")
    set_field(p, field)
    p.kind = NO_PIECE
    p.level = level
    ex.character.activate(kind)
    ex.character.enter()
    p.phase = CHARACTER
    if x is not None:
        ex.character._place(x, ex.character.y)
    return game, p


def test_character_timing_from_activation_to_the_next_piece() -> None:
    game, p, ex = new_game()
    run_until(game, "spawn")
    set_field(p, ["######....", "#........#"])
    lock, seen = drop_and_lock(game, I, 0, 6, power=BOMB)
    assert values_of(seen, "power_activate") == [BOMB]
    assert p.score == 5000 + 100
    seen = run(game, 400)
    c = lock + 41  # the clear's collapse frame: the bomb appears above the ceiling
    assert frames_of(seen, "character_enter") == [c + 180]
    falls = frames_of(seen, "character_fall")
    assert falls[0] == c + 184 and len(falls) == 20  # 1 row every 4 frames, 20 rows
    assert falls == list(range(c + 184, c + 184 + 80, 4))
    assert frames_of(seen, "character_land") == [c + 260]
    assert frames_of(seen, "character_gone") == [c + 290]  # 30-frame lock delay
    assert frames_of(seen, "spawn") == [c + 290 + 31]
    assert ex.character.kind == 0


def test_character_state_for_the_screen() -> None:
    game, p = summon(FLICKY, [])
    ch = extras(p).character
    assert (ch.kind, ch.x, ch.y, ch.phase) == (FLICKY, 4, 20, WAITING)
    run(game, 184)
    assert (ch.y, ch.phase) == (19, FALLING)
    run(game, 80)
    assert (ch.y, ch.phase) == (0, LANDED)


def test_level_timer_runs_but_meter_stops_during_a_character() -> None:
    game, p = summon(BOMB, [])
    ex = extras(p)
    timer, meter = p.level_timer, (ex.meter_lamps, ex.meter_frames)
    run(game, 100)
    assert p.level_timer == timer + 100
    assert (ex.meter_lamps, ex.meter_frames) == meter


def test_lever_steers_the_character_with_das() -> None:
    game, p = summon(SATELLITE, [])
    seen = run(game, 15, lever(right=True))
    # First frame, then after DAS 12 every frame: frames 1, 13, 14, 15.
    assert len(frames_of(seen, "character_move")) == 4
    assert extras(p).character.x == 8
    run(game, 10, lever(right=True))
    assert extras(p).character.x == 9  # stops at the wall


def test_16t_is_three_columns_wide() -> None:
    # Source: tetris.wiki "Bloxeed" (16t is 3 columns wide).
    game, p = summon(T16, [])
    assert extras(p).character.width == 3
    run(game, 30, lever(right=True))
    assert extras(p).character.x == 7  # columns 8-10
    run(game, 30, lever(left=True))
    assert extras(p).character.x == 0


def test_character_cannot_move_into_blocks_beside_its_hitbox() -> None:
    game, p = summon(FLICKY, ["#####.....", "#####....."], x=5)
    run(game, 180 + 4 * 20)
    ch = extras(p).character
    assert (ch.x, ch.y) == (5, 0)
    run(game, 1, lever(left=True))
    assert ch.x == 5


def test_16t_crushes_every_block_below_it_in_its_three_columns() -> None:
    field = ["....#.....", "...###....", "#..####..#", "##.#####.#", "#########."]
    game, p = summon(T16, field)  # columns 5-7 (0-based 4-6)
    seen = run_until(game, "character_gone", limit=500)[1]
    assert extras(p).character.kind == 0
    assert values_of(seen, "character_act") == [T16]
    assert p.field.to_text()[-5:] == [
        "..........", "...#......", "#..#.....#", "##.#...#.#", "####...##.",
    ]
    assert p.score == 0


def test_16t_that_empties_the_field_gets_no_all_clear_bonus() -> None:
    game, p = summon(T16, ["....##....", "....##...."])
    seen = run_until(game, "character_gone", limit=500)[1]
    assert p.field.is_empty()
    assert frames_of(seen, "all_clear") == [] and p.score == 0


def test_bomb_destroys_the_3x3_square_centred_on_the_block_below_it() -> None:
    field = ["#########."] * 5
    game, p = summon(BOMB, field)
    run_until(game, "character_gone", limit=500)
    # It lands on row 5 at column 5; the square is rows 4-6, columns 4-6.
    assert p.field.to_text()[-5:] == [
        "###...###.", "###...###.", "#########.", "#########.", "#########.",
    ]
    assert p.score == 0


def test_bomb_at_the_wall_and_on_the_floor() -> None:
    game, p = summon(BOMB, ["#.#......."], x=1)
    run_until(game, "character_gone", limit=500)
    assert p.field.to_text()[-1] == ".........."  # lands on the floor: row 1, columns 1-3
    game, p = summon(BOMB, ["#.........", "#.........", "#........."], x=0)
    run_until(game, "character_gone", limit=500)
    assert p.field.to_text()[-3:] == ["..........", "..........", "#........."]


def test_bomb_that_empties_the_field_gets_no_all_clear_bonus() -> None:
    game, p = summon(BOMB, ["...#......"], x=3)
    seen = run_until(game, "character_gone", limit=500)[1]
    assert p.field.is_empty() and p.score == 0 and frames_of(seen, "all_clear") == []


def test_flicky_drops_one_cyan_block_per_press() -> None:
    game, p = summon(FLICKY, ["#........."], x=3)
    seen = run(game, 1, PRESS) + run(game, 1) + run(game, 1, PRESS) + run(game, 1, PRESS)
    # Two presses (a held button acts once).
    assert values_of(seen, "character_act") == [FLICKY, FLICKY]
    assert p.field.to_text()[-2:] == ["...#......", "#..#......"]
    assert p.field.cells[0][3] == T + 1 and p.field.cells[1][3] == T + 1


def test_flicky_line_scores_but_does_not_count_towards_level_up() -> None:
    game, p = summon(FLICKY, ["#.........", "#########."], x=9)
    p.level_lines = 2  # one more counted line would raise the level (3 per level)
    seen = run(game, 1, PRESS)
    pressed = game.frame
    assert values_of(seen, "line_clear") == []  # the row waits for the others
    assert extras(p).character.pending_rows() == [0]
    seen = run(game, 40)
    # decision FLICKY_CLEAR_WINDOW: the row clears 40 frames (the line clear delay) later.
    assert frames_of(seen, "line_clear") == [pressed + 40]
    assert values_of(seen, "line_clear") == [1]
    assert p.score == 100 and p.lines == 1
    assert p.level == 0 and p.level_lines == 2
    assert p.field.to_text()[-1] == "#........."
    assert extras(p).character.kind == FLICKY  # Flicky stays


def test_flicky_line_gets_the_all_clear_bonus() -> None:
    # Source: abomination.jp OGA "Introduction of Bloxeed", note 7 (all clear x10 applies to
    # Flicky's lines).
    game, p = summon(FLICKY, ["#########."], x=9)
    seen = run(game, 41, PRESS)
    assert frames_of(seen, "all_clear") == frames_of(seen, "line_clear") == [game.frame]
    assert p.score == 100 * 10 and p.field.is_empty()


def _fill_column_9(rows: int, level: int = 0) -> tuple[Game, Player, list[tuple[int, Event]]]:
    """Flicky over ``rows`` rows that each lack column 10, pressed once a row (every other
    frame); one block on top keeps the field from an all clear."""
    game, p = summon(FLICKY, ["#........."] + ["#########."] * rows, x=9, level=level)
    seen: list[tuple[int, Event]] = []
    for _ in range(rows):
        seen += run(game, 1, PRESS) + run(game, 1)
    seen += run(game, 40)
    return game, p, seen


@pytest.mark.parametrize(
    ("rows", "scored_as", "points"),
    [
        (1, 1, 100), (2, 2, 400), (3, 3, 900), (4, 4, 2000),
        # Source: tetris.wiki "Bloxeed": 5 or more lines score as n - 4 lines.
        (5, 1, 100), (6, 2, 400), (7, 3, 900), (8, 4, 2000),
        # decision FLICKY_LINES_BEYOND_8: ((n - 1) mod 4) + 1.
        (9, 1, 100), (12, 4, 2000),
    ],
)
def test_flicky_rows_clear_together_and_score_as_the_wiki_says(
    rows: int, scored_as: int, points: int
) -> None:
    _game, p, seen = _fill_column_9(rows)
    assert flicky_lines_scored(rows) == scored_as
    assert values_of(seen, "line_clear") == [rows]  # one clear of every row together
    assert p.score == points and p.lines == rows
    assert p.level == 0 and p.level_lines == 0
    assert p.field.to_text()[-1] == "#........."


def test_flicky_five_line_clear_at_level_8_scores_a_single_there() -> None:
    # Source: tetris.wiki "Tetris (Sega)" scoring: a single is 500 at level 8+.
    _game, p, seen = _fill_column_9(5, level=8)
    assert values_of(seen, "line_clear") == [5]
    assert p.score == 500


def test_flicky_rows_left_when_flicky_leaves_clear_then() -> None:
    game, p = summon(FLICKY, ["#.........", "#########."], x=9)
    run(game, 1, PRESS)
    pressed = game.frame
    ch = extras(p).character
    ch._place(9, 1)  # put it on the stack: it leaves 30 frames later, before the 40 pass
    ch.phase = LANDED
    seen = run_until(game, "character_gone", limit=500)[1]
    assert values_of(seen, "line_clear") == [1]
    assert frames_of(seen, "line_clear") == frames_of(seen, "character_gone")
    assert frames_of(seen, "character_gone")[0] < pressed + 40
    assert p.score == 100 and p.field.to_text()[-1] == "#........."


def test_flicky_disappears_after_landing_and_lock_delay() -> None:
    game, p = summon(FLICKY, ["#########."], x=0)
    seen = run_until(game, "character_gone", limit=500)[1]
    land = frames_of(seen, "character_land")[0]
    assert frames_of(seen, "character_gone") == [land + 30]
    assert p.field.to_text()[-1] == "#########."  # nothing happens to the field


def test_satellite_destroys_the_topmost_block_below_it() -> None:
    field = ["..#.......", "..#.......", "..#..#....", "#.#######."]
    game, p = summon(SATELLITE, field, x=2)
    seen = run(game, 1, PRESS) + run(game, 1) + run(game, 1, PRESS)
    assert values_of(seen, "character_act") == [SATELLITE, SATELLITE]
    assert p.score == 20
    assert p.field.to_text()[-4:] == ["..........", "..........", "..#..#....", "#.#######."]


def test_satellite_clearing_the_field_scores_level_plus_one_times_2000() -> None:
    game, p = summon(SATELLITE, ["....#.....", "....#....."], x=4, level=3)
    seen = run(game, 1, PRESS) + run(game, 1) + run(game, 1, PRESS)
    assert p.field.is_empty()
    assert p.score == 20 + 20 + (3 + 1) * 2000  # level 3: single 200, / 10 = 20 a block
    assert frames_of(seen, "all_clear") == [game.frame]
    assert frames_of(seen, "character_gone") == [game.frame]  # gone at once
    seen = run(game, 31)
    assert frames_of(seen, "spawn") == [game.frame]


@pytest.mark.parametrize(
    ("level", "per_block"), [(0, 10), (1, 10), (2, 20), (4, 30), (6, 40), (8, 50), (30, 50)]
)
def test_satellite_scores_the_single_line_value_over_10_per_block(
    level: int, per_block: int
) -> None:
    # Source: tetris.wiki "Bloxeed", tetrisconcept "Bloxeed information": 10-50 by level band.
    game, p = summon(SATELLITE, ["..#.......", "..#.......", "#.#######."], x=2, level=level)
    run(game, 1, PRESS) + run(game, 1) + run(game, 1, PRESS)
    assert p.score == 2 * per_block


def test_satellite_disappears_after_landing_without_changing_the_field() -> None:
    game, p = summon(SATELLITE, ["#.#.#.#.#."], x=1)
    run_until(game, "character_gone", limit=500)
    assert p.field.to_text()[-1] == "#.#.#.#.#."
    assert p.score == 0


def test_buttons_work_above_the_ceiling_only_for_flicky_and_satellite() -> None:
    for kind in (T16, BOMB):
        game, p = summon(kind, ["#........."], x=0)
        seen = run(game, 1, PRESS)
        assert values_of(seen, "character_act") == []
        assert p.field.to_text()[-1] == "#........."
    assert IDLE.p1.b1 is False


def test_the_16t_sprite_covers_its_three_columns() -> None:
    from games.bloxeed.sprites import CHARACTER_ART
    from games.sega.field_view import CELL

    assert {len(row) for row in CHARACTER_ART[T16]} == {3 * CELL}
    assert all(len(row) == CELL for kind in (BOMB, FLICKY, SATELLITE)
               for row in CHARACTER_ART[kind])
