"""Bloxeed's screenshots for the docs (``python -m tools.shots``, through the cartridge's
``tooling.shots``), on a headless cabinet: attract (title, demo, the factory rankings), a
1P game with garbage and a power block, a 2P game, GAME OVER and then name entry; and the
end of a versus match (WIN and LOSE on their bands). The README shows the cabinet's screens
on Bloxeed's. Play comes from the attract-mode demo player (games/sega/demo.py)."""

from __future__ import annotations

from itertools import repeat

from engine import GameSettings, InputFrame, PlayerInput
from games.bloxeed import CARTRIDGE
from games.bloxeed.rules import BLOXEED
from games.bloxeed.screen import field_extras
from games.cartridge import PlayView, ShotDesk
from games.sega.demo import demo_inputs
from games.sega.game import Game


def take(desk: ShotDesk) -> None:
    cabinet = desk.cabinet()
    cabinet.title()
    cabinet.until(lambda: cabinet.screen_frames == 90)
    cabinet.shot("attract-title.png")
    cabinet.until(lambda: cabinet.screen == "demo" and cabinet.screen_frames == 900)
    cabinet.shot("attract-demo.png")
    cabinet.until(lambda: cabinet.screen == "rankings" and cabinet.screen_frames == 30)
    cabinet.shot("attract-rankings.png")
    # A 1P game played by the demo player until garbage rose and a power block is in play.
    cabinet.coin(2)
    cabinet.step(InputFrame(p1=PlayerInput(start=True)))
    game = cabinet.game
    assert isinstance(game, Game)
    player = game.player(0)
    moves = demo_inputs(game)

    def scene() -> bool:
        view = field_extras(player)
        return (player.extras is not None and player.extras.garbage_rows > 0  # type: ignore[attr-defined]
                and view is not None and view.piece_mark is not None
                and player.phase == "active" and player.y < 16)

    cabinet.until(scene, moves)
    cabinet.shot("play-bloxeed-1p.png")
    # P2 joins: a 2P screen.
    cabinet.step(InputFrame(p2=PlayerInput(start=True)))
    for _ in range(400):
        cabinet.step(next(moves))
    cabinet.shot("play-2p.png")
    # Both top out: GAME OVER, then P1 ranks: name entry.
    cabinet.step(InputFrame(p1=PlayerInput(start=False)))
    down = InputFrame(p1=PlayerInput(down=True), p2=PlayerInput(down=True))
    cabinet.until(lambda: cabinet.screen == "game_over" and cabinet.screen_frames == 180,
                  repeat(down))
    cabinet.shot("game-over.png")
    cabinet.until(lambda: cabinet.screen == "name_entry")
    for frame in (InputFrame(p1=PlayerInput(right=True)), InputFrame(),
                  InputFrame(p1=PlayerInput(b1=True)), InputFrame()):
        cabinet.step(frame)
    cabinet.shot("name-entry.png")
    versus_end(desk)


def versus_end(desk: ShotDesk) -> None:
    """A versus match to its end: the demo player on P1's side, P2 holding the lever down
    until its stack tops out."""
    game = Game(BLOXEED, GameSettings(versus=True), seed=1, players=2)
    moves = demo_inputs(game)
    for _ in range(20_000):
        if game.over:
            break
        game.step(InputFrame(p1=next(moves).p1, p2=PlayerInput(down=True)))
    desk.take("bloxeed-versus-result.png", lambda surface: CARTRIDGE.presentation.draw_play(
        surface, PlayView(game, credits=1, free_play=False, frame=0, sides=2)))
