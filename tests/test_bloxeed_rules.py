"""Bloxeed's delays, speed, levels, randomizer and registration.

Sources: tetris.wiki "Bloxeed" and "Sega Randomizer"; abomination.jp OGA "Introduction of
Bloxeed"; MAME segas18.cpp `bloxeed` DIPs."""

from __future__ import annotations

import json

import pytest

from engine import Difficulty, GameSettings
from engine.pieces import LETTERS, I, J, L, O, S, T, Z
from games.bloxeed.rules import BLOXEED
from games.bloxeed.rules.decisions import BLOXEED_DECISIONS, HIGH_SPEED_FROM_LEVEL
from games.bloxeed.rules.tables import BLOXEED_PIECE_BY_VALUE, bloxeed_piece
from games.registry import cartridge_of_rules
from games.sega.game import Game
from games.sega.randomizer import sega_random
from games.sega.rules import Delays
from games.sega88.rules import SEGA88
from tests.bloxeed_kit import drop_and_lock, new_game, run, run_until, set_field, values_of


def test_registered_under_its_id() -> None:
    assert cartridge_of_rules("bloxeed").rules.new_session is not None
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
    assert HIGH_SPEED_FROM_LEVEL.value == 20
    assert BLOXEED_DECISIONS["high_speed_from_level"] is HIGH_SPEED_FROM_LEVEL


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
    """The generator written out from the wiki's words, apart from the engine's table."""
    out = []
    for _ in range(n):
        seed, value = sega_random(seed, default)
        p = value & 0x7F
        letter = LETTERS[p % 7]
        if p > 0x6F and letter in "SZ":
            letter = "I"
        out.append(letter)
    return "".join(out)


def test_piece_by_7_bit_value_gives_the_wikis_exact_shares() -> None:
    # Source: tetris.wiki "Bloxeed" / "Sega Randomizer": I 3/16, S 1/8, Z 1/8, O/T/L/J 9/64
    # over the 128 values of p = value AND 0x7F.
    assert len(BLOXEED_PIECE_BY_VALUE) == 128
    counts = {k: BLOXEED_PIECE_BY_VALUE.count(k) for k in (I, S, Z, O, T, L, J)}
    assert counts[I] * 16 == 3 * 128
    assert counts[S] * 8 == 128 and counts[Z] * 8 == 128
    assert all(counts[k] * 64 == 9 * 128 for k in (O, T, L, J))


def test_s_or_z_becomes_i_only_above_0x6f() -> None:
    assert bloxeed_piece(0x6F) == 0x6F % 7 == 6  # J: 0x6F itself is not above
    assert bloxeed_piece(0x70) == I  # 112 mod 7 = 0: I anyway
    assert (bloxeed_piece(0x71), bloxeed_piece(0x72)) == (I, I)  # Z, S become I
    assert [bloxeed_piece(p) for p in (0x78, 0x79, 0x7F)] == [I, I, I]  # Z, S, Z
    assert bloxeed_piece(0x6A) == Z and bloxeed_piece(0x6B) == S  # below: kept
    assert bloxeed_piece(0x73) == O


def test_shares_over_the_whole_16_bit_value_range() -> None:
    # Every low-16-bit value F the core can return: each 7-bit p appears 512 times.
    counts = [0] * 7
    for f in range(1 << 16):
        counts[BLOXEED_PIECE_BY_VALUE[f & 0x7F]] += 1
    assert counts[I] == 65536 * 3 // 16
    assert counts[S] == counts[Z] == 65536 // 8
    assert counts[O] == counts[T] == counts[L] == counts[J] == 65536 * 9 // 64


# The power-on sequence (piece seed 0x2A6D8010), pieces 1-50. The old 7-bit mod 7 rule gave
# "TSJZJJTIJLOOLZITTZJTLZLZZJZZZSIZSSOTJIJZSZIOTIZSSI": the first difference is piece 27.
POWER_ON_50 = "TSJZJJTIJLOOLZITTZJTLZLZZJIZZSIZSSOTJIJZSIIOTIZSSI"


def test_pieces_follow_the_piece_seed_with_the_7_bit_rule() -> None:
    _game, p, _ex = new_game(seed=0)
    dealt = [LETTERS[p.next_kind]] + [LETTERS[p.pieces.next()] for _ in range(1499)]
    assert "".join(dealt) == _sequence(0x2A6D8010, 1500)  # no 1000-piece loop
    assert "".join(dealt[:50]) == POWER_ON_50
    old = "TSJZJJTIJLOOLZITTZJTLZLZZJZZZSIZSSOTJIJZSZIOTIZSSI"
    pairs = enumerate(zip(old, POWER_ON_50, strict=True))
    first_difference = next(i for i, (a, b) in pairs if a != b)
    assert first_difference + 1 == 27 and POWER_ON_50[26] == "I"


def test_dealt_shares_over_a_long_stream_approach_the_wikis() -> None:
    text = _sequence(0x2A6D8010, 128_000)
    share = {c: text.count(c) / len(text) for c in "IZSOTLJ"}
    assert abs(share["I"] - 3 / 16) < 0.01
    assert abs(share["S"] - 1 / 8) < 0.01 and abs(share["Z"] - 1 / 8) < 0.01
    assert all(abs(share[c] - 9 / 64) < 0.01 for c in "OTLJ")


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
    for name, decision in BLOXEED.decisions.items():
        assert decision.why, name
    json.dumps({name: d.as_json() for name, d in BLOXEED.decisions.items()})


def test_extras_summary_for_bloxcab_sim_starts_at_zero() -> None:
    _game, _p, ex = new_game()
    assert ex.summary() == {"garbage_rows": 0, "power_blocks": {
        "4lines": 0, "16t": 0, "bomb": 0, "flicky": 0, "satellite": 0}}
