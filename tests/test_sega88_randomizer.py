"""The core randomizer, Tetris's 1000-piece table and the attract scene's extra call.

Source: tetris.wiki "Sega Randomizer" (the core, 0x2A6D365A, 1000 pieces, (value AND 0x3F)
mod 7, one more call when the attract scene plays)."""

from engine.pieces import LETTERS
from games.sega.game import Game
from games.sega.randomizer import PieceTable, sega_random
from games.sega88.rules import SEGA88, SEGA88_DEFAULT_CONSTANT

# Power-on sequence, pieces 1-200, seed 0, computed from tetris.wiki "Sega Randomizer".
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
    # The seed after the 1000th call from seed 0 (computed from the wiki's algorithm).
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


def test_attract_call_starts_the_next_game_one_call_later() -> None:
    # Source: tetris.wiki "Sega Randomizer": when the game-over sequence plays through to
    # attract mode without a Start press, the attract scene makes one more randomizer call.
    from games.sega88.rules import sega88_attract_call

    after_game = Game(SEGA88, seed=0).main_seed  # 0x2880F2DA, after the 1000th call
    start_at_once = letters(Game(SEGA88, seed=after_game), 1000)
    after_attract = sega88_attract_call(after_game)
    assert after_attract == sega_random(after_game, SEGA88_DEFAULT_CONSTANT)[0]
    assert after_attract != after_game
    attract = letters(Game(SEGA88, seed=after_attract), 1000)
    assert attract[:999] == start_at_once[1:]  # the same draws, one call later
    # The seed saved after the attract scene's game is one call later too.
    assert Game(SEGA88, seed=after_attract).main_seed == sega_random(
        Game(SEGA88, seed=after_game).main_seed, SEGA88_DEFAULT_CONSTANT)[0]
    assert SEGA88.attract_call is sega88_attract_call


def test_main_seed_attract_call_is_one_draw() -> None:
    from games.sega.rules import MainSeed

    main = MainSeed(0x2880F2DA, SEGA88_DEFAULT_CONSTANT)
    main.attract_call()
    assert main.value == sega_random(0x2880F2DA, SEGA88_DEFAULT_CONSTANT)[0]
