"""Each of TAP's 19 versus items on a known field (tetris.wiki, TAP Versus items; the rows
and timings are VERSUS_DECISIONS)."""

from __future__ import annotations

from engine.events import Event
from engine.pieces import I, O, T
from games.arika.board import ITEM_SHIFT
from games.arika.player import ACTIVE, NO_PIECE
from games.tap.rules import items as it
from games.tap.rules.big import BIG_SPAWN_X
from games.tap.rules.versus_player import (
    BANNER_FRAMES,
    HARD,
    LASER_AIM_FRAMES,
    LASER_FIRED,
    PIECE_COUNTS,
    ROLL_INTERVAL,
    SCREEN_FRAMES,
    VersusPlayer,
    fire,
)
from tests.arika_kit import IDLE, pad, spawned, step, step_until
from tests.test_tap_items import drop, pair

STACK = ["#.........", "##........", "###.......", "####......"]


def hit(code: int, mine: list[str], theirs: list[str],
        letters: str = "O") -> tuple[VersusPlayer, VersusPlayer, list[Event]]:
    """``a`` fires ``code`` with ``b`` as the opponent; fields as text, top row first."""
    a, b = pair(letters, mine, theirs)
    out: list[Event] = []
    fire(code, a, b, out)
    return a, b, out


def test_nega_field_inverts_the_stack_rows() -> None:
    _, b, _ = hit(it.NEGA_FIELD, [], ["..##......", "#########."])
    assert b.board.to_text(3) == ["..........", "##..######", ".........#"]


def test_180_field_turns_the_stack_upside_down() -> None:
    _, b, _ = hit(it.FIELD_180, [], ["#.........", "########.."])
    assert b.board.to_text(3) == ["..........", "..########", ".........#"]


def test_shot_gun_empties_one_block_of_every_row() -> None:
    _, b, _ = hit(it.SHOT_GUN, [], STACK)
    assert b.board.block_count() == 10 - 4
    assert [row.count("#") for row in b.board.to_text(4)] == [0, 1, 2, 3]


def test_laser_aims_at_the_highest_block_the_attacker_steers_it_and_it_burns_a_column() -> None:
    a, b, _ = hit(it.LASER_BLOCK, [], ["...#......", "#.########"])
    assert b.side.laser_column == 3 and b.side.laser_left == LASER_AIM_FRAMES
    out = step(a, pad(right=True))  # a new press: one column right
    step(a, pad(right=True))  # held: no more
    step(a)
    out += step(a, pad(right=True))
    assert b.side.laser_column == 5
    out += step(a, IDLE, LASER_AIM_FRAMES)
    assert Event(LASER_FIRED, 1, 5) in out
    assert b.board.to_text(2) == ["...#......", "#.###.####"]


def test_screen_items_last_their_frames() -> None:
    for code in (it.X_RAY, it.COLOR_BLOCK, it.DARK_BLOCK):
        _, b, _ = hit(code, [], STACK)
        assert b.side.screen == code and b.side.banner == code
        frames = SCREEN_FRAMES[code]
        step(b, IDLE, frames - 1)
        assert b.side.screen == code and b.side.under_attack()
        step(b)
        assert b.side.screen == 0 and not b.side.under_attack()
    assert SCREEN_FRAMES[it.COLOR_BLOCK] < SCREEN_FRAMES[it.X_RAY] < SCREEN_FRAMES[
        it.DARK_BLOCK]


def test_the_banner_shows_the_name_on_the_field_hit() -> None:
    a, b, _ = hit(it.DARK_BLOCK, [], STACK)
    assert b.side.banner_left == BANNER_FRAMES and a.side.banner_left == 0
    a, b, _ = hit(it.DEL_EVEN, STACK, [])
    assert a.side.banner_left == BANNER_FRAMES and b.side.banner_left == 0


def test_roll_roll_turns_the_next_three_pieces_by_themselves() -> None:
    _, b, _ = hit(it.ROLL_ROLL, [], [], letters="TTTTT")
    assert b.side.roll_left == PIECE_COUNTS[it.ROLL_ROLL] == 3
    states = []
    for _ in range(4):
        spawned(b)
        start = b.state
        step(b, IDLE, ROLL_INTERVAL)
        states.append(b.state != start)
        b.destroy_piece()
    assert states == [True, True, True, False]


def test_trans_form_changes_the_piece_when_it_turns() -> None:
    _, b, _ = hit(it.TRANS_FORM, [], [], letters="TTTT")
    spawned(b)
    assert b.kind == T
    step(b, pad(b2=True))
    assert b.kind != T and b.state == 1


def test_mirror_block_mirrors_the_field_at_each_of_three_spawns() -> None:
    _, b, _ = hit(it.MIRROR_BLOCK, [], ["#........."], letters="OOOOO")
    seen = []
    for _ in range(4):
        spawned(b)
        seen.append(b.board.to_text(1)[0])
        b.destroy_piece()
    assert seen == [".........#", "#.........", ".........#", ".........#"]


def test_hard_block_needs_two_clears() -> None:
    _, b, _ = hit(it.HARD_BLOCK, [], ["########.."], letters="OO")
    spawned(b)
    assert b.item & HARD
    drop(b, 7)  # row 1 full: it clears, but the O's two hard blocks stay there
    assert b.board.to_text(2) == ["........##", "........##"]
    assert [b.board.cells[0][c] >> ITEM_SHIFT & HARD for c in (8, 9)] == [0, 0]  # now plain
    assert [b.board.cells[1][c] >> ITEM_SHIFT & HARD for c in (8, 9)] == [HARD, HARD]
    assert b.lines == 1


def test_death_block_makes_the_next_piece_big() -> None:
    _, b, _ = hit(it.DEATH_BLOCK, [], [], letters="OI")
    spawned(b)
    assert b.side.big_now and len(b.piece_cells()) == 16
    assert b.x == BIG_SPAWN_X[O]
    step_until(b, lambda q: q.phase != ACTIVE, pad(down=True))
    assert b.board.block_count() == 16
    assert b.board.to_text(4) == ["...####..."] * 4
    spawned(b)
    assert b.kind == I and len(b.piece_cells()) == 4


def test_death_block_moves_a_column_at_a_time_and_stops_at_the_wall() -> None:
    _, b, _ = hit(it.DEATH_BLOCK, [], [], letters="I")
    spawned(b)
    for _ in range(12):
        step(b, pad(left=True))
        step(b)
    assert min(c for _, c in b.piece_cells()) == 0
    step_until(b, lambda q: q.phase != ACTIVE, pad(up=True, down=True))
    assert b.board.to_text(2) == ["########..", "########.."]


def test_death_block_piece_falls_slower_than_the_level() -> None:
    """At 20G a plain piece is on the floor on its spawn frame; the BIG piece falls at half
    the level's gravity, at most a row a frame (VERSUS_DECISIONS death_block_gravity), so it
    takes a frame a row; at 64/256 it takes 8 frames a row, not 4."""
    from games.tap.rules.versus_player import BIG_GRAVITY_CAP, BIG_GRAVITY_DIVISOR, Side
    from tests.arika_kit import Script, flat_rules

    assert (BIG_GRAVITY_DIVISOR, BIG_GRAVITY_CAP) == (2, 256)
    for g256, frames_a_row in ((20 * 256, 1), (64, 8)):
        a = VersusPlayer(0, flat_rules(g256), 0, Side(1), pieces=Script("OO"))
        b = VersusPlayer(1, flat_rules(g256), 0, Side(2), pieces=Script("OO"))
        a.side.other, b.side.other = b, a
        fire(it.DEATH_BLOCK, a, b, [])
        spawned(b)
        assert b.side.big_now and b.gravity_now() == min(g256 // 2, 256)
        top = b.y
        for _ in range(4 * frames_a_row):
            step(b, IDLE)
        assert b.phase == ACTIVE and b.y == top - 4  # four rows down, not on the floor
    plain = VersusPlayer(0, flat_rules(20 * 256), 0, Side(3), pieces=Script("O"))
    spawned(plain)
    assert plain.y == plain.landing_row(plain.kind, plain.state, plain.x, plain.y)


def test_del_field_up_and_down() -> None:
    a, _, _ = hit(it.DEL_UP, STACK, [])
    assert a.board.to_text(3) == ["..........", "###.......", "####......"]
    a, _, _ = hit(it.DEL_DOWN, STACK, [])
    assert a.board.to_text(3) == ["..........", "#.........", "##........"]


def test_mov_field_right_and_left() -> None:
    a, _, _ = hit(it.MOV_RIGHT, ["#.#.......", ".#....#..."], [])
    assert a.board.to_text(2) == ["........##", "........##"]
    a, _, _ = hit(it.MOV_LEFT, ["..#.....#.", "...#......"], [])
    assert a.board.to_text(2) == ["##........", "#........."]


def test_del_even_and_free_fall() -> None:
    a, _, _ = hit(it.DEL_EVEN, STACK, [])
    assert a.board.to_text(2) == ["##........", "####......"]
    a, _, _ = hit(it.FREE_FALL, ["#.#.#.#.#.", ".#.#.#.#.#", "#........."], [])
    assert a.board.to_text(2) == ["..........", "#........."]


def test_exchg_field_swaps_the_fields_and_is_not_an_attack() -> None:
    a, b = pair("O", ["#########."], ["#.........", "#........."])
    spawned(b)
    out: list[Event] = []
    fire(it.EXCHG_FIELD, a, b, out)
    assert a.board.to_text(2) == ["#.........", "#........."]
    assert b.board.to_text(1) == ["#########."]
    assert b.phase == ACTIVE and b.kind != NO_PIECE  # neutral: no sniping


def test_defence_items_act_on_the_user_only() -> None:
    a, b, _ = hit(it.DEL_DOWN, STACK, STACK)
    assert b.board.to_text(4) == STACK
    assert a.board.block_count() == 3
