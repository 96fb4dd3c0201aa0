"""TAP's Doubles screenshots for docs/screens (tools/shots/tap.py takes them with the
others, ``python -m tools.shots``): the mode select with DOUBLES highlighted, and a Doubles
game played by the Doubles bot (in play, and its end)."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


from engine.inputs import InputFrame, PlayerInput
from games.arika.player import ACTIVE
from games.cartridge import PlayView
from games.registry import cartridge, new_session
from games.tap.doubles_demo import doubles_inputs
from tools.shots import picture

SCALE = 2


def _save(session: object, path: Path, taken: list[Path]) -> None:
    picture.take(path, lambda surface: cartridge("tap").presentation.draw_play(
        surface, PlayView(session, credits=1, free_play=False, frame=0)))  # type: ignore[arg-type]
    taken.append(path)


def take(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    taken: list[Path] = []
    select = new_session("tap", {}, {"main": 2}, 1)
    select.step(InputFrame())
    for _ in range(3):  # MASTER -> TGM+ -> T.A.DEATH -> DOUBLES
        select.step(InputFrame(p1=PlayerInput(right=True)))
        select.step(InputFrame())
    _save(select, out / "tap-select-doubles.png", taken)
    game = new_session("tap-doubles", {}, {"main": 8}, 1)  # both reach the credits
    bot = doubles_inputs(game)
    for n in range(20_000):
        game.step(next(bot))
        players = getattr(game, "players", ())
        if n > 1200 and all(p.phase == ACTIVE and p.active_frames > 4 for p in players):
            break
    _save(game, out / "tap-doubles.png", taken)
    while not game.over:
        game.step(next(bot))
    _save(game, out / "tap-doubles-over.png", taken)
    return taken
