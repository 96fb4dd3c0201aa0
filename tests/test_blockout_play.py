"""BLOCKOUT play rules against the data sheet and the guide: drop and stair-drop points,
the lock rule, movement, the ceiling rule, faces, BLOCKOUT, LEVEL."""

from __future__ import annotations

import pytest

from engine import events as ev
from engine.inputs import PlayerInput
from games.blockout.rules import decisions as d
from games.blockout.rules.pieces import BY_NAME
from games.blockout.rules.player import PLAY, STAIR
from tests.blockout_kit import (
    DROP,
    NOTHING,
    TURN_B,
    TURN_C,
    finish_pause,
    kinds,
    lock_now,
    open_stage,
    p1,
    place,
    session,
    step,
    until,
    until_playing,
)


def spawned(name: str, round_no: int = 1):
    """A session whose first falling piece is ``name`` at its spawn place."""
    s = session(round_no)
    p = p1(s)
    step(s)
    p.kind = BY_NAME[name].index
    p.orient = 0
    p.z = p.height - 2 if BY_NAME[name].low_spawn else p.height - 1
    assert p.fits(p.cells, p.x, p.y, p.z)
    return s, p


def test_round_1_pit_and_spawn_height():
    s = session(1)
    p = p1(s)
    step(s)
    # Source: data sheet 7 note 1 (floor 16) and the guide's height-11 drop.
    assert (p.width, p.depth, p.height) == (4, 4, 11)
    assert p.z == p.height - 1  # round 1's pieces are flat: the centre under the ceiling


def test_3i_dropped_from_height_11_scores_30():
    # Source: abomination.jp scoring page: round 1, 3I from height 11: 10 x 3 = 30.
    s, p = spawned("3I")
    out = until(s, ev.LAND, DROP)
    assert p.score == 30
    assert [e.value for e in out if e.kind == ev.LAND] == [30]


def test_upright_4o_dropped_from_height_11_scores_36():
    # Source: abomination.jp scoring page: round 1, 4O stood up with B: 9 x 4 = 36.
    s, p = spawned("4O")
    step(s, TURN_B)
    assert max(c[2] for c in p.cells) - min(c[2] for c in p.cells) == 1
    step(s, NOTHING, d.ROTATE_FRAMES)
    until(s, ev.LAND, DROP)
    assert p.score == 36


def test_pentacube_from_height_10_scores_45():
    # Source: abomination.jp scoring page: the 45 maximum, 5P dropped in round 9.
    s, p = spawned("5P", 9)
    assert p.height == 10
    until(s, ev.LAND, DROP)
    assert p.score == 45


def test_stair_drop_scores_100_per_further_landing():
    # Source: abomination.jp scoring page: after a forced drop lands, moving it so it can
    # fall further makes it drop on; each later landing is a flat 100.
    s, p = spawned("1I")
    p.x, p.y = 1, 1
    for z in range(5):
        p.layers[z] = 0b0011_0011_0011_0011  # columns x = 0, 1 filled to height 5
    until(s, ev.LAND, DROP)
    assert p.score == (10 - 5) * 1
    step(s)  # drop released
    step(s, PlayerInput(right=True))
    assert p.x == 2
    out = until(s, STAIR)
    assert p.score == 5 + 100
    assert p.z == 0
    out += until(s, ev.LOCK)
    assert kinds(out).count(ev.LAND) == 1


def test_stair_drop_points_stop_at_900():
    # Source: abomination.jp scoring page: stair-drop points range 0-900.
    _s, p = spawned("1I")
    p.forced = True
    p.landings = d.STAIR_MAX + 1
    p.drop_points = 0
    p._land([])
    assert p.score == 0


def test_drop_is_refused_once_grounded():
    # Source: data sheet 4.2: grounded, the Drop button is ignored.
    s, p = spawned("1I")
    p.z = 0
    p.fall_left = 1
    step(s)
    assert p.grounded
    step(s, DROP)
    assert not p.forced and p.score == 0


def test_grounded_only_when_a_gravity_step_is_due():
    # Source: data sheet 4.1: resting is not grounded until the next fall step comes.
    s, p = spawned("1I")
    p.z = 0
    p.fall_left = 8
    step(s, NOTHING, 7)
    assert not p.grounded and p.state == PLAY
    step(s)
    assert p.grounded
    lock = d.LOCK_FRAMES[0]
    assert ev.LOCK not in kinds(step(s, NOTHING, lock - 1))
    assert ev.LOCK in kinds(step(s))


def test_lock_time_grows_with_level():
    # Source: data sheet 4.1: lock time is the same in every round, longer at higher LEVEL.
    assert list(d.LOCK_FRAMES) == sorted(set(d.LOCK_FRAMES))
    times = []
    for level in (1, 3, 5):
        s, p = spawned("1I")
        p.level = level
        p.z = 0
        p.fall_left = 1
        out = []
        frames = 0
        while ev.LOCK not in kinds(out):
            out = step(s)
            frames += 1
        times.append(frames)
    assert times == [1 + d.LOCK_FRAMES[0], 1 + d.LOCK_FRAMES[2], 1 + d.LOCK_FRAMES[4]]


def test_gravity_falls_one_layer_per_fall_time():
    s, p = spawned("1I")
    p.fall_left = p.fall
    z = p.z
    step(s, NOTHING, p.fall)
    assert p.z == z - 1
    step(s, NOTHING, p.fall)
    assert p.z == z - 2


def test_lever_moves_first_slow_then_fast():
    # Source: data sheet 2.1: the first cell takes longer than the held-lever cells.
    s = session(1)
    p = p1(s)
    step(s)
    p.enter_stage(1, open_stage(9, 9, 12))
    place(p, "1I", 0, 4, 6)
    right = PlayerInput(right=True)
    xs = []
    for _ in range(d.MOVE_FIRST + 2 * d.MOVE_REPEAT + 1):
        step(s, right)
        xs.append(p.x)
    assert xs[0] == 1
    assert xs.index(2) == d.MOVE_FIRST
    assert xs.index(3) == d.MOVE_FIRST + d.MOVE_REPEAT


def test_diagonal_moves_and_slides():
    # Source: data sheet 2.2.
    s = session(1)
    p = p1(s)
    step(s)
    p.enter_stage(1, open_stage(5, 5, 8))
    place(p, "1I", 2, 2, 0)
    assert p._move(1, 1) and (p.x, p.y) == (3, 3)
    # against the right wall a right-far input slides far
    place(p, "1I", 4, 2, 0)
    p._move(1, 1)
    assert (p.x, p.y) == (4, 3)
    # the diagonal cell blocked, both sides free: sideways, except left-near goes near
    place(p, "1I", 2, 2, 0)
    p.layers[0] = 1 << (3 * 5 + 3)
    p._move(1, 1)
    assert (p.x, p.y) == (3, 2)
    place(p, "1I", 2, 2, 0)
    p.layers[0] = 1 << (1 * 5 + 1)
    p._move(-1, -1)
    assert (p.x, p.y) == (2, 1)
    # both sides blocked: no diagonal squeeze even with the diagonal free
    place(p, "1I", 2, 2, 0)
    p.layers[0] = 1 << (2 * 5 + 3) | 1 << (3 * 5 + 2)
    assert p._move(1, 1) == 0 and (p.x, p.y) == (2, 2)


def test_wall_kick_moves_the_centre_inward():
    # Source: data sheet 3.2: near a wall the centre shifts toward the middle.
    s = session(1)
    p = p1(s)
    step(s)
    place(p, "3I", 0, 1, 10)
    p.orient = BY_NAME["3I"].turns[0]["C"]  # along x now
    assert min(c[0] for c in p.cells) == -1
    p.orient = 0
    p.x = 0
    p.rotate("C")
    assert p.x == 1 and min(p.x + c[0] for c in p.cells) == 0


@pytest.mark.parametrize("terrain, turns", [(2, True), (3, False)])
def test_ceiling_rule_with_5i_in_the_5x5x7_pit(terrain, turns):
    # Source: data sheet 3.2: in 5x5x7, a 5I stands up only if the terrain under its centre
    # is at most 2 high, and then sticks out 2 layers above the pit.
    _s, p = spawned("5I", 5)
    assert (p.width, p.depth, p.height) == (5, 5, 7)
    p.rotate("C")  # along x
    for z in range(terrain):
        p.layers[z] |= 1 << (p.y * 5 + p.x)
    assert p.rotate("B") is turns
    if turns:
        assert max(p.z + c[2] for c in p.cells) == 8
        # standing out of the pit it can pass over terrain 4 high
        for z in range(4):
            p.layers[z] |= 1 << (p.y * 5 + p.x + 1)
        assert p._move(1, 0)


def test_floor_is_not_kicked():
    s = session(1)
    p = p1(s)
    step(s)
    place(p, "4O", 1, 1, 0)
    assert not p.rotate("B")  # standing up would reach below the floor


@pytest.mark.parametrize("z", range(11))
def test_face_clear_at_every_layer(z):
    s = session(1)
    p = p1(s)
    step(s)
    full = p.full
    for below in range(z):
        p.layers[below] = 1 << 5  # a column under (1, 1) to stand on; never full
    p.layers[z] = full & ~(1 << 5)  # all but (1, 1)
    if z + 1 < p.height:
        p.layers[z + 1] = 1 << 10  # a cube above, at (2, 2)
    place(p, "1I", 1, 1, z)
    out = lock_now(s, p)
    assert [e.value for e in out if e.kind == ev.LINE_CLEAR] == [1]
    assert p.faces == 1 and p.faces_left == 9
    assert p.layers[:z] == [1 << 5] * z
    if z + 1 < p.height:
        assert p.layers[z] == 1 << 10
    assert p.score == d.FACE_POINTS[1]
    assert sum(layer.bit_count() for layer in p.layers) == z + (z + 1 < p.height)


def test_two_faces_at_once():
    s = session(1)
    p = p1(s)
    step(s)
    p.layers[0] = p.full & ~1
    p.layers[1] = p.full & ~1
    p.layers[2] = 0b110
    place(p, "2I", 0, 0, 0)
    p.orient = BY_NAME["2I"].turns[0]["A"]  # standing
    assert sorted(p.cells) == [(0, 0, 0), (0, 0, 1)]
    out = lock_now(s, p)
    assert [e.value for e in out if e.kind == ev.LINE_CLEAR] == [2]
    assert p.layers[0] == 0b110 and not any(p.layers[1:])
    assert p.score == d.FACE_POINTS[2]


def test_blockout_empties_the_pit_scores_10x_and_resets_level():
    # Source: sal-games glossary and data sheet 4.3: BLOCKOUT x10, LEVEL back to 1.
    s = session(1)
    p = p1(s)
    step(s)
    p.level = 3
    p.cubes_since = 150
    p.layers[0] = p.full & ~1
    place(p, "1I", 0, 0, 0)
    out = lock_now(s, p)
    assert ev.ALL_CLEAR in kinds(out)
    assert p.blockouts == 1 and not any(p.layers)
    assert p.score == d.FACE_POINTS[1] * d.BLOCKOUT_MULTIPLIER
    assert p.level == 1 and p.cubes_since == 0


def test_level_2_after_the_65th_cube_in_round_1():
    # Source: data sheet 7 note 1: round 1, floor 16, LEVEL 2 after the 65th cube locks.
    s = session(1)
    p = p1(s)
    step(s)
    p.cubes_since = 63
    place(p, "1I", 0, 0, 0)
    lock_now(s, p)
    finish_pause(s, p)
    assert p.cubes_since == 64 and p.level == 1
    place(p, "1I", 1, 0, 0)
    lock_now(s, p)
    out = finish_pause(s, p)
    assert p.cubes_since == 65 and p.level == 2
    assert [e.value for e in out if e.kind == ev.LEVEL_UP] == [2]


def test_level_follows_cubes_in_real_play():
    from games.blockout.rules.autoplay import demo_inputs

    s = session(1, seed=5)
    p = p1(s)
    inputs = demo_inputs(s)
    checked = 0
    for _ in range(6000):
        out = s.step(next(inputs))
        if any(e.kind == ev.SPAWN for e in out) and p.round == 1 and p.blockouts == 0:
            want = 1 + sum(1 for lv in range(1, 5)
                           if p.cubes_since >= p.stage.cubes_for_level(lv))
            assert p.level == want
            checked += 1
    assert checked > 20


def test_top_out_when_the_spawn_place_is_taken():
    # Source: data sheet 5, condition 1.
    s = session(1)
    p = p1(s)
    until_playing(s)
    for z in range(p.height):
        p.layers[z] = p.full & ~(1 << 15) & ~1
    place(p, "1I", 3, 3, 0)
    out = lock_now(s, p)
    out += finish_pause(s, p)
    assert "continue_wait" in kinds(out)
    assert not s.playing(0) and s.can_join(0)


def test_locking_through_the_ceiling_tops_out_before_faces():
    # Source: data sheet 5, condition 2, and the note that it wins over a face clear.
    s = session(1)
    p = p1(s)
    step(s)
    p.layers[10] = p.full & ~1
    p.layers[9] = 1
    place(p, "2I", 0, 0, 10)
    p.orient = BY_NAME["2I"].turns[0]["A"]  # standing: (0,0,10) and (0,0,11)
    out = lock_now(s, p)
    assert ev.LINE_CLEAR not in kinds(out)
    assert "continue_wait" in kinds(out)


def test_rotation_needs_the_buttons_released_between_turns():
    # Source: data sheet 3.1: holding a button turns once; the other does not turn either.
    s, p = spawned("4L")
    step(s, TURN_B)
    first = p.orient
    step(s, TURN_B, 20)
    step(s, PlayerInput(b2=True, b3=True), 20)
    assert p.orient == first
    step(s)
    step(s, TURN_C)
    assert p.orient != first


@pytest.mark.parametrize("name", list(BY_NAME))
def test_spawn_place_and_height(name):
    # Source: data sheet 1: the centre over the middle of the floor (left-near of it when a
    # side is even), just under the ceiling; 5Q, 5K, 5H, 5F one layer lower.
    s = session(5)  # 5x5x7: every piece fits
    p = p1(s)
    step(s)
    p.layers = [0] * p.height
    p.next_kind = BY_NAME[name].index
    p.start([])
    assert p.kind == BY_NAME[name].index
    low = name in ("5Q", "5K", "5H", "5F")
    assert p.z == (p.height - 2 if low else p.height - 1)
    assert (p.x, p.y) == (2, 2)
    assert max(p.z + c[2] for c in p.cells) <= p.height - 1


def test_spawn_left_near_of_the_middle_on_an_even_floor():
    s = session(1)  # 4x4
    p = p1(s)
    step(s)
    p.next_kind = BY_NAME["1I"].index
    p.start([])
    assert (p.x, p.y) == (1, 1)


def test_fall_speed_comes_from_the_round_table_and_the_difficulty_dip():
    from games.blockout.table import round_table

    for round_no in (1, 7, 10):
        for level in (1, 3, 5):
            s = session(round_no)
            p = p1(s)
            p.level = level
            assert p.fall == round_table().stage(round_no).fall[level - 1]
    hard = p1(session(1, difficulty="hard"))
    easy = p1(session(1, difficulty="easy"))
    normal = p1(session(1))
    assert easy.fall > normal.fall > hard.fall
    assert hard.fall == round(normal.fall * d.DIFFICULTY_FALL["hard"] / 100)


def test_rotate_buttons_3_turns_on_a_and_drops_on_start():
    s = session(1, rotate_buttons=3)
    p = p1(s)
    step(s)
    place(p, "4L", 1, 1, 8)
    before = set(p.cells)
    step(s, PlayerInput(b1=True))
    assert set(p.cells) == {(x, -z, y) for x, y, z in before}
    step(s, NOTHING, d.ROTATE_FRAMES)
    until(s, ev.LAND, PlayerInput(start=True))
    assert p.forced and p.score > 0


def test_a_turn_button_held_from_the_last_piece_does_not_turn_the_next():
    # Source: data sheet 3.1: a button held since the last turn does not turn the next
    # piece; one pressed anew before it appears turns it as it appears.
    both = PlayerInput(b2=True, b3=True)
    for fresh in (False, True):
        s, p = spawned("4L")
        p.next_kind = BY_NAME["4L"].index
        step(s, TURN_B)
        assert p.orient != 0
        p.z = 1
        p.fall_left = 1
        out = []
        for _ in range(200):
            if p.state != PLAY and fresh:
                out += step(s, both)  # C pressed during the lock pause, B still held
            else:
                out += step(s, TURN_B)
            if ev.SPAWN in kinds(out):
                break
        step(s, both if fresh else TURN_B, 3)
        assert (p.orient != 0) is fresh, fresh


def test_holding_drop_allows_only_the_first_turn():
    # Source: data sheet 4.2.
    s, p = spawned("4L")
    p.forced = True  # a dropped piece resting: Drop is held, turns still work once
    p.grounded = True
    p.lock_left = 500
    step(s, PlayerInput(b1=True, b2=True))
    first = p.orient
    assert first != 0
    step(s, PlayerInput(b1=True), 10)
    step(s, PlayerInput(b1=True, b3=True), 10)
    assert p.orient == first
    step(s, NOTHING)
    step(s, TURN_C)
    assert p.orient != first
