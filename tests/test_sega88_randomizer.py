"""rules/sega.md 1.3 and 2: the core randomizer and Tetris's 1000-piece table."""

from engine import Game
from engine.pieces import LETTERS
from engine.randomizer import PieceTable, sega_random
from games.sega88.rules import SEGA88, SEGA88_DEFAULT_CONSTANT

# Source: reference/sega-research.md 2.2 (power-on sequence, pieces 1-200, seed 0).
POWER_ON_200 = (
    "TITIIJILSJOZZJLSJISLZZZJIJJJOLZJSILTLJOIOOTJTOSZZO"
    "ISLZTOJJLSJOIIZZZJSIIZLZZOIOOTSZZSSSTJOZITZOSLLTZJ"
    "JZZJJIZOSOJLOZLZJLJIIOTTOOIZSJSSSTLZLJTZOLLOOILTSZ"
    "TTOILZOJISLTILLZTSLISTTIIJSSZTTLLILJZOOZTIISZTIJIJ"
)


def letters(game: Game, count: int) -> str:
    source = game.deal.source(0)
    return "".join(LETTERS[source.next()] for _ in range(count))


def test_core_call_by_hand() -> None:
    # seed 1: P = 41, lo = 41, hi = 0, F = 41; new seed = 41<<16 | 41; value = 0<<16 | 41.
    assert sega_random(1, SEGA88_DEFAULT_CONSTANT) == ((41 << 16) | 41, 41)


def test_seed_zero_uses_the_default_constant() -> None:
    assert sega_random(0, SEGA88_DEFAULT_CONSTANT) == sega_random(
        SEGA88_DEFAULT_CONSTANT, SEGA88_DEFAULT_CONSTANT
    )


def test_power_on_pattern_seed_zero() -> None:
    assert letters(Game(SEGA88, seed=0), 20) == "TITIIJILSJOZZJLSJISL"
    assert letters(Game(SEGA88, seed=0), 200) == POWER_ON_200


def test_non_zero_seed_first_pieces() -> None:
    # Seed 1: first value 41 -> (41 AND 0x3F) mod 7 = 6 = J.
    assert letters(Game(SEGA88, seed=1), 20) == "JJSLJJIJOSOOILJSZZLO"


def test_table_wraps_to_entry_one_after_1000() -> None:
    game = Game(SEGA88, seed=0)
    walk = letters(game, 2000)
    assert walk[1000:] == walk[:1000]
    assert walk[:200] == POWER_ON_200


def test_seed_after_the_1000th_call() -> None:
    # Source: reference/sega-research.md 2.2 (seed after the 1000th piece: 0x2880F2DA).
    assert Game(SEGA88, seed=0).main_seed == 0x2880F2DA
    table = PieceTable.draw(0, SEGA88_DEFAULT_CONSTANT, 1000, 0x3F)
    assert table.seed_after == 0x2880F2DA


def test_first_spawned_piece_is_entry_one_and_preview_entry_two() -> None:
    from tests.enginekit import first_active

    player = first_active(seed=0).player(0)
    assert LETTERS[player.kind] == "T"
    assert LETTERS[player.next_kind] == "I"


def test_both_players_walk_the_same_sequence() -> None:
    from tests.enginekit import step_until

    game = Game(SEGA88, seed=0, players=2)
    step_until(game, lambda g: g.player(0).kind >= 0 and g.player(1).kind >= 0)
    assert game.player(0).kind == game.player(1).kind
    assert game.player(0).next_kind == game.player(1).next_kind
