"""Bloxeed's delays, speed, levels, randomizer and registration (rules/sega.md 3.1, 3.2)."""

from __future__ import annotations

import json

import pytest

from engine import Difficulty, Game, GameSettings
from engine.pieces import LETTERS, I
from engine.randomizer import sega_random
from engine.rules import Delays
from games.bloxeed.rules import BLOXEED, sim_summary_extras
from games.bloxeed.rules.decisions import BLOXEED_DECISIONS
from games.registry import cartridge_of_rules
from games.sega88.rules import SEGA88
from tests.bloxeed_kit import drop_and_lock, new_game, run, run_until, set_field, values_of


def test_registered_under_its_id() -> None:
    assert cartridge_of_rules("bloxeed").new_session is not None
    assert BLOXEED.title.startswith("Bloxeed")


def test_delays_from_the_rules() -> None:
    assert BLOXEED.delays(GameSettings()) == Delays(das=12, are=30, lock=30, line_clear=40,
                                                    garbage=10)


@pytest.mark.parametrize(
    ("difficulty", "tetris_column"),
    [(Difficulty.EASY, 1), (Difficulty.NORMAL, 2), (Difficulty.HARD, 3),
     (Difficulty.HARDEST, 3)],
)
def test_gravity_is_the_tetris_table_one_difficulty_harder(
    difficulty: Difficulty, tetris_column: int
) -> None:
    tetris = SEGA88
    for level in range(20):
        ours = BLOXEED.gravity(level, GameSettings(difficulty=difficulty))
        theirs = tetris.gravity(level, GameSettings(difficulty=Difficulty(tetris_column)))
        assert (ours.frames, ours.rows) == (theirs.frames, 1), level


def test_normal_gravity_matches_blx_note() -> None:
    # Levels 9 and 15+ are 1G, levels 8 and 10-14 slower (BLX footnote 6).
    g = [BLOXEED.gravity(lv, GameSettings(high_speed=False)).frames for lv in range(20)]
    assert g[0] == 40 and g[8] == 2 and g[9] == 1
    assert all(g[lv] > 1 for lv in range(10, 15))
    assert all(g[lv] == 1 for lv in range(15, 20))


def test_high_speed_mode_is_2g_from_level_20_and_factory_on() -> None:
    assert GameSettings().high_speed is True
    on = GameSettings()
    assert BLOXEED.gravity(19, on).rows == 1
    for level in (20, 50, 99):
        g = BLOXEED.gravity(level, on)
        assert (g.frames, g.rows) == (1, 2)
        assert not g.soft_drop_allowed
    assert BLOXEED.gravity(20, GameSettings(high_speed=False)).rows == 1
    assert BLOXEED_DECISIONS.high_speed_from_level == 20


def test_high_speed_moves_two_rows_a_frame_in_play() -> None:
    game, p, _ex = new_game()
    run_until(game, "spawn")
    p.level = 20
    p.gravity = BLOXEED.gravity(20, game.settings)
    y = p.y
    run(game, 1)
    assert p.y == y - 2


@pytest.mark.parametrize(("setting", "lines"), [(None, 3), (2, 2), (3, 3), (4, 4)])
def test_lines_per_level(setting: int | None, lines: int) -> None:
    game, p, _ex = new_game(lines_per_level=setting)
    assert p.lines_per_level == lines
    run_until(game, "spawn")
    # Clear single lines with a vertical I into a well in column 10.
    for n in range(1, lines + 1):
        set_field(p, ["#########."])
        p.field.set(1, 0, 8)  # keep the field from an all clear
        drop_and_lock(game, I, 1, 7)
        run_until(game, "spawn")
        assert p.level == (1 if n == lines else 0), n


def test_piece_seed_from_main_seed_zero() -> None:
    game = Game(BLOXEED, seed=0)
    assert game.piece_seed == 0x2A6D8010
    # The main seed was called exactly once and goes on from there.
    assert game.main_seed == sega_random(0, 0x2A6D365B)[0]


def test_piece_seed_is_the_full_return_value() -> None:
    seed = 0x12345678
    game = Game(BLOXEED, seed=seed)
    assert game.piece_seed == sega_random(seed, 0x2A6D365B)[1]


def _sequence(seed: int, n: int, default: int = 0x2A6D365B) -> str:
    out = []
    for _ in range(n):
        seed, value = sega_random(seed, default)
        out.append(LETTERS[(value & 0x7F) % 7])
    return "".join(out)


def test_pieces_follow_the_piece_seed_with_the_7_bit_index() -> None:
    _game, p, _ex = new_game(seed=0)
    dealt = [LETTERS[p.next_kind]] + [LETTERS[p.pieces.next()] for _ in range(1499)]
    assert "".join(dealt) == _sequence(0x2A6D8010, 1500)  # no 1000-piece loop
    # Research notes' power-on sequence (computed independently there).
    assert "".join(dealt[:50]) == "TSJZJJTIJLOOLZITTZJTLZLZZJZZZSIZSSOTJIJZSZIOTIZSSI"


def test_same_piece_sequence_again_with_a_kept_piece_seed() -> None:
    first = Game(BLOXEED, seed=99)
    again = Game(BLOXEED, seed=first.main_seed, piece_seed=first.piece_seed)
    assert again.piece_seed == first.piece_seed
    assert again.main_seed == first.main_seed  # the main seed was not called for it
    a, b = first.player(0), again.player(0)
    assert [a.next_kind] + [a.pieces.next() for _ in range(200)] == \
        [b.next_kind] + [b.pieces.next() for _ in range(200)]


def test_piece_seed_replay_is_refused_for_sega88() -> None:
    with pytest.raises(ValueError, match="piece sequence"):
        Game(SEGA88, piece_seed=5)


def test_score_table_is_the_tetris_one() -> None:
    tetris = SEGA88
    for level in range(12):
        for lines in range(1, 5):
            assert BLOXEED.line_points(level, lines) == tetris.line_points(level, lines)
        assert BLOXEED.drop_points(level) == tetris.drop_points(level)


def test_single_clear_scores_100_at_level_0() -> None:
    game, p, _ex = new_game()
    run_until(game, "spawn")
    set_field(p, ["#.........", "#########."])
    _frame, seen = drop_and_lock(game, I, 1, 7)
    assert values_of(seen, "line_clear") == [1]
    assert p.score == 100


def test_rules_tables_for_the_cli() -> None:
    tables = BLOXEED.tables()
    assert {"garbage_pattern", "garbage_meter", "power_blocks"} <= set(tables)
    pattern = tables["garbage_pattern"]
    assert isinstance(pattern, list) and len(pattern) == 32
    assert all(len(row) == 10 and set(row) <= {"#", "."} for row in pattern)
    json.dumps(tables)
    json.dumps(dict(BLOXEED.decisions))


def test_sim_summary_extras() -> None:
    _game, p, ex = new_game()
    summary = sim_summary_extras(p)
    assert summary == {"garbage_rows": 0, "power_blocks": {
        "4lines": 0, "16t": 0, "bomb": 0, "flicky": 0, "satellite": 0}}
    assert ex.summary() == summary
