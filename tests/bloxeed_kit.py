"""Helpers for the Bloxeed tests: prepared games, placed pieces, frame-counted runs."""

from __future__ import annotations

from engine import GameSettings, InputFrame, PlayerInput
from engine.events import Event
from engine.field import Field
from games.bloxeed.rules import BLOXEED
from games.bloxeed.rules.extras import BloxeedExtras
from games.sega.game import Game
from games.sega.player import ACTIVE, Player
from games.sega.rotation import SEGA_ROTATION

IDLE = InputFrame()


def new_game(seed: int = 0, **settings: object) -> tuple[Game, Player, BloxeedExtras]:
    game = Game(BLOXEED, GameSettings(**settings), seed)  # type: ignore[arg-type]
    player = game.player(0)
    assert isinstance(player.extras, BloxeedExtras)
    return game, player, player.extras


def extras(player: Player) -> BloxeedExtras:
    assert isinstance(player.extras, BloxeedExtras)
    return player.extras


def run(game: Game, frames: int, inputs: InputFrame = IDLE) -> list[tuple[int, Event]]:
    """Step ``frames`` frames; returns (frame number, event) for every event."""
    seen: list[tuple[int, Event]] = []
    for _ in range(frames):
        for event in game.step(inputs):
            seen.append((game.frame, event))
    return seen


def run_until(
    game: Game, kind: str, limit: int = 5000, inputs: InputFrame = IDLE, player: int = 0
) -> tuple[int, list[tuple[int, Event]]]:
    """Step until an event of ``kind`` for ``player``; returns its frame and all events."""
    seen: list[tuple[int, Event]] = []
    for _ in range(limit):
        for event in game.step(inputs):
            seen.append((game.frame, event))
        if any(e.kind == kind and e.player == player and f == game.frame for f, e in seen):
            return game.frame, seen
    raise AssertionError(f"no {kind} within {limit} frames")


def frames_of(events: list[tuple[int, Event]], kind: str, player: int = 0) -> list[int]:
    return [f for f, e in events if e.kind == kind and e.player == player]


def values_of(events: list[tuple[int, Event]], kind: str, player: int = 0) -> list[int]:
    return [e.value for f, e in events if e.kind == kind and e.player == player]


def set_field(player: Player, lines: list[str]) -> None:
    player.field = Field.from_text(lines)


def place(player: Player, kind: int, state: int, x: int, y: int, power: int = 0) -> None:
    """Make ``kind`` the active piece at box (x, y); ``power``: its power-block kind."""
    player.phase = ACTIVE
    player.kind = kind
    player.state = state
    player.x = x
    player.y = y
    player.lock_left = player.delays.lock
    player.gravity_count = 0
    ex = extras(player)
    ex.piece_kind = kind
    ex.power.current = bool(power)
    if power:
        ex.power.kind = power


def resting_y(player: Player, kind: int, state: int, x: int) -> int:
    """The lowest box row index where the piece fits (it rests there)."""
    masks = SEGA_ROTATION.row_masks(kind, state, x)
    y = 21
    while not player.field.fits(masks, y):
        y -= 1
    while player.field.fits(masks, y - 1):
        y -= 1
    return y


def drop_and_lock(
    game: Game, kind: int, state: int, x: int, power: int = 0, player: int = 0
) -> tuple[int, list[tuple[int, Event]]]:
    """Place a piece resting at column x and run until it locks (lock delay later)."""
    p = game.player(player)
    place(p, kind, state, x, resting_y(p, kind, state, x), power)
    return run_until(game, "lock", limit=100, player=player)


def lever(**held: bool) -> InputFrame:
    return InputFrame(p1=PlayerInput(**held))
