"""Flash Point's numbers, each checked through the real session where the rule acts.
Source: tetris.wiki "Flash Point" (speed levels, scoring, the Down footnote, 2 Cell Move),
tetris.wiki "Sega Randomizer", MAME segas16b.cpp (fpoint DIPs)."""

import pytest

from engine.pieces import LETTERS
from engine.settings import Difficulty, GameSettings
from games.flashpoint.rules.ruleset import FLASHPOINT, FLASHPOINT_DELAYS, draw_table
from games.flashpoint.rules.tables import level_after_clear, stage_bonus, tables_json
from tests.flashpoint_kit import new_game

# Source: tetris.wiki "Flash Point", Speed Levels (Easy, Normal, Hard, Hardest).
SPEED = {
    0: (24, 16, 12, 12), 1: (20, 14, 10, 10), 2: (18, 12, 8, 8), 3: (16, 10, 6, 6),
    4: (14, 8, 5, 5), 5: (12, 6, 4, 4), 6: (10, 4, 3, 3), 7: (8, 3, 2, 2), 8: (6, 2, 1, 1),
    9: (4, 1, 1, 1), 10: (12, 10, 8, 8), 11: (10, 8, 6, 6), 12: (8, 6, 4, 4),
    13: (6, 4, 2, 2), 14: (4, 2, 1, 1), 15: (1, 1, 1, 1),
}


@pytest.mark.parametrize("level", [*range(16), 16, 40, 99])
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_gravity_table(level: int, difficulty: Difficulty) -> None:
    gravity = FLASHPOINT.gravity(level, GameSettings(difficulty=difficulty))
    assert gravity.frames == SPEED[min(level, 15)][difficulty]
    assert gravity.rows == 1


def test_gravity_in_rules_document() -> None:
    table = tables_json()["gravity_frames_per_row"]
    assert isinstance(table, dict)
    for difficulty in Difficulty:
        assert [row["frames"] for row in table[difficulty.label]] == [
            SPEED[lv][difficulty] for lv in range(16)
        ]


@pytest.mark.parametrize(("stage", "bonus"), [
    (1, 1000), (4, 1000), (5, 2000), (8, 2000), (9, 3000), (53, 14000), (56, 14000),
    (57, 15000), (60, 15000), (96, 24000), (97, 25000), (100, 25000),
])
def test_stage_bonus(stage: int, bonus: int) -> None:
    assert stage_bonus(stage) == bonus
    game = new_game({"stage": stage})
    assert game.side(0).extras.bonus == bonus


@pytest.mark.parametrize(("before", "after"), [
    (0, 0), (1, 0), (2, 1), (6, 5), (7, 6), (8, 6), (15, 6), (99, 6),
])
def test_level_after_clear(before: int, after: int) -> None:
    assert level_after_clear(before) == after


def test_line_clears_score_nothing() -> None:
    for level in (0, 5, 9, 20):
        for lines in (1, 2, 3, 4):
            assert FLASHPOINT.line_points(level, lines) == 0


def test_soft_drop_points_as_tetris() -> None:
    # Source: tetris.wiki "Tetris (Sega)" scoring: 1 point a row at levels 0-1 ... 5 at 8+.
    assert [FLASHPOINT.drop_points(lv) for lv in (0, 1, 2, 3, 4, 5, 6, 7, 8, 30)] == [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_delays() -> None:
    # DAS 12 (tetris.wiki "Flash Point" footnote); ARE 30, lock 30, line clear 42: Tetris's.
    assert (FLASHPOINT_DELAYS.das, FLASHPOINT_DELAYS.are, FLASHPOINT_DELAYS.lock,
            FLASHPOINT_DELAYS.line_clear) == (12, 30, 30, 42)
    assert FLASHPOINT.default_lines_per_level == 4


def test_first_30_pieces_of_the_default_seed() -> None:
    # Source: tetris.wiki "Sega Randomizer": constant 0x2A6D365B, (value AND 0x3F) mod 7.
    table = draw_table(0)
    assert len(table.entries) == 1000
    assert "".join(LETTERS[k] for k in table.entries[:30]) == "SJJTJJITJSLOIOTTJIISIZJOTTZSZI"


def test_seed_zero_is_the_default_constant() -> None:
    assert draw_table(0).entries == draw_table(0x2A6D365B).entries
    assert draw_table(1).entries[:30] != draw_table(0).entries[:30]
