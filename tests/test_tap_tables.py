"""Every number of TAP's speed tables, in the engine's internal frame convention, and each
delay measured frame by frame through the player loop.

The expected values are typed from tetris.wiki, "Tetris The Absolute The Grand Master 2"
(observed frames); internal = observed - 2 for ARE, line ARE and DAS, equal for lock and
line clear (the page's footnote on observed counting)."""

from __future__ import annotations

import pytest

from engine import events as ev
from games.arika.player import ACTIVE, FLASH, ArikaPlayer
from games.arika.rules import ArikaRules
from games.tap.rules import DEATH, MASTER, NORMAL, PLUS, rules_for
from games.tap.rules.modes import rules_from_settings
from tests.arika_kit import IDLE, Script, kinds, pad, step

NORMAL_GRAVITY_WIKI = [
    (0, 4), (8, 5), (19, 6), (35, 8), (40, 10), (50, 12), (60, 16), (70, 32), (80, 48),
    (90, 64), (100, 4), (108, 5), (119, 6), (125, 8), (131, 12), (139, 32), (149, 48),
    (156, 80), (164, 112), (174, 128), (180, 144), (200, 16), (212, 48), (221, 80),
    (232, 112), (244, 144), (256, 176), (267, 192), (277, 208), (287, 224), (295, 240),
    (300, 5120),
]
MASTER_GRAVITY_WIKI = [
    (0, 4), (30, 6), (35, 8), (40, 10), (50, 12), (60, 16), (70, 32), (80, 48), (90, 64),
    (100, 80), (120, 96), (140, 112), (160, 128), (170, 144), (200, 4), (220, 32),
    (230, 64), (233, 96), (236, 128), (239, 160), (243, 192), (247, 224), (251, 256),
    (300, 512), (330, 768), (360, 1024), (400, 1280), (420, 1024), (450, 768), (500, 5120),
]
# (first level, last level, ARE, line ARE, DAS, lock, line clear), observed frames.
MASTER_DELAYS_WIKI = [
    (0, 499, 27, 27, 16, 30, 40),
    (500, 600, 27, 27, 10, 30, 25),
    (601, 700, 27, 18, 10, 30, 16),
    (701, 800, 18, 14, 10, 30, 12),
    (801, 899, 14, 8, 10, 30, 6),
    (900, 900, 14, 8, 10, 30, 6),
    (901, 999, 14, 8, 8, 17, 6),
]
DEATH_DELAYS_WIKI = [
    (0, 100, 18, 14, 12, 30, 12),
    (101, 199, 14, 8, 12, 26, 6),
    (200, 200, 14, 8, 11, 26, 6),
    (201, 299, 14, 8, 11, 22, 6),
    (300, 300, 14, 8, 10, 22, 6),
    (301, 399, 8, 8, 10, 18, 6),
    (400, 400, 8, 8, 8, 18, 6),
    (401, 499, 7, 7, 8, 15, 5),
    (500, 999, 6, 6, 8, 15, 4),
]
NORMAL_DELAYS_WIKI = [(0, 300, 27, 27, 16, 30, 40)]


def internal(row: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    are, line_are, das, lock, line_clear = row[2:]
    return (are - 2, line_are - 2, das - 2, lock, line_clear)


def timing(rules: ArikaRules, level: int) -> tuple[int, int, int, int, int]:
    t = rules.timing_at(level)
    return (t.are, t.line_are, t.das, t.lock, t.line_clear)


@pytest.mark.parametrize(("mode", "table"), [
    (NORMAL, NORMAL_GRAVITY_WIKI), (MASTER, MASTER_GRAVITY_WIKI), (PLUS, MASTER_GRAVITY_WIKI),
])
def test_gravity_rows(mode: str, table: list[tuple[int, int]]) -> None:
    rules = rules_for(mode)
    for i, (level, g) in enumerate(table):
        assert rules.gravity_at(level) == g, level
        end = table[i + 1][0] if i + 1 < len(table) else 1000
        assert rules.gravity_at(end - 1) == g
        if level:
            assert rules.gravity_at(level - 1) != g


def test_death_is_20g_everywhere() -> None:
    rules = rules_for(DEATH)
    assert {rules.gravity_at(lv) for lv in range(1000)} == {5120}


@pytest.mark.parametrize(("mode", "table"), [
    (NORMAL, NORMAL_DELAYS_WIKI), (MASTER, MASTER_DELAYS_WIKI), (DEATH, DEATH_DELAYS_WIKI),
    (PLUS, [(0, 999, 27, 27, 16, 30, 40)]),
])
def test_delay_rows(mode: str, table: list[tuple[int, ...]]) -> None:
    rules = rules_for(mode)
    for row in table:
        first, last = row[0], row[1]
        for level in (first, last, (first + last) // 2):
            assert timing(rules, level) == internal(row), (mode, level)


def test_clone_boundaries_and_das_step_settings() -> None:
    x00 = rules_from_settings(MASTER, {"boundaries": "x00"})
    assert timing(x00, 600) == (25, 16, 8, 30, 16)
    assert timing(x00, 599) == (25, 25, 8, 30, 25)
    assert timing(x00, 900) == (12, 6, 6, 17, 6)
    step900 = rules_from_settings(MASTER, {"das_step": 900})
    assert timing(step900, 900) == (12, 6, 6, 30, 6)
    assert timing(step900, 901) == (12, 6, 6, 17, 6)
    assert timing(step900, 899) == (12, 6, 8, 30, 6)
    death = rules_from_settings(DEATH, {"boundaries": "x00"})
    assert timing(death, 100) == (12, 6, 10, 26, 6)
    assert timing(death, 200) == (12, 6, 9, 22, 6)
    with pytest.raises(ValueError, match="boundaries"):
        rules_from_settings(MASTER, {"boundaries": "x50"})
    with pytest.raises(ValueError, match="das_step"):
        rules_from_settings(MASTER, {"das_step": 899})
    with pytest.raises(ValueError, match="unknown TAP setting"):
        rules_from_settings(MASTER, {"speed": 2})


# ---- measured through the player loop -------------------------------------------------
def fresh(rules: ArikaRules, level: int, board: list[str] | None = None) -> ArikaPlayer:
    p = ArikaPlayer(0, rules, 0, pieces=Script("OOOOOO"))
    p.set_level(level)
    if board:
        from games.arika.board import Board
        p.board = Board.from_text(board)
    while p.phase != ACTIVE:
        step(p)
    return p


def until(p: ArikaPlayer, kind: str, pi: object = IDLE) -> int:
    for _ in range(1000):
        if kinds(step(p, pi), kind):  # type: ignore[arg-type]
            return p.frame
    raise AssertionError(kind)


def measure(rules: ArikaRules, level: int) -> tuple[int, int, int, int, int]:
    # ARE: lock at level, spawn on L + ARE + 3.
    p = fresh(rules, level)
    lock = until(p, ev.LOCK, pad(up=True, down=True))
    are = until(p, ev.SPAWN) - lock - 3
    # Lock delay: sonic drop frame D counts; the piece locks on D + lock - 1.
    p = fresh(rules, level)
    step(p, pad(up=True))
    drop = p.frame
    lock_delay = until(p, ev.LOCK) - drop + 1
    # DAS: moves on the press frame P and on P + DAS + 1.
    p = fresh(rules, level)
    first = until(p, ev.MOVE, pad(right=True))
    das = until(p, ev.MOVE, pad(right=True)) - first - 1
    # Line clear and line ARE: a double that ends at ``level``.
    p = fresh(rules, level - 2, ["####..####"] * 2)
    lock = until(p, ev.LOCK, pad(up=True, down=True))
    assert p.lines == 2 and p.level == level
    while p.phase != FLASH:
        step(p)
    collapse = p.frame
    line_clear = collapse - lock
    line_are = until(p, ev.SPAWN) - collapse - 3
    return (are, line_are, das, lock_delay, line_clear)


@pytest.mark.parametrize(("mode", "table"), [
    (MASTER, MASTER_DELAYS_WIKI), (DEATH, DEATH_DELAYS_WIKI), (NORMAL, NORMAL_DELAYS_WIKI),
])
def test_delays_counted_frame_by_frame(mode: str, table: list[tuple[int, ...]]) -> None:
    rules = rules_for(mode)
    for row in table:
        for level in sorted({max(row[0], 2), min(row[1], rules.goal - 1)}):
            assert measure(rules, level) == internal(row), (mode, level)
