"""Small helpers for driving the engine frame by frame in tests."""

from __future__ import annotations

from collections.abc import Callable

from engine import GameSettings, InputFrame, PlayerInput
from engine.events import Event
from engine.field import Field
from games.bloxeed.rules import BLOXEED
from games.sega.game import Game
from games.sega.player import ACTIVE, Player
from games.sega.rules import Rules
from games.sega88.rules import SEGA88

IDLE = InputFrame()
RULES: dict[str, Rules] = {SEGA88.id: SEGA88, BLOXEED.id: BLOXEED}


def rules_of(rules: str | Rules) -> Rules:
    return RULES[rules] if isinstance(rules, str) else rules


def press(**switches: bool) -> InputFrame:
    return InputFrame(p1=PlayerInput(**switches))


def step_until(
    game: Game,
    done: Callable[[Game], bool],
    frame: InputFrame = IDLE,
    limit: int = 100_000,
) -> list[Event]:
    """Step until ``done(game)``; returns every event on the way."""
    events: list[Event] = []
    for _ in range(limit):
        if done(game):
            return events
        events.extend(game.step(frame))
    raise AssertionError(f"condition not reached in {limit} frames")


def first_active(rules: str | Rules = "sega88", settings: GameSettings | None = None,
                 seed: int = 0, players: int = 1) -> Game:
    """A game stepped to the frame its first piece spawned."""
    game = Game(rules_of(rules), settings, seed, players)
    step_until(game, lambda g: g.player(0).phase == ACTIVE)
    return game


def set_level(player: Player, level: int) -> None:
    player.level = level
    player.gravity = player.rules.gravity(level, player.settings)


def set_field(player: Player, rows: list[str]) -> None:
    """Replace the field; ``rows`` top first, the last string is row 1."""
    player.field = Field.from_text(rows)


def place(player: Player, kind: int, state: int, x: int, y: int) -> None:
    """Make ``kind`` the active piece at box position (x, y) (0-based, y = box row 0)."""
    player.kind, player.state, player.x, player.y = kind, state, x, y
    player.phase = ACTIVE
    player.gravity_count = 0
    player.lock_left = player.delays.lock


def cells_1based(player: Player) -> set[tuple[int, int]]:
    """Active piece cells as (column, row), 1-based as in the rules."""
    return {(c + 1, r + 1) for r, c in player.piece_cells()}
