"""Screenshots of TAP for the docs, headless (taken with every other screenshot by
``python -m tools.shots``): a Versus match with item meters and a banner, the challenge
question over P1's game (the demo bot on both sides), the match's end (WIN and LOSE on their
bands), the Doubles shots, and a game, its end and the name entry of every single-player
mode (tools/shots/results.py)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from engine.inputs import InputFrame
from games.cartridge import PlayView
from games.tap.rules.match import FINISHED, VERSUS
from games.tap.rules.modes import MASTER
from games.tap.versus import VersusBoard
from games.tap.versus_demo import versus_inputs
from games.tap.versus_screen import draw_play
from tools.shots import picture, results
from tools.shots import tap_doubles as doubles_shots

SCALE = 2
SIZE = (320, 224)
# Each single-player mode and the lever steps right to it at the mode select (the cursor
# starts on MASTER; NORMAL is the last step round).
MODE_RIGHTS = (("tap-normal", 4), ("tap-master", 0), ("tap-plus", 1), ("tap-death", 2))


def _save(board: VersusBoard, path: Path, taken: list[Path]) -> None:
    picture.take(path, lambda surface: draw_play(
        surface, PlayView(board, credits=1, free_play=False, frame=board.frame)))
    taken.append(path)


def _play_until(board: VersusBoard, done: Callable[[VersusBoard], bool],
                limit: int = 40_000) -> None:
    inputs = versus_inputs(board)
    for _ in range(limit):
        if done(board):
            return
        board.step(next(inputs))
    raise SystemExit("screenshot scene not reached")


def _banner_up(board: VersusBoard) -> bool:
    m = board.match
    return m is not None and any(p.side.banner_left == 60 and p.board.block_count() > 30
                                 for p in m.players)


def take(out: Path) -> list[Path]:
    pygame.init()
    out.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    board = VersusBoard(VERSUS, {}, {"main": 3}, 2)
    _play_until(board, _banner_up)
    _save(board, out / "tap-versus.png", taken)
    _play_until(board, lambda b: b.match is not None and b.match.phase == FINISHED)
    _save(board, out / "tap-versus-result.png", taken)
    single = VersusBoard(MASTER, {}, {"main": 3}, 1)
    _play_until(single, lambda b: b.frame >= 900)
    single.join(1)
    single.step(InputFrame())
    _save(single, out / "tap-challenger.png", taken)
    taken += doubles_shots.take(out)
    for mode, rights in MODE_RIGHTS:
        taken += results.mode_shots("tap", mode, rights, out)
    return taken


if __name__ == "__main__":
    import sys

    for path in take(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screens")):
        print(path)
