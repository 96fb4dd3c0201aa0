"""TGM3 Shirase against tetris.wiki's "Tetris: The Grand Master 3 Terror-Instinct": the
delay table (internal frames: the wiki's ARE, line ARE, DAS less 2), 20G throughout,
garbage quotas 20/18/10/9/8 in 500-999, the torikans (2:28 / 4:56 Classic, 3:03 / 6:06
World), one S-grade a section less REGRETs (over 1:00), and the BIG roll at 1300."""

from __future__ import annotations

import pytest

from engine import events as ev
from games.arika import events as aev
from games.arika.board import Board
from games.arika.player import ACTIVE
from games.arika.timing import TWENTY_G, Timing
from games.ti.rules import shirase
from games.ti.rules.player import world_rule
from games.ti.rules.shirase import ShirasePlayer, shirase_rules
from tests.arika_kit import IDLE, Script, kinds, pad, spawned, step, step_until

RULES = shirase_rules()
HOLD_CW = pad(b2=True)

# (level, ARE, line ARE, DAS, lock, line clear) at the first and last level of each row.
DELAYS = [
    (0, 10, 6, 8, 18, 6), (99, 10, 6, 8, 18, 6),
    (100, 10, 5, 6, 18, 5), (199, 10, 5, 6, 18, 5),
    (200, 10, 4, 6, 17, 4), (299, 10, 4, 6, 17, 4),
    (300, 4, 4, 6, 15, 4), (499, 4, 4, 6, 15, 4),
    (500, 4, 3, 4, 13, 3), (599, 4, 3, 4, 13, 3),
    (600, 4, 3, 4, 12, 3), (1099, 4, 3, 4, 12, 3),
    (1100, 4, 3, 4, 10, 3), (1199, 4, 3, 4, 10, 3),
    (1200, 4, 3, 4, 8, 3), (1299, 4, 3, 4, 8, 3),
    (1300, 4, 4, 4, 15, 6),
]


@pytest.mark.parametrize(("level", "are", "line_are", "das", "lock", "clear"), DELAYS)
def test_delay_table(level: int, are: int, line_are: int, das: int, lock: int,
                     clear: int) -> None:
    assert RULES.timing_at(level) == Timing(are, line_are, das, lock, clear)


@pytest.mark.parametrize("level", [0, 1, 499, 500, 999, 1000, 1299, 1300])
def test_twenty_g_everywhere(level: int) -> None:
    assert RULES.gravity_at(level) == TWENTY_G


def test_first_piece_lands_on_its_spawn_frame() -> None:
    p = ShirasePlayer(0, RULES, 7)
    spawned(p)
    assert p.grounded and min(r for r, _ in p.piece_cells()) == 1


@pytest.mark.parametrize(("level", "quota"), [
    (0, 0), (499, 0), (500, 20), (599, 20), (600, 18), (700, 10), (800, 9), (900, 8),
    (999, 8), (1000, 0), (1299, 0)])
def test_garbage_quota_by_section(level: int, quota: int) -> None:
    assert shirase.garbage_quota(level) == quota


@pytest.mark.parametrize(("level", "classic_s", "world_s"), [(500, 148, 183), (1000, 296, 366)])
def test_torikan_limits(level: int, classic_s: int, world_s: int) -> None:
    assert shirase.torikan_limit(level, False) == classic_s * 60
    assert shirase.torikan_limit(level, True) == world_s * 60
    assert shirase.torikan_limit(level + 100, False) is None


@pytest.mark.parametrize(("sections", "regrets", "name"), [
    (0, 0, "1"), (1, 0, "S1"), (5, 0, "S5"), (10, 0, "S10"), (13, 0, "S13"), (13, 2, "S11"),
    (14, 0, "S13"), (1, 3, "1")])
def test_grade(sections: int, regrets: int, name: str) -> None:
    assert shirase.grade_name(shirase.grade_steps(sections, regrets)) == name


def _tetris_ready(level: int, cls: type[ShirasePlayer] = ShirasePlayer,
                  clock: int = 0) -> ShirasePlayer:
    """A player at ``level`` whose I (turned upright by IRS) completes four rows."""
    p = cls(0, RULES, 0, pieces=Script("I"))
    p.board = Board.from_text(["#####.####"] * 4)
    p.set_level(level)
    p.clock = clock
    return p


def _play_tetris(p: ShirasePlayer) -> list[ev.Event]:
    out = spawned(p, HOLD_CW)
    out += step_until(p, lambda q: q.phase != ACTIVE, HOLD_CW)
    return out


def test_tetris_adds_six_levels() -> None:
    p = _tetris_ready(10)
    out = _play_tetris(p)
    assert kinds(out, ev.LINE_CLEAR)[0].value == 4
    assert p.level == 16


@pytest.mark.parametrize(("world", "level", "limit_s"), [
    (False, 496, 148), (True, 496, 183), (False, 996, 296), (True, 996, 366)])
def test_torikan_stops_the_game_only_over_the_limit(world: bool, level: int,
                                                    limit_s: int) -> None:
    cls = world_rule(ShirasePlayer) if world else ShirasePlayer
    probe = _tetris_ready(level, cls)
    _play_tetris(probe)
    frames = probe.clock  # the clock's frames from the start to the clearing lock
    at_limit = _tetris_ready(level, cls, clock=limit_s * 60 - frames)
    _play_tetris(at_limit)
    step(at_limit, IDLE, 30)
    assert not at_limit.over and at_limit.level >= level + 6
    over = _tetris_ready(level, cls, clock=limit_s * 60 - frames + 1)
    out = _play_tetris(over)
    assert [e.value for e in kinds(out, aev.TORIKAN)] == [level // 100 * 100 + 100]
    assert over.over and not over.topped_out
    assert over.referee.summary(over)["torikan"] == level // 100 * 100 + 100


def test_garbage_rises_at_the_quota_copying_the_bottom_row() -> None:
    p = ShirasePlayer(0, RULES, 0, pieces=Script("O"))
    p.set_level(500)
    pattern = "#.#.#.#..."
    spawns = 0
    for _ in range(2000):
        out: list[ev.Event] = []
        p.step(IDLE, out)
        if kinds(out, ev.LOCK):
            p.board = Board.from_text([pattern])  # keep the well low
        spawns += len(kinds(out, ev.SPAWN))
        rises = kinds(out, aev.GARBAGE_RISE)
        if rises:
            assert spawns == 20  # the 20th piece of the 500s brings the row up
            assert p.board.to_text(2) == [pattern, pattern]  # the O lands on top of them
            return
    raise AssertionError("no garbage rose")


def test_cleared_lines_pay_the_garbage_counter_back() -> None:
    p = _tetris_ready(600)
    p.garbage = 10
    _play_tetris(p)
    assert p.garbage == 10 + 1 - 4  # the I counted, its four lines paid back


def test_no_garbage_count_before_500() -> None:
    p = _tetris_ready(400)
    _play_tetris(p)
    assert p.garbage == 0


def test_bone_blocks_from_1000() -> None:
    p = ShirasePlayer(0, RULES, 0)
    p.set_level(999)
    assert not p.bone
    p.set_level(1000)
    assert p.bone


def test_big_roll_at_1300() -> None:
    p = _tetris_ready(1296)
    out = _play_tetris(p)
    assert kinds(out, aev.GOAL) and p.level == 1300
    out = step_until(p, lambda q: q.phase == ACTIVE and q.in_roll)
    assert kinds(out, aev.ROLL_START) and p.big
    assert len(p.piece_cells()) == 16  # each of the I's four blocks is 2x2
    assert p.board.is_empty()
    snap = p.snapshot()
    p.set_big(False)
    p.restore(snap)
    assert p.big and len(p.piece_cells()) == 16


def test_big_pieces_move_two_columns_a_step() -> None:
    p = ShirasePlayer(0, RULES, 0, pieces=Script("T"))
    p.set_big(True)
    spawned(p)
    x = p.x
    step(p, pad(right=True))
    assert p.x == x + 2
    columns = sorted({c for _, c in p.piece_cells()})
    assert columns == list(range(x + 2, x + 8))


def test_regret_for_a_section_over_a_minute() -> None:
    p = _tetris_ready(96, clock=0)
    p.section_start = -61 * 60  # the section began over a minute ago
    out = _play_tetris(p)
    assert [e.value for e in kinds(out, shirase.REGRET)] == [0]
    assert p.referee.summary(p)["grade"] == "1"
