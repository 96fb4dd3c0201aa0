"""Play, result and name-entry screenshots of every single-player mode of TAP and TGM3 (the
kiosk's real state machine, headless; ``python -m tools.shots`` takes them through
tools/shots/tap.py and tools/shots/ti.py): a coin, Start, the lever to the mode, A; the
cartridge's demo player plays ``PLAY_FRAMES`` frames (the play shot), then holds the lever
down until the stack tops out (GAME OVER with the grade or result in the well), and the
initials go in (name entry)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from engine import NO_INPUT, InputFrame, PlayerInput
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine import Screen
from games.registry import cartridge
from tools.shots import picture

PLAY_FRAMES = 900
FRAME_LIMIT = 30_000
DOWN = InputFrame(p1=PlayerInput(down=True))


def _shot(kiosk: Kiosk, path: Path, taken: list[Path]) -> None:
    from firmware import kiosk_view

    taken.append(picture.take(path, lambda surface: kiosk_view.draw(kiosk.machine, surface)))


def _run(kiosk: Kiosk, done: Callable[[], bool], frame: InputFrame = NO_INPUT) -> None:
    for _ in range(FRAME_LIMIT):
        if done():
            return
        kiosk.machine.step(frame)
    raise SystemExit("screenshot scene not reached")


def tap(kiosk: Kiosk, pi: PlayerInput) -> None:
    """Press and let go of ``pi`` on player 1's side."""
    kiosk.machine.step(InputFrame(p1=pi))
    kiosk.machine.step(NO_INPUT)


def mode_shots(game_id: str, mode: str, rights: int, out: Path,
               before: Callable[[Kiosk], None] | None = None) -> list[Path]:
    """``<mode>-play.png`` (the game), ``<mode>-over.png`` (its end in the well: GAME OVER,
    the grade) and ``<mode>-name.png`` (the initials, when the game ranks) into ``out``:
    the mode ``rights`` lever steps right of the cursor's first place at the mode select;
    ``before`` runs after Start (TGM3's account entry)."""
    taken: list[Path] = []
    with tempfile.TemporaryDirectory() as save:
        kiosk = Kiosk(KioskOptions(mode="headless", game=game_id, save_dir=Path(save),
                                   audio=False))
        m = kiosk.machine
        m.step(InputFrame(coin1=1))
        kiosk._settle_coins()
        _run(kiosk, lambda: m.credits >= 1)
        tap(kiosk, PlayerInput(start=True))
        if before is not None:
            before(kiosk)
        for _ in range(rights):
            tap(kiosk, PlayerInput(right=True))
        tap(kiosk, PlayerInput(b1=True))
        game = m.game
        assert game is not None
        demo = cartridge(game_id).presentation.demo_player
        assert demo is not None
        moves = demo(game)
        for _ in range(PLAY_FRAMES):
            m.step(next(moves))
        _shot(kiosk, out / f"{mode}-play.png", taken)
        _run(kiosk, lambda: bool(game.over), DOWN)
        _shot(kiosk, out / f"{mode}-over.png", taken)
        _run(kiosk, lambda: m.screen == Screen.GAME_OVER, DOWN)
        _run(kiosk, lambda: m.screen != Screen.GAME_OVER)
        if m.screen == Screen.NAME_ENTRY:
            for frame in (InputFrame(p1=PlayerInput(right=True)), NO_INPUT,
                          InputFrame(p1=PlayerInput(b1=True)), NO_INPUT):
                m.step(frame)
            _shot(kiosk, out / f"{mode}-name.png", taken)
        kiosk.close()
    return taken
