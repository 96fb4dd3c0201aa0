"""Helpers for driving Flash Point sessions frame by frame in tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.events import Event
from engine.inputs import InputFrame, PlayerInput
from games.flashpoint.rules.session import FlashPointGame
from games.flashpoint.rules.stages import Stage, parse_stages
from games.flashpoint.stagefile import builtin_stages
from games.sega.player import ACTIVE

IDLE = InputFrame()


def press(**switches: bool) -> InputFrame:
    return InputFrame(p1=PlayerInput(**switches))


def same_stages(*rows: str, count: int = 100) -> tuple[Stage, ...]:
    """A stage set whose every stage has the layout ``rows`` (top first)."""
    text = "\n".join(f"stage {n}: test\n" + "\n".join(rows) for n in range(1, count + 1))
    return parse_stages(text)


def new_game(settings: dict[str, object] | None = None, seeds: dict[str, int] | None = None,
             players: int = 1, stages: Sequence[Stage] | None = None) -> FlashPointGame:
    return FlashPointGame(settings or {}, seeds or {"main": 0}, players,
                          builtin_stages() if stages is None else stages)


def step_until(game: FlashPointGame, done: Callable[[FlashPointGame], bool],
               frame: InputFrame = IDLE, limit: int = 100_000) -> list[Event]:
    events: list[Event] = []
    for _ in range(limit):
        if done(game):
            return events
        events.extend(game.step(frame))
    raise AssertionError(f"condition not reached in {limit} frames")


def until_active(game: FlashPointGame, index: int = 0) -> list[Event]:
    return step_until(game, lambda g: g.side(index).player.phase == ACTIVE)


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]
