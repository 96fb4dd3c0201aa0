from engine import Game, InputFrame


def test_game_runs_to_game_over_without_input() -> None:
    game = Game("sega88")
    for _ in range(100_000):
        game.step(InputFrame())
        if game.over:
            break
    assert game.over
    assert game.player(0).pieces_dealt > 5
