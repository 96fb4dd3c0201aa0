"""The Arika player loop frame by frame: ARE and line ARE, lock delay and its step reset,
DAS through ARE but not through line clear, gravity in 1/256 G, 20G, sonic drop, soft drop
and manual lock, top-out, ghost and lock flash (ARIKA_DECISIONS names the frame order)."""

from __future__ import annotations

import itertools

from engine import events as ev
from engine.pieces import I, O, T
from games.arika import events as aev
from games.arika.player import ACTIVE, ARE, CLEAR, OVER, SPAWN, STEP
from tests.arika_kit import IDLE, cells, flat_rules, kinds, pad, player, spawned, step

LEFT, RIGHT, UP, DOWN = pad(left=True), pad(right=True), pad(up=True), pad(down=True)


def frames_until(p: object, cond: object, pi: object = IDLE, limit: int = 500) -> int:
    """Steps taken until ``cond(p)`` holds (0 if it already does)."""
    for n in range(limit):
        if cond(p):  # type: ignore[operator]
            return n
        step(p, pi)  # type: ignore[arg-type]
    raise AssertionError("not reached")


def lock_frame(p: object, pi: object = IDLE) -> int:
    """Frame number of the next lock."""
    for _ in range(2000):
        out = step(p, pi)  # type: ignore[arg-type]
        if kinds(out, ev.LOCK):
            return p.frame  # type: ignore[attr-defined, no-any-return]
    raise AssertionError("no lock")


def spawn_frame(p: object, pi: object = IDLE) -> int:
    for _ in range(2000):
        out = step(p, pi)  # type: ignore[arg-type]
        if kinds(out, ev.SPAWN):
            return p.frame  # type: ignore[attr-defined, no-any-return]
    raise AssertionError("no spawn")


# ---- ARE ------------------------------------------------------------------------------
def test_are_timeline_without_a_clear() -> None:
    # Lock on frame L: flash L+1, ARE frames L+2..L+ARE+1, level step L+ARE+2, spawn
    # L+ARE+3: observed ARE (frames without a piece) = ARE + 2.
    for are in (25, 16, 4):
        p = player("TT", rules=flat_rules(are=are))
        spawned(p)
        lock = lock_frame(p, pad(up=True, down=True))
        phases = []
        while p.phase != ACTIVE:
            step(p)
            phases.append(p.phase)
        assert p.frame == lock + are + 3
        assert phases[0] == ARE  # after the flash frame
        assert phases.count(ARE) == are


def test_line_are_timeline() -> None:
    # A clear locked on frame L: line clear delay, collapse (flash) frame, line ARE, level
    # step, spawn on L + line clear + line ARE + 3.
    rows = ["####.#####"] * 2
    for lc, line_are in ((40, 25), (6, 6), (12, 12)):
        p = player("II", rules=flat_rules(are=99, line_are=line_are, line_clear=lc), board=rows)
        step(p, pad(b1=True))  # IRS: vertical I in column 5
        step(p, LEFT)
        assert {c for _, c in cells(p)} == {4}
        lock = lock_frame(p, pad(up=True, down=True))
        seen = []
        while p.phase != ACTIVE:
            step(p)
            seen.append(p.phase)
        assert seen.count(CLEAR) == lc - 1  # the last clear frame turns to the flash frame
        assert p.frame == lock + lc + line_are + 3
        assert p.lines == 2


# ---- lock delay -----------------------------------------------------------------------
def test_lock_delay_counts_the_landing_frame() -> None:
    for lock in (30, 17, 15):
        p = player("OO", rules=flat_rules(g256=5120, lock=lock))
        spawn = spawn_frame(p)
        # 20G: grounded on the spawn frame, which does not count; locks lock frames later.
        assert lock_frame(p) == spawn + lock


def test_lock_delay_from_a_fall() -> None:
    p = player("OO", rules=flat_rules(g256=256, lock=30))
    spawned(p)
    landed = None
    for _ in range(100):
        out = step(p)
        if kinds(out, ev.LAND) and landed is None:
            landed = p.frame
        if kinds(out, ev.LOCK):
            break
    assert landed is not None
    assert p.frame == landed + 30 - 1


def test_sideways_moves_do_not_reset_the_lock() -> None:
    p = player("OO", rules=flat_rules(g256=5120, lock=30, das=1))
    spawn = spawn_frame(p)
    assert lock_frame(p, LEFT) == spawn + 30  # sliding along a flat floor


def test_rotations_do_not_reset_the_lock() -> None:
    p = player("TT", rules=flat_rules(g256=5120, lock=30))
    spawn = spawn_frame(p)
    lock = None
    for n in range(60):
        out = step(p, pad(b2=bool(n % 2)))
        if kinds(out, ev.LOCK):
            lock = p.frame
            break
    assert lock == spawn + 30


def test_a_step_down_resets_the_lock() -> None:
    # O at 20G on a ledge; after 10 frames it slides off and falls: the counter restarts.
    rows = ["...#######"] * 3
    p = player("OO", rules=flat_rules(g256=5120, lock=30, das=99), board=rows)
    spawned(p)
    step(p, IDLE, times=10)
    assert p.lock_left == 20
    for _ in range(2):
        step(p, LEFT)  # x 3 -> 2 -> 1: still on column 3
        step(p, IDLE)
    assert p.y == 3 and p.lock_left == 16
    step(p, LEFT)  # x 1 -> 0: over the pit, falls to the floor
    assert p.y == 0 and p.lock_left == 29


# ---- DAS ------------------------------------------------------------------------------
def test_das_moves_on_the_press_then_after_das_plus_one() -> None:
    for das in (14, 8, 6):
        p = player("II", rules=flat_rules(g256=0, das=das))
        spawned(p)
        moves = []
        for n in range(das + 6):
            out = step(p, RIGHT)
            if kinds(out, ev.MOVE):
                moves.append(n)
        # Observed DAS (tetris.wiki, inclusive) is das + 2 frames from press to repeat.
        assert moves[:3] == [0, das + 1, das + 2]


def test_das_charges_through_are() -> None:
    p = player("OO", rules=flat_rules(g256=0, das=14, are=25))
    spawned(p)
    lock_frame(p, pad(up=True, down=True))
    out = []
    while p.phase != ACTIVE:
        out += step(p, RIGHT)
    assert p.x == 3  # no move on the spawn frame
    step(p, RIGHT)
    assert p.x == 4  # charged: moves on the first frame in play
    step(p, RIGHT)
    assert p.x == 5


def test_das_not_charged_during_line_clear() -> None:
    rows = ["####.#####"] * 2
    p = player("IO", rules=flat_rules(g256=0, das=14, are=99, line_are=3, line_clear=40),
               board=rows)
    step(p, pad(b1=True))
    step(p, LEFT)
    lock_frame(p, pad(up=True, down=True))
    assert p.phase == CLEAR
    counts = []
    while p.phase != ACTIVE:
        step(p, RIGHT)
        counts.append(p.das_count)
    # Frozen through the clear, the collapse frame, the level step and the spawn frame:
    # only the 3 line ARE frames saw it (press, +1, +1).
    assert len(counts) > 40 and max(counts) == 2


def test_das_frozen_on_flash_step_and_spawn_frames() -> None:
    p = player("OO", rules=flat_rules(g256=0, das=14, are=3))
    spawned(p)
    lock_frame(p, pad(up=True, down=True))
    record = []
    while True:
        step(p, RIGHT)
        record.append((p.phase, p.das_count))
        if p.phase == ACTIVE:
            break
    # flash (press not seen), 3 ARE frames (0, 1, 2), step and spawn frames unchanged.
    assert [c for _, c in record] == [0, 0, 1, 2, 2, 2]
    assert [ph for ph, _ in record] == [ARE, ARE, ARE, STEP, SPAWN, ACTIVE]


# ---- gravity --------------------------------------------------------------------------
def test_gravity_carries_the_fraction() -> None:
    # 4/256 G: one row every 64 frames, the spawn frame included.
    p = player("T", rules=flat_rules(g256=4))
    spawned(p)
    y0 = p.y
    step(p, IDLE, times=62)
    assert p.y == y0
    step(p)
    assert p.y == y0 - 1
    # 384/256 G: 1, 2, 1, 2 rows a frame.
    p = player("T", rules=flat_rules(g256=384))
    spawned(p)
    ys = [p.y]
    for _ in range(4):
        step(p)
        ys.append(p.y)
    assert [a - b for a, b in itertools.pairwise(ys)] == [2, 1, 2, 1]


def test_twenty_g_on_the_stack_on_the_spawn_frame() -> None:
    rows = ["##########"] * 5
    p = player("T", rules=flat_rules(g256=5120), board=rows)
    out = step(p)
    assert p.phase == ACTIVE and kinds(out, ev.SPAWN) and kinds(out, ev.LAND)
    assert min(r for r, _ in cells(p)) == 6


def test_twenty_g_moves_fall_at_once() -> None:
    rows = ["....##....", "....##....", "....##...."]
    p = player("O", rules=flat_rules(g256=5120, das=99), board=rows)
    step(p)
    assert min(r for r, _ in cells(p)) == 4
    step(p, LEFT)  # columns 3-4: still on column 4
    step(p)
    step(p, LEFT)  # columns 2-3: falls to the floor in the same frame
    assert min(r for r, _ in cells(p)) == 1


def test_twenty_g_rotation_then_move_in_one_frame() -> None:
    # The turned I falls into the well before the lever acts, so the move is blocked.
    rows = ["...#..#...", "...#..#...", "...##.#...", "...##.#..."]
    p = player("I", rules=flat_rules(g256=5120), board=rows)
    step(p)
    assert min(r for r, _ in cells(p)) == 5
    step(p, pad(b1=True, left=True))
    assert p.state == 3 and cells(p) == {(1, 5), (2, 5), (3, 5), (4, 5)}


# ---- sonic drop, soft drop, manual lock ----------------------------------------------
def test_sonic_drop_does_not_lock() -> None:
    p = player("TT", rules=flat_rules(g256=4, lock=30))
    spawned(p)
    out = step(p, UP)
    assert min(r for r, _ in cells(p)) == 1
    assert kinds(out, aev.SONIC_DROP)[0].value == 18
    assert not kinds(out, ev.LOCK) and p.phase == ACTIVE
    assert p.sonic == 18
    # Still movable, and locks after the lock delay counted from the drop frame.
    step(p, LEFT)
    assert p.x == 2
    n = frames_until(p, lambda q: q.phase != ACTIVE)
    assert n == 30 - 2  # the drop frame and the move frame counted


def test_soft_drop_falls_at_1g_and_counts_frames() -> None:
    p = player("TT", rules=flat_rules(g256=4))
    spawned(p)
    y = p.y
    step(p, DOWN, times=5)
    assert p.y == y - 5 and p.soft == 5


def test_manual_lock_on_the_ground() -> None:
    p = player("TT", rules=flat_rules(g256=4))
    spawned(p)
    step(p, UP)
    out = step(p, DOWN)
    assert kinds(out, aev.MANUAL_LOCK) and kinds(out, ev.LOCK)


def test_soft_drop_locks_the_frame_after_landing() -> None:
    p = player("TT", rules=flat_rules(g256=4))
    spawned(p)
    out = []
    n = 0
    while not kinds(out, ev.LOCK):
        out = step(p, DOWN)
        n += 1
    assert n == 18 + 1  # 18 rows down, then the lock


def test_manual_lock_needs_a_release_between_pieces() -> None:
    p = player("OOO", rules=flat_rules(g256=5120, lock=30))
    spawned(p)
    step(p, DOWN)  # locks the first piece (Down was up before)
    spawn = spawn_frame(p, DOWN)
    # Held since the last manual lock: the second piece waits for the lock delay.
    assert lock_frame(p, DOWN) == spawn + 30
    # Released during ARE, pressed again: instant lock on the first frame in play.
    step_phase = spawn_frame(p, IDLE)
    out = step(p, DOWN)
    assert kinds(out, ev.LOCK) and p.frame == step_phase + 1


def test_down_held_through_are_locks_at_once() -> None:
    p = player("OOO", rules=flat_rules(g256=5120, lock=30))
    spawned(p)
    lock_frame(p)  # locked by the lock delay, Down never pressed
    spawn = spawn_frame(p, DOWN)  # Down pressed during ARE and held
    out = step(p, DOWN)
    assert kinds(out, aev.MANUAL_LOCK) and p.frame == spawn + 1


# ---- top-out, ghost, flash, level -----------------------------------------------------
def test_blocked_spawn_ends_the_game() -> None:
    rows = ["....#....."] + ["." * 10] * 19
    p = player("T", board=rows)
    out = step(p)
    assert p.phase == OVER and p.topped_out
    assert kinds(out, ev.GAME_OVER)[0].value == 0


def test_blocks_in_the_hidden_row_stay() -> None:
    p = player("I", rules=flat_rules(g256=0))
    spawned(p)
    p.board.put(21, 0, 8)
    step(p, pad(up=True))
    step(p, pad(down=True))
    assert p.board.filled(21, 0)


def test_ghost_only_below_level_100() -> None:
    p = player("TT")
    spawned(p)
    assert p.ghost_shown and p.ghost_y() == 1
    p.level = 100
    assert not p.ghost_shown


def test_lock_flash_marks_the_locked_cells() -> None:
    p = player("TT", rules=flat_rules(are=10))
    spawned(p)
    step(p, UP)
    expected = cells(p)
    step(p, DOWN)
    assert set(p.flash_cells) == expected and p.flash_frame == p.frame
    step(p)
    assert p.phase == ARE


def test_level_step_frame_and_first_piece() -> None:
    p = player("TTTT", rules=flat_rules(are=2))
    spawned(p)
    assert p.level == 0  # the first piece adds nothing
    lock_frame(p, pad(up=True, down=True))
    while p.phase != STEP:
        step(p)
    step(p)
    assert p.level == 1 and p.phase == SPAWN


def test_level_stops_at_x99_and_998() -> None:
    for stop in (99, 199, 998):
        p = player("TTT", rules=flat_rules(are=1))
        spawned(p)
        p.level = stop
        lock_frame(p, pad(up=True, down=True))
        spawn_frame(p)
        assert p.level == stop
    p = player("TTT", rules=flat_rules(are=1))
    spawned(p)
    p.level = 98
    lock_frame(p, pad(up=True, down=True))
    spawn_frame(p)
    assert p.level == 99


def test_pieces_are_kinds() -> None:
    assert {I, O, T} <= set(range(7))
