"""The desk a cartridge's screenshot script works at (games/cartridge.py ShotDesk): fresh
headless cabinets of its game and the shot taker (tools/shots/picture.py), writing into
docs/screens/. The script names its scenes; this side knows the kiosk."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame

from engine import NO_INPUT, InputFrame
from engine.session import GameSession
from firmware import kiosk_view
from firmware.kiosk import Kiosk, KioskOptions
from firmware.machine import Screen
from tools.shots import picture

COIN_FRAMES = 600  # a coin becomes a credit once saved: a bound, not a speed


class Cabinet:
    """A headless kiosk of one game on a save directory of its own."""

    def __init__(self, game: str, out: Path, taken: list[Path]) -> None:
        self._save = tempfile.TemporaryDirectory()
        self.kiosk = Kiosk(KioskOptions(mode="headless", game=game, save_dir=Path(self._save.name),
                                        audio=False))
        self.machine = self.kiosk.machine
        self._out = out
        self._taken = taken

    @property
    def game(self) -> GameSession | None:
        return self.machine.game

    @property
    def frame(self) -> int:
        return self.machine.frame

    @property
    def screen(self) -> str:
        return self.machine.screen.value

    @property
    def screen_frames(self) -> int:
        return self.machine.screen_frames

    @property
    def credits(self) -> int:
        return self.machine.credits

    def step(self, frame: InputFrame) -> None:
        self.machine.step(frame)

    def coin(self, coins: int = 1) -> None:
        before = self.machine.credits
        self.machine.step(InputFrame(coin1=coins))
        self.kiosk._settle_coins()
        self.until(lambda: not self.machine.desk.pending and self.machine.credits > before,
                   limit=COIN_FRAMES)

    def title(self) -> None:
        self.machine.screen = Screen.TITLE
        self.machine.screen_frames = 0

    def until(self, done: Callable[[], bool], inputs: Iterator[InputFrame] | None = None,
              limit: int = 60_000) -> None:
        for _ in range(limit):
            if done():
                return
            self.machine.step(NO_INPUT if inputs is None else next(inputs))
        raise SystemExit(f"screenshot scene not reached in {limit} frames")

    def shot(self, name: str) -> None:
        machine = self.machine
        self._taken.append(picture.take(self._out / name,
                                        lambda surface: kiosk_view.draw(machine, surface)))

    def close(self) -> None:
        self.kiosk.close()
        self._save.cleanup()


class Desk:
    """One cartridge's desk: what its script takes lands in ``taken``."""

    def __init__(self, game: str, out: Path) -> None:
        self.game = game
        self.out = out
        self.taken: list[Path] = []
        self._cabinet: Cabinet | None = None

    def cabinet(self) -> Cabinet:
        """A fresh cabinet; the one before is closed (a kiosk owns the display)."""
        self.close()
        self._cabinet = Cabinet(self.game, self.out, self.taken)
        return self._cabinet

    def take(self, name: str, draw: Callable[[Any], None]) -> None:
        self.taken.append(picture.take(self.out / name, draw))

    def close(self) -> None:
        if self._cabinet is not None:
            self._cabinet.close()
            self._cabinet = None


def take(game: str, script: Callable[[Desk], None], out: Path) -> list[Path]:
    """Run a cartridge's screenshot script into ``out``; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()  # a script may draw before (or without) making a cabinet
    desk = Desk(game, out)
    try:
        script(desk)
    finally:
        desk.close()
    return desk.taken
