from engine import InputFrame
from games.sega.game import Game
from games.sega88.rules import SEGA88


def test_game_runs_to_game_over_without_input() -> None:
    game = Game(SEGA88)
    for _ in range(100_000):
        game.step(InputFrame())
        if game.over:
            break
    assert game.over
    assert game.player(0).pieces_dealt > 5
