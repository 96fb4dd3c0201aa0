"""TGM3's World rule: SRS kicks (tetris.wiki "Super Rotation System") with Arika's I kicks
(harddrop.com wiki "I-Spins in SRS": mirror-symmetric, upward kick first), move reset
capped at 10 moves / 8 rotations while grounded, hard drop, soft drop without lock, ghost."""

from __future__ import annotations

import itertools

import pytest

from engine import events as ev
from engine.pieces import LETTERS, I, J, L, S, T, Z, kind_of
from games.arika.board import ORIGIN, ROW_BITS, Board
from games.arika.player import ACTIVE
from games.ti.rules import world as srs
from games.ti.rules.player import TiPlayer, world_rule
from games.ti.rules.speed import SpeedLevelPlayer
from tests.arika_kit import IDLE, Script, flat_rules, kinds, pad, spawned, step

WorldPlayer = world_rule(TiPlayer)
CW, CCW = pad(b2=True), pad(b1=True)
MIRROR = {0: 0, 1: 3, 2: 2, 3: 1}
EMPTY = "." * 10


def world(letters: str = "T", *rows: str, lock: int = 30) -> TiPlayer:
    p = WorldPlayer(0, flat_rules(lock=lock), 0, pieces=Script(letters))
    if rows:
        p.board = Board.from_text(list(rows))
    spawned(p)
    return p


def put(p: TiPlayer, letter: str, state: int, x: int, y: int) -> None:
    p.kind, p.state, p.x, p.y = kind_of(letter), state, x, y
    p.phase = ACTIVE


# ---- the tables ---------------------------------------------------------------------
def test_arika_i_kicks_are_mirror_symmetric() -> None:
    for (a, b), kicks in srs.ARIKA_I_KICKS.items():
        mirrored = srs.ARIKA_I_KICKS[(MIRROR[a], MIRROR[b])]
        assert mirrored == tuple((-dx, dy) for dx, dy in kicks), (a, b)


def test_guideline_i_kicks_are_not_mirror_symmetric() -> None:
    # The property the Arika table is built on does fail for the guideline's: the check
    # above can tell the two apart.
    assert any(srs.GUIDELINE_I_KICKS[(MIRROR[a], MIRROR[b])]
               != tuple((-dx, dy) for dx, dy in kicks)
               for (a, b), kicks in srs.GUIDELINE_I_KICKS.items())


@pytest.mark.parametrize("turn", sorted(srs.ARIKA_I_KICKS))
def test_arika_i_kicks_go_sideways_then_up_then_down(turn: tuple[int, int]) -> None:
    first, second, third, fourth = srs.ARIKA_I_KICKS[turn]
    assert first[1] == second[1] == 0 and {abs(first[0]), abs(second[0])} == {1, 2}
    assert third[1] > 0 > fourth[1]
    # Same horizontal reach as the guideline's table: only the vertical kicks differ.
    guide = srs.GUIDELINE_I_KICKS[turn]
    assert {k[0] for k in (first, second)} == {k[0] for k in guide[:2]}


def test_jlstz_kicks_undo_each_other() -> None:
    # tetris.wiki's table: turning back tries the opposite offsets (0->R vs R->0 ...).
    for (a, b), kicks in srs.JLSTZ_KICKS.items():
        assert srs.JLSTZ_KICKS[(b, a)] == tuple((-dx, -dy) for dx, dy in kicks)
    assert srs.JLSTZ_KICKS[(0, 1)] == ((-1, 0), (-1, 1), (0, -2), (-1, -2))


def test_shapes_have_four_blocks_and_turn_about_the_box() -> None:
    for kind in (I, J, L, S, T, Z):
        size = srs.SRS_SIZES[kind]
        for state in range(4):
            cells = srs.SRS_CELLS[kind][state]
            turned = {(c, size - 1 - r) for r, c in cells}  # one turn clockwise
            assert len(cells) == 4
            assert turned == set(srs.SRS_CELLS[kind][(state + 1) % 4]), (kind, state)


# ---- the kicks case by case, in play -----------------------------------------------
def _occupied(kind: int, state: int, x: int, y: int) -> set[tuple[int, int]]:
    size = srs.SRS_SIZES[kind]
    return {(y + size - 1 - r, x + c) for r, c in srs.SRS_CELLS[kind][state]}


def _reachable(kind: int, a: int, b: int, k: int) -> bool:
    """Can each earlier test be blocked by a cell that neither the piece nor the k-th
    placement holds?"""
    tests = ((0, 0), *srs.kicks_for(kind, a, b))
    start = _occupied(kind, a, 3, 8)
    target = _occupied(kind, b, 3 + tests[k][0], 8 + tests[k][1])
    return all(_occupied(kind, b, 3 + dx, 8 + dy) - target - start for dx, dy in tests[:k])


ALL_CASES = [(kind, a, b, k) for kind in (I, T, J, L, S, Z)
             for (a, b) in srs.JLSTZ_KICKS for k in range(5)]
CASES = [case for case in ALL_CASES if _reachable(*case)]


def test_only_four_t_kicks_can_never_be_reached() -> None:
    # Every earlier test of these shares its cells with the piece or the k-th placement,
    # so that kick is never the one taken; all 236 other cases are played below.
    unreachable = {(LETTERS[kind], a, b, k) for kind, a, b, k in ALL_CASES
                   if not _reachable(kind, a, b, k)}
    assert unreachable == {("T", 0, 1, 3), ("T", 2, 1, 2), ("T", 2, 3, 2), ("T", 0, 3, 3)}
    assert len(CASES) == 236


@pytest.mark.parametrize(("kind", "a", "b", "k"), CASES)
def test_each_kick_is_taken_when_the_earlier_tests_are_blocked(kind: int, a: int, b: int,
                                                                 k: int) -> None:
    """Block the rotation in place and kicks 1..k-1 (and nothing the k-th needs): the
    piece must end at the k-th offset (k = 0: in place)."""
    x, y = 3, 8
    tests = ((0, 0), *srs.kicks_for(kind, a, b))
    start = _occupied(kind, a, x, y)
    target = _occupied(kind, b, x + tests[k][0], y + tests[k][1])
    blocks: set[tuple[int, int]] = set()
    for dx, dy in tests[:k]:
        free = _occupied(kind, b, x + dx, y + dy) - target - start
        assert free, "an earlier test cannot be blocked apart from the target"
        blocks.add(min(free))
    board = Board()
    for r, c in blocks:
        if 0 <= c < 10 and r >= 1:
            board.put(r, c, 8)
    p = WorldPlayer(0, flat_rules(g256=0), 0, pieces=Script("T"))
    spawned(p)
    p.board = board
    put(p, LETTERS[kind], a, x, y)
    step(p, CW if b == (a + 1) % 4 else CCW)
    assert (p.state, p.x, p.y) == (b, x + tests[k][0], y + tests[k][1])


def test_flat_i_on_the_floor_turns_up_and_right() -> None:
    # Flat I lying on the floor (row 1, columns 3-6), turned clockwise: in place and both
    # sideways tests reach below the floor; Arika's third test (+1, +2) fits.
    p = world("I")
    put(p, "I", 0, 3, -1)
    step(p, CW)
    assert (p.state, p.x, p.y) == (1, 4, 1)
    assert {c for _, c in p.piece_cells()} == {6}
    assert sorted(r for r, _ in p.piece_cells()) == [1, 2, 3, 4]


def test_arika_i_prefers_up_where_the_guideline_goes_down() -> None:
    # Flat I in the air in row 6 (columns 3-6). Blocks at (row 4, column 5), (7, 3) and
    # (4, 6) stop the turn in place (column 5, rows 4-7) and both sideways tests (column 3
    # rows 4-7, column 6 rows 4-7). Both (+1, +2) (column 6, rows 6-9) and (-2, -1)
    # (column 3, rows 3-6) fit: Arika takes the upward one.
    p = world("I")
    p.board = Board()
    for r, c in ((4, 5), (7, 3), (4, 6)):
        p.board.put(r, c, 8)
    put(p, "I", 0, 3, 4)  # its blocks in row 6
    bits = p.board.bits
    down = srs.SRS_MASKS[I][1] << ((4 - 1) * ROW_BITS + 3 - 2 + ORIGIN)
    assert not bits & down  # the guideline's (-2, -1) would fit
    step(p, CW)
    assert (p.state, p.x, p.y) == (1, 4, 6)


def test_o_never_turns() -> None:
    p = world("O")
    before = (p.state, p.x, p.y)
    out = step(p, CW)
    assert (p.state, p.x) == before[:2] and not kinds(out, ev.ROTATE)


# ---- spawn, drops, ghost -------------------------------------------------------------
def test_srs_t_spawns_flat_side_down_in_the_top_rows() -> None:
    p = WorldPlayer(0, flat_rules(g256=0), 0, pieces=Script("T"))
    spawned(p)
    assert sorted(p.piece_cells()) == [(19, 3), (19, 4), (19, 5), (20, 4)]


def test_i_spawns_in_row_20() -> None:
    p = WorldPlayer(0, flat_rules(g256=0), 0, pieces=Script("I"))
    spawned(p)
    assert sorted(p.piece_cells()) == [(20, 3), (20, 4), (20, 5), (20, 6)]


def test_hard_drop_locks_at_once_and_needs_a_new_press() -> None:
    p = world("TO")
    out = step(p, pad(up=True))
    assert kinds(out, ev.LOCK) and p.phase != ACTIVE
    assert sorted(r for r, c in _cells_in(p.board)) == [1, 1, 1, 2]
    spawned(p, pad(up=True))  # Up still held: the O appears and stays up top
    step(p, pad(up=True), 3)
    assert p.phase == ACTIVE and p.y > 10


def _cells_in(board: Board) -> list[tuple[int, int]]:
    return [(r, c) for r in range(1, 22) for c in range(10) if board.filled(r, c)]


def test_soft_drop_never_locks_but_classic_down_does() -> None:
    p = world("T", lock=30)
    step(p, pad(down=True), 25)  # 20 rows at 1G: on the floor with frames to spare
    out = step(p, pad(down=True), 3)
    assert p.phase == ACTIVE and not kinds(out, ev.LOCK)
    classic = TiPlayer(0, flat_rules(lock=30), 0, pieces=Script("T"))
    spawned(classic)
    out = step(classic, pad(down=True), 25)
    assert kinds(out, ev.LOCK)


def test_ghost_is_shown_at_every_level_in_world_only() -> None:
    p = world("T")
    p.set_level(500)
    classic = TiPlayer(0, flat_rules(), 0, pieces=Script("T"))
    spawned(classic)
    classic.set_level(500)
    assert p.ghost_shown and not classic.ghost_shown


# ---- move reset and its caps ---------------------------------------------------------
def _land(letters: str, lock: int = 30) -> TiPlayer:
    p = WorldPlayer(0, flat_rules(g256=5120, lock=lock), 0, pieces=Script(letters))
    spawned(p)
    assert p.grounded
    return p


def test_moves_reset_the_lock_delay() -> None:
    p = _land("T", lock=10)
    lever = itertools.cycle([pad(left=True), IDLE, pad(right=True), IDLE])
    for _ in range(16):  # 8 moves over 16 frames: longer than the lock delay
        step(p, next(lever))
    assert p.phase == ACTIVE and p.grounded_moves == 8
    out = step(p, IDLE, 10)
    assert kinds(out, ev.LOCK)


def test_tenth_grounded_move_locks_at_once() -> None:
    p = _land("T", lock=60)
    lever = itertools.cycle([pad(left=True), IDLE, pad(right=True), IDLE])
    frames = 0
    while p.phase == ACTIVE:
        step(p, next(lever))
        frames += 1
    assert p.grounded_moves == srs.MOVE_CAP == 10
    assert frames == 19  # the tenth move is on frame 19 (a move every other frame)


def test_eighth_grounded_rotation_locks_at_once() -> None:
    p = _land("T", lock=60)
    buttons = itertools.cycle([CW, IDLE])
    frames = 0
    while p.phase == ACTIVE:
        step(p, next(buttons))
        frames += 1
    assert p.grounded_turns == srs.TURN_CAP == 8
    assert frames == 15


def test_world_master_player_keeps_its_state_through_a_snapshot() -> None:
    cls = world_rule(SpeedLevelPlayer)
    p = cls(0, flat_rules(), 0, pieces=Script("TIJ"))
    spawned(p)
    step(p, pad(left=True))
    snap = p.snapshot()
    hashed = p.hash_items()
    step(p, pad(right=True), 5)
    p.restore(snap)
    assert p.hash_items() == hashed and p.world and p.rule_name == "WORLD"
    assert p.shapes is srs.SRS and TiPlayer.default_shapes is not srs.SRS


def test_set_rule_turns_a_master_player_world_and_a_snapshot_keeps_it() -> None:
    from games.ti.rules.master_game import master_rules, new_master_player
    from games.ti.rules.player import set_rule

    p = new_master_player(0, master_rules(), 5)
    set_rule(p, True)
    assert p.world and p.shapes is srs.SRS and type(p).__name__ == "WorldTiMasterPlayer"
    spawned(p)
    step(p, pad(left=True), 3)
    snap = p.snapshot()
    fresh = new_master_player(0, master_rules(), 5)
    fresh.restore(snap)
    assert fresh.world and fresh.hash_items() == p.hash_items()
    set_rule(fresh, False)
    assert not fresh.world and type(fresh).__name__ == "TiMasterPlayer"
