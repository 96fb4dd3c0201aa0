"""Flash Point's screenshots for the docs (``python -m tools.shots``, through the
cartridge's ``tooling.shots``), on a headless cabinet: the stage select, a stage in play
(flashing cells lit, the bonus counting down) and a clear with the next-stage choice. Play
comes from the attract-mode demo player (demo.py)."""

from __future__ import annotations

from engine.inputs import InputFrame, PlayerInput
from games.cartridge import ShotDesk
from games.flashpoint.demo import demo_inputs
from games.flashpoint.rules.session import CHOICE, PLAY, SELECT, FlashPointGame
from games.flashpoint.screen import flash_lit


def take(desk: ShotDesk) -> None:
    cabinet = desk.cabinet()
    cabinet.coin()
    cabinet.step(InputFrame(p1=PlayerInput(start=True)))
    game = cabinet.game
    assert isinstance(game, FlashPointGame)
    side = game.side(0)
    for frame in (InputFrame(p1=PlayerInput(up=True)), InputFrame(),
                  InputFrame(p1=PlayerInput(right=True)), InputFrame()):
        cabinet.step(frame)
    assert side.mode == SELECT
    cabinet.shot("flashpoint-select.png")
    moves = demo_inputs(game)
    cabinet.until(lambda: side.mode == PLAY and side.player.phase == "active"
                  and side.player.pieces_dealt >= 4 and flash_lit(cabinet.frame), moves)
    cabinet.shot("flashpoint-stage.png")
    cabinet.until(lambda: side.mode == CHOICE, moves)
    for _ in range(40):
        cabinet.step(InputFrame())
    cabinet.step(InputFrame(p1=PlayerInput(right=True)))
    cabinet.shot("flashpoint-clear.png")
