"""Play, result and name-entry screenshots of an Arika single-player mode (TAP's and
TGM3's, through their ``tooling.shots``) on a headless cabinet: a coin, Start, the lever to
the mode, A; the cartridge's demo player plays ``PLAY_FRAMES`` frames (the play shot), then
holds the lever down until the stack tops out (GAME OVER with the grade or result in the
well), and the initials go in (name entry)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import repeat

from engine import NO_INPUT, InputFrame, PlayerInput
from engine.session import GameSession
from games.cartridge import ShotCabinet, ShotDesk

PLAY_FRAMES = 900
FRAME_LIMIT = 30_000
DOWN = InputFrame(p1=PlayerInput(down=True))


def press(cabinet: ShotCabinet, pi: PlayerInput) -> None:
    """Press and let go of ``pi`` on player 1's side."""
    cabinet.step(InputFrame(p1=pi))
    cabinet.step(NO_INPUT)


def mode_shots(desk: ShotDesk, mode: str, rights: int,
               demo_player: Callable[[GameSession], Iterator[InputFrame]],
               before: Callable[[ShotCabinet], None] | None = None) -> None:
    """``<mode>-play.png`` (the game), ``<mode>-over.png`` (its end in the well: GAME OVER,
    the grade) and ``<mode>-name.png`` (the initials, when the game ranks): the mode
    ``rights`` lever steps right of the cursor's first place at the mode select; ``before``
    runs after Start (TGM3's account entry)."""
    cabinet = desk.cabinet()
    cabinet.coin()
    press(cabinet, PlayerInput(start=True))
    if before is not None:
        before(cabinet)
    for _ in range(rights):
        press(cabinet, PlayerInput(right=True))
    press(cabinet, PlayerInput(b1=True))
    game = cabinet.game
    assert game is not None
    moves = demo_player(game)
    for _ in range(PLAY_FRAMES):
        cabinet.step(next(moves))
    cabinet.shot(f"{mode}-play.png")
    cabinet.until(lambda: bool(game.over), repeat(DOWN), FRAME_LIMIT)
    cabinet.shot(f"{mode}-over.png")
    cabinet.until(lambda: cabinet.screen == "game_over", repeat(DOWN), FRAME_LIMIT)
    cabinet.until(lambda: cabinet.screen != "game_over", None, FRAME_LIMIT)
    if cabinet.screen == "name_entry":
        for frame in (InputFrame(p1=PlayerInput(right=True)), NO_INPUT,
                      InputFrame(p1=PlayerInput(b1=True)), NO_INPUT):
            cabinet.step(frame)
        cabinet.shot(f"{mode}-name.png")
