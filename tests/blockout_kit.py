"""Helpers for the BLOCKOUT tests: sessions from the real round table, pieces placed by
hand, frames stepped with real inputs."""

from __future__ import annotations

from engine.events import Event
from engine.inputs import InputFrame, PlayerInput
from games.blockout.rules.pieces import BY_NAME
from games.blockout.rules.player import PAUSE, PLAY, Player
from games.blockout.rules.rounds import Stage
from games.blockout.rules.session import BlockoutSession
from games.blockout.table import round_table

NOTHING = PlayerInput()
DROP = PlayerInput(b1=True)
TURN_B = PlayerInput(b2=True)
TURN_C = PlayerInput(b3=True)


def session(round_no: int = 1, players: int = 1, seed: int = 1, **settings: object
            ) -> BlockoutSession:
    return BlockoutSession(round_table(), {"round": round_no, **settings}, {"main": seed},
                           players)


def p1(s: BlockoutSession) -> Player:
    p = s.player(0)
    assert p is not None
    return p


def step(s: BlockoutSession, inp: PlayerInput = NOTHING, frames: int = 1,
         p2: PlayerInput = NOTHING) -> list[Event]:
    out: list[Event] = []
    for _ in range(frames):
        out.extend(s.step(InputFrame(p1=inp, p2=p2)))
    return out


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def until(s: BlockoutSession, kind: str, inp: PlayerInput = NOTHING, limit: int = 5000,
          player: int = 0) -> list[Event]:
    """Step until an event of ``kind`` for ``player``; the events so far."""
    out: list[Event] = []
    for _ in range(limit):
        got = step(s, inp)
        out.extend(got)
        if any(e.kind == kind and e.player == player for e in got):
            return out
    raise AssertionError(f"no {kind} event in {limit} frames")


def until_playing(s: BlockoutSession, index: int = 0, limit: int = 5000) -> list[Event]:
    """Step (no input) until player ``index`` has a falling piece."""
    out: list[Event] = []
    p = s.player(index)
    assert p is not None
    for _ in range(limit):
        if p.state == PLAY:
            return out
        out.extend(step(s))
    raise AssertionError("no falling piece")


def place(p: Player, name: str, x: int, y: int, z: int, orient: int = 0) -> None:
    """Make the falling piece ``name`` at (x, y, z), free (not grounded)."""
    p.state = PLAY
    p.kind = BY_NAME[name].index
    p.orient = orient
    p.x, p.y, p.z = x, y, z
    p.busy = 0
    p.grounded = p.forced = p.dropping = False
    p.fall_left = 10_000


def lock_now(s: BlockoutSession, p: Player) -> list[Event]:
    """Lock the falling piece where it is on the next frame (as a finished lock time)."""
    p.grounded = True
    p.lock_left = 1
    return step(s)


def open_stage(width: int, depth: int, height: int) -> Stage:
    weights = ((BY_NAME["1I"].index, 1),)
    return Stage(width, depth, height, 10, (4, 8, 12, 16), (40,) * 5, weights)


def finish_pause(s: BlockoutSession, p: Player) -> list[Event]:
    out: list[Event] = []
    while p.state == PAUSE:
        out.extend(step(s))
    return out
