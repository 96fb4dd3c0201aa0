"""Helpers for driving the Arika player loop frame by frame in tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.events import Event
from engine.inputs import PlayerInput
from engine.pieces import kind_of
from games.arika.board import Board
from games.arika.player import ACTIVE, ArikaPlayer
from games.arika.rules import ArikaRules, Referee, x99_stops
from games.arika.timing import DelayRow, GravityRow

IDLE = PlayerInput()


def pad(**switches: bool) -> PlayerInput:
    return PlayerInput(**switches)


class Script:
    """Deals the given letters in order, then repeats the last one."""

    def __init__(self, letters: str) -> None:
        self.kinds = [kind_of(ch) for ch in letters]
        self.i = 0

    def next(self) -> int:
        kind = self.kinds[min(self.i, len(self.kinds) - 1)]
        self.i += 1
        return kind

    def state(self) -> tuple[int, ...]:
        return (self.i,)

    def restore(self, state: tuple[int, ...]) -> None:
        (self.i,) = state


def flat_rules(g256: int = 4, are: int = 25, line_are: int = 25, das: int = 14,
               lock: int = 30, line_clear: int = 40, goal: int = 999) -> ArikaRules:
    """One speed for every level, no READY time, no roll."""
    return ArikaRules("arika-test", "TEST", (GravityRow(0, g256),),
                      (DelayRow(0, are, line_are, das, lock, line_clear),), goal,
                      x99_stops(goal), Referee)


def player(letters: str = "T", rules: ArikaRules | None = None,
           board: Sequence[str] = ()) -> ArikaPlayer:
    """A player whose pieces are ``letters``; the first piece spawns on the first step."""
    p = ArikaPlayer(0, rules or flat_rules(), 0, pieces=Script(letters))
    if board:
        p.board = Board.from_text(list(board))
    return p


def step(p: ArikaPlayer, pi: PlayerInput = IDLE, times: int = 1) -> list[Event]:
    out: list[Event] = []
    for _ in range(times):
        p.step(pi, out)
    return out


def step_until(p: ArikaPlayer, done: Callable[[ArikaPlayer], bool],
               pi: PlayerInput = IDLE, limit: int = 10_000) -> list[Event]:
    out: list[Event] = []
    for _ in range(limit):
        if done(p):
            return out
        p.step(pi, out)
    raise AssertionError(f"condition not reached in {limit} frames")


def spawned(p: ArikaPlayer, pi: PlayerInput = IDLE) -> list[Event]:
    """Step until a piece is in play (the spawn frame included)."""
    return step_until(p, lambda q: q.phase == ACTIVE, pi)


def cells(p: ArikaPlayer) -> set[tuple[int, int]]:
    return set(p.piece_cells())


def kinds(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
