"""The attract-mode demo player: takes the first stage offered, solves each stage for its
own piece sequence when it starts (games/flashpoint/solver.py) and plays the placements
with the lever and buttons; after a clear it takes the next stage."""

from __future__ import annotations

from collections.abc import Iterator

from engine.inputs import InputFrame, PlayerInput
from engine.session import GameSession
from games.flashpoint.rules.decisions import FLASHPOINT_DECISIONS
from games.flashpoint.rules.session import CHOICE, PLAY, SELECT, FlashPointGame
from games.flashpoint.solver import Placement, solution_inputs, solve

DEMO_BEAM: int = FLASHPOINT_DECISIONS["demo_beam"].value


def _plan(game: FlashPointGame) -> list[Placement]:
    side = game.side(0)
    player = side.player
    entries = game.deal.table.entries
    start = (player.pieces.state()[0] - 1) % len(entries)  # the stage's first piece
    sequence = entries[start:] + entries[:start]
    solution = solve(game.stages[side.stage - 1], sequence, beam=DEMO_BEAM)
    return solution.placements if solution is not None else []


def demo_inputs(session: GameSession) -> Iterator[InputFrame]:
    assert isinstance(session, FlashPointGame)
    game = session
    side = game.side(0)
    tick = 0
    stage_seen = -1
    inner: Iterator[InputFrame] | None = None
    while True:
        tick += 1
        if side.mode in (SELECT, CHOICE):
            inner = None
            yield InputFrame(p1=PlayerInput(b1=tick % 2 == 0)) if tick > 60 else InputFrame()
            continue
        if side.mode != PLAY:
            yield InputFrame()
            continue
        if inner is None or side.stages_cleared != stage_seen:
            stage_seen = side.stages_cleared
            inner = solution_inputs(game, _plan(game))
        yield next(inner)
