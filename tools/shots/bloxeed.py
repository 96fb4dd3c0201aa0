"""Screenshots of the kiosk for the README: the real state machine, headless. Taken with
every other screenshot the docs show by ``python -m tools.shots``.

Attract (title, demo, rankings with the factory table), a 1P Bloxeed game with garbage and
a power block, a 2P game, GAME OVER and then name entry; the end of a versus match (WIN and
LOSE on their bands). Play comes from the attract-mode demo player (games/sega/demo.py).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


from engine import NO_INPUT, InputFrame, PlayerInput
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine import Screen
from games.bloxeed.screen import field_extras
from games.sega.demo import demo_inputs
from games.sega.game import Game
from tools.shots import picture

SCALE = 2


def shot(kiosk: Kiosk, path: Path, taken: list[Path]) -> None:
    from firmware import kiosk_view

    taken.append(picture.take(path, lambda surface: kiosk_view.draw(kiosk.machine, surface)))


def run_until(kiosk: Kiosk, done: object, frame: InputFrame = NO_INPUT,
              limit: int = 20_000) -> None:
    for _ in range(limit):
        if done():  # type: ignore[operator]
            return
        kiosk.machine.step(frame)
        from firmware import kiosk_view

        kiosk_view.draw(kiosk.machine, kiosk.native)
    raise SystemExit("screenshot scene not reached")


def take(out: Path) -> list[Path]:
    """Take the kiosk's screenshots into ``out``; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    with tempfile.TemporaryDirectory() as save:
        kiosk = Kiosk(KioskOptions(mode="headless", game="bloxeed", save_dir=Path(save),
                                   audio=False))
        m = kiosk.machine
        m.screen = Screen.TITLE
        m.screen_frames = 0
        run_until(kiosk, lambda: m.screen_frames == 90)
        shot(kiosk, out / "attract-title.png", taken)
        run_until(kiosk, lambda: m.screen == Screen.DEMO and m.screen_frames == 900)
        shot(kiosk, out / "attract-demo.png", taken)
        run_until(kiosk, lambda: m.screen == Screen.RANKINGS and m.screen_frames == 30)
        shot(kiosk, out / "attract-rankings.png", taken)
        # A 1P Bloxeed game played by the demo player until garbage rose and a power block
        # is in play.
        m.step(InputFrame(coin1=2))
        kiosk._settle_coins()
        run_until(kiosk, lambda: m.credits == 2)
        m.step(InputFrame(p1=PlayerInput(start=True)))
        game = m.game
        assert isinstance(game, Game)
        player = game.player(0)
        moves = demo_inputs(game)

        def scene() -> bool:
            view = field_extras(player)
            return (player.extras is not None and player.extras.garbage_rows > 0  # type: ignore[attr-defined]
                    and view is not None and view.piece_mark is not None
                    and player.phase == "active" and player.y < 16)

        for _ in range(60_000):
            if scene():
                break
            m.step(next(moves))
        from firmware import kiosk_view

        kiosk_view.draw(m, kiosk.native)
        shot(kiosk, out / "play-bloxeed-1p.png", taken)
        # P2 joins: a 2P screen.
        m.step(InputFrame(p2=PlayerInput(start=True)))
        for _ in range(400):
            m.step(next(moves))
        kiosk_view.draw(m, kiosk.native)
        shot(kiosk, out / "play-2p.png", taken)
        # Both top out: GAME OVER, then P1 ranks: name entry.
        m.step(InputFrame(p1=PlayerInput(start=False)))
        run_until(kiosk, lambda: m.screen == Screen.GAME_OVER and m.screen_frames == 180,
                  InputFrame(p1=PlayerInput(down=True), p2=PlayerInput(down=True)))
        shot(kiosk, out / "game-over.png", taken)
        run_until(kiosk, lambda: m.screen == Screen.NAME_ENTRY)
        for frame in (InputFrame(p1=PlayerInput(right=True)), InputFrame(),
                      InputFrame(p1=PlayerInput(b1=True)), InputFrame()):
            m.step(frame)
        kiosk_view.draw(m, kiosk.native)
        shot(kiosk, out / "name-entry.png", taken)
        kiosk.close()
    taken.append(versus_end(out / "bloxeed-versus-result.png"))
    return taken


def versus_end(path: Path) -> Path:
    """A versus match to its end: the demo player on P1's side, P2 holding the lever down
    until its stack tops out."""
    from engine import GameSettings
    from games.bloxeed import CARTRIDGE
    from games.bloxeed.rules import BLOXEED
    from games.cartridge import PlayView

    game = Game(BLOXEED, GameSettings(versus=True), seed=1, players=2)
    moves = demo_inputs(game)
    for _ in range(20_000):
        if game.over:
            break
        game.step(InputFrame(p1=next(moves).p1, p2=PlayerInput(down=True)))
    return picture.take(path, lambda surface: CARTRIDGE.presentation.draw_play(
        surface, PlayView(game, credits=1, free_play=False, frame=0, sides=2)))
