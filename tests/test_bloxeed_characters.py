"""Bloxeed's characters: 16t, Bomb, Flicky, Satellite (rules/sega.md 3.4)."""

from __future__ import annotations

from engine.game import Game
from engine.pieces import I, T
from engine.player import NO_PIECE, Player
from games.bloxeed.rules.characters import FALLING, LANDED, WAITING
from games.bloxeed.rules.decisions import BOMB, FLICKY, SATELLITE, T16
from games.bloxeed.rules.extras import CHARACTER
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


def test_16t_is_two_columns_wide() -> None:
    game, p = summon(T16, [])
    run(game, 30, lever(right=True))
    assert extras(p).character.x == 8
    run(game, 30, lever(left=True))
    assert extras(p).character.x == 0


def test_character_cannot_move_into_blocks_beside_its_hitbox() -> None:
    game, p = summon(FLICKY, ["#####.....", "#####....."], x=5)
    run(game, 180 + 4 * 20)
    ch = extras(p).character
    assert (ch.x, ch.y) == (5, 0)
    run(game, 1, lever(left=True))
    assert ch.x == 5


def test_16t_crushes_every_block_below_it_in_its_two_columns() -> None:
    field = ["....#.....", "...###....", "#..####..#", "##.#####.#", "#########."]
    game, p = summon(T16, field)
    seen = run_until(game, "character_gone", limit=500)[1]
    assert extras(p).character.kind == 0
    assert values_of(seen, "character_act") == [T16]
    assert p.field.to_text()[-5:] == [
        "..........", "...#......", "#..#..#..#", "##.#..##.#", "####..###.",
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
    assert values_of(seen, "line_clear") == [1]
    assert p.score == 100 and p.lines == 1
    assert p.level == 0 and p.level_lines == 2
    assert p.field.to_text()[-1] == "#........."  # removed at once
    assert extras(p).character.kind == FLICKY  # Flicky stays


def test_flicky_line_gets_the_all_clear_bonus() -> None:
    game, p = summon(FLICKY, ["#########."], x=9)
    seen = run(game, 1, PRESS)
    assert frames_of(seen, "all_clear") == frames_of(seen, "line_clear") == [game.frame]
    assert p.score == 100 * 10 and p.field.is_empty()


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
    assert p.score == 10 + 10 + (3 + 1) * 2000
    assert frames_of(seen, "all_clear") == [game.frame]
    assert frames_of(seen, "character_gone") == [game.frame]  # gone at once
    seen = run(game, 31)
    assert frames_of(seen, "spawn") == [game.frame]


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
