"""TGM3 Easy: 200 levels, the 20G roll, the guide below 50 (tetris.wiki, "Tetris: The Grand
Master 3 Terror-Instinct") and our own hanabi formula (the decision table's
"hanabi_formula"): every number of it, and that it rewards lines, combos and speed."""

from __future__ import annotations

import dataclasses

import pytest

from engine import events as ev
from games.arika import events as aev
from games.arika.board import Board
from games.arika.player import ACTIVE
from games.arika.rules import ArikaRules
from games.arika.timing import TWENTY_G
from games.ti.rules import easy
from games.ti.rules.easy import HANABI, easy_rules, fireworks
from games.ti.rules.player import TiPlayer
from tests.arika_kit import IDLE, Script, kinds, pad, spawned, step_until

RULES = easy_rules()


@pytest.mark.parametrize(("lines", "expected"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)])
def test_base_by_lines(lines: int, expected: int) -> None:
    assert fireworks(lines, 1, 500, False, False) == expected


@pytest.mark.parametrize(("chain", "tenths"), [
    (0, 10), (1, 10), (2, 15), (3, 20), (4, 25), (5, 30), (6, 35), (7, 40), (8, 40), (30, 40)])
def test_combo_multiplier(chain: int, tenths: int) -> None:
    assert easy.combo_tenths(chain) == tenths


def test_tetris_numbers() -> None:
    assert fireworks(4, 3, 500, False, False) == 20  # 10 x 2.0
    assert fireworks(4, 3, 60, False, False) == 30  # quick: x1.5
    assert fireworks(4, 3, 61, False, False) == 20  # one frame too slow
    assert fireworks(4, 3, 60, True, False) == 60  # roll: x2
    assert fireworks(4, 1, 500, False, True) == 20  # bravo: +10
    assert fireworks(1, 2, 500, False, False) == 1  # 1.5 rounds down, never below 1


def test_rewards_what_the_wiki_names() -> None:
    # Four singles are worth less than one Tetris; a chain beats the same clears apart;
    # quick pieces beat slow ones.
    assert sum(fireworks(1, 1, 500, False, False) for _ in range(4)) < fireworks(
        4, 1, 500, False, False)
    assert sum(fireworks(2, c, 500, False, False) for c in (1, 2, 3)) > 3 * fireworks(
        2, 1, 500, False, False)
    assert fireworks(3, 1, 30, False, False) > fireworks(3, 1, 300, False, False)


def test_speeds_and_goal() -> None:
    assert RULES.goal == 200
    assert RULES.gravity_at(0) == 4 and RULES.gravity_at(199) < TWENTY_G
    assert RULES.gravity_at(200) == TWENTY_G
    stops = RULES.stops  # type: ignore[attr-defined]
    assert stops[99] and stops[199] and not stops[150]


def test_guide_shows_below_level_50_only() -> None:
    p = TiPlayer(0, RULES, 0, pieces=Script("T"))
    spawned(p)
    p.set_level(49)
    assert p.ghost_shown
    p.set_level(50)
    assert not p.ghost_shown


def _tetris_player(level: int, rules: ArikaRules = RULES) -> TiPlayer:
    p = TiPlayer(0, rules, 0, pieces=Script("I"))
    p.board = Board.from_text(["#####.####"] * 4)
    p.set_level(level)
    return p


def test_a_quick_tetris_that_empties_the_field_launches_twenty_five() -> None:
    p = _tetris_player(10)
    out = spawned(p, pad(b2=True))
    out += step_until(p, lambda q: q.phase != ACTIVE, pad(b2=True, up=True, down=True))
    assert [e.value for e in kinds(out, HANABI)] == [25]  # 10 x quick 1.5, bravo + 10
    assert p.referee.summary(p)["hanabi"] == 25


def test_level_200_starts_a_20g_roll_and_surviving_it_adds_20() -> None:
    p = _tetris_player(196, dataclasses.replace(RULES, roll_frames=300))
    spawned(p, pad(b2=True))
    out = step_until(p, lambda q: q.phase != ACTIVE, pad(b2=True, up=True, down=True))
    assert kinds(out, aev.GOAL) and p.level == 200
    out = step_until(p, lambda q: q.in_roll and q.phase == ACTIVE)
    assert kinds(out, aev.ROLL_START) and p.twenty_g
    before = p.referee.summary(p)["hanabi"]
    out = step_until(p, lambda q: q.over, IDLE)
    assert not p.topped_out
    assert kinds(out, ev.GAME_OVER) and p.referee.summary(p)["hanabi"] == before + 20

