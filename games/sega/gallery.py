"""The Sega play screen's scenes for the screen gallery (tools/gallery.py): real games of a
Sega rule set after busy play, drawn as the cabinet draws them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from cabinet.video import screens
from engine.inputs import InputFrame
from games.sega import screen as sega_screen
from games.sega.game import Game
from games.sega.rules import Rules

Inputs = Callable[[int, int], Iterator[InputFrame]]  # (seed, players) -> endless play
Scene = Callable[[Any], None]


def busy_game(rules: Rules, inputs: Inputs, players: int = 2, frames: int = 1500,
              seed: int = 7) -> Game:
    """A game of ``rules`` after ``frames`` frames of ``inputs`` (or its end)."""
    game = Game(rules, players=players, seed=seed)
    play = inputs(seed, players)
    for _ in range(frames):
        game.step(next(play))
        if game.over:
            break
    return game


def play_scenes(rules: Rules, inputs: Inputs) -> dict[str, Scene]:
    """One and two players in play, an idle second side, two ended fields, the demo."""
    two = busy_game(rules, inputs, 2)
    one = busy_game(rules, inputs, 1, seed=11)
    ended = busy_game(rules, inputs, 2, frames=30000, seed=5)

    def demo(s: Any) -> None:
        sega_screen.game(s, two.players)
        screens.demo_overlay(s, 0, False, 0)

    return {
        "game_1p": lambda s: sega_screen.game(s, one.players, credits=2, top_score=512340),
        "game_2p": lambda s: sega_screen.game(s, two.players, credits=3),
        "game_1p_idle_2p": lambda s: sega_screen.game(s, (one.player(0), None), sides=2,
                                                      credits=1),
        "game_over_fields": lambda s: sega_screen.game(s, ended.players, credits=0),
        "demo": demo,
    }
