"""The characters a power block summons: 16t, Bomb, Flicky and Satellite."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import events as ev
from engine.events import Event
from engine.field import FULL_ROW, Field
from engine.rotation import FIELD_HEIGHT, FIELD_WIDTH
from games.bloxeed.rules.decisions import BLOXEED_DECISIONS, BOMB, FLICKY, SATELLITE, T16
from games.bloxeed.rules.tables import (
    CHARACTER_HEIGHT,
    CHARACTER_LOCK,
    FLICKY_COLOUR,
    SATELLITE_ALL_CLEAR,
    SATELLITE_POINTS,
)

if TYPE_CHECKING:
    from engine.player import Player

_D = BLOXEED_DECISIONS

# Character phases, for the screen.
NONE = ""
PENDING = "pending"  # activated; the activating clear has not collapsed yet
WAITING = "waiting"  # above the ceiling, steerable
FALLING = "falling"
LANDED = "landed"  # on the stack or the floor, lock delay running
PHASES = (NONE, PENDING, WAITING, FALLING, LANDED)


class Character:
    """The one character of a player. ``x`` is its left column and ``y`` the row of its
    hitbox bottom (0-based; ``y`` 20 is above the ceiling); the hitbox is 2 rows high."""

    __slots__ = ("count", "kind", "lock_left", "mask", "phase", "wait", "width", "x", "y")

    def __init__(self) -> None:
        self.kind = 0
        self.phase = NONE
        self.x = 0
        self.y = 0
        self.width = 1
        self.mask = 0
        self.wait = 0
        self.count = 0
        self.lock_left = 0

    def activate(self, kind: int) -> None:
        self.kind = kind
        self.phase = PENDING

    def enter(self) -> None:
        """Put the character above the ceiling (on the activating clear's collapse frame)."""
        self.phase = WAITING
        self.width = _D.character_width[self.kind]
        self._place(_D.character_column, _D.character_ceiling_row)
        self.wait = _D.character_wait
        self.count = 0
        self.lock_left = CHARACTER_LOCK

    def gone(self) -> None:
        self.kind = 0
        self.phase = NONE

    def _place(self, x: int, y: int) -> None:
        self.x = x
        self.y = y
        self.mask = ((1 << self.width) - 1) << x

    def fits(self, field: Field, x: int, y: int) -> bool:
        if x < 0 or x + self.width > FIELD_WIDTH or y < 0:
            return False
        mask = ((1 << self.width) - 1) << x
        rows = field.rows
        return all(
            not rows[r] & mask for r in range(y, min(y + CHARACTER_HEIGHT, FIELD_HEIGHT))
        )

    def can_fall(self, field: Field) -> bool:
        y = self.y - 1
        return y >= 0 and not field.rows[y] & self.mask

    def step(self, player: Player, pressed: int, out: list[Event]) -> bool:
        """One frame in control; True when the character is done (acted or gone)."""
        field = player.field
        index = player.index
        d = player.das_dir
        if (
            d and (player.das_count == 0 or player.das_count >= player.delays.das)
            and self.fits(field, self.x + d, self.y)
        ):
            self._place(self.x + d, self.y)
            out.append(Event(ev.CHARACTER_MOVE, index, d))
            if self.phase == LANDED and self.can_fall(field):
                self.phase = FALLING
        if pressed and self.kind in (FLICKY, SATELLITE):
            out.append(Event(ev.CHARACTER_ACT, index, self.kind))
            if self.kind == FLICKY:
                flicky_drop(player, self.x, self.y, out)
            elif satellite_shot(player, self.x, self.y, out):
                return True
        if self.phase == WAITING:
            self.wait -= 1
            if self.wait <= 0:
                self.phase = FALLING
                out.append(Event(ev.CHARACTER_ENTER, index, self.kind))
            return False
        self.count += 1
        if self.count >= _D.character_fall_frames:
            self.count = 0
            if self.can_fall(field):
                self._place(self.x, self.y - 1)
                self.lock_left = CHARACTER_LOCK
                out.append(Event(ev.CHARACTER_FALL, index, self.y))
                if self.can_fall(field):
                    self.phase = FALLING
                else:
                    self.phase = LANDED
                    out.append(Event(ev.CHARACTER_LAND, index, self.kind))
                return False
        if self.can_fall(field):
            self.phase = FALLING
            return False
        self.phase = LANDED
        self.lock_left -= 1
        if self.lock_left > 0:
            return False
        if self.kind == T16:
            crush(field, self.x, self.y)
            out.append(Event(ev.CHARACTER_ACT, index, self.kind))
        elif self.kind == BOMB:
            blast(field, self.x, self.y)
            out.append(Event(ev.CHARACTER_ACT, index, self.kind))
        return True

    def state(self) -> tuple[int, ...]:
        return (self.kind, PHASES.index(self.phase), self.x, self.y, self.width, self.wait,
                self.count, self.lock_left)

    def restore(self, state: tuple[int, ...]) -> None:
        self.kind, phase, x, y, self.width, self.wait, self.count, self.lock_left = state
        self.phase = PHASES[phase]
        self._place(x, y)


def crush(field: Field, x: int, y: int) -> None:
    """16t: every block below it in its 2 columns is crushed."""
    for r in range(min(y, FIELD_HEIGHT)):
        for c in (x, x + 1):
            if field.cells[r][c]:
                field.set(r, c, 0)


def blast(field: Field, x: int, y: int) -> None:
    """Bomb: every block in the 3x3 square centred on the cell below it."""
    half = _D.bomb_size // 2
    centre = y - 1
    for r in range(max(centre - half, 0), min(centre + half + 1, FIELD_HEIGHT)):
        for c in range(max(x - half, 0), min(x + half + 1, FIELD_WIDTH)):
            if field.cells[r][c]:
                field.set(r, c, 0)


def flicky_drop(player: Player, x: int, y: int, out: list[Event]) -> None:
    """Drop one cyan block straight down from below Flicky; a line it completes is scored
    (not towards level-up) and removed at once."""
    field = player.field
    r = min(y, FIELD_HEIGHT) - 1
    bit = 1 << x
    rows = field.rows
    if r < 0 or rows[r] & bit:
        return
    while r > 0 and not rows[r - 1] & bit:
        r -= 1
    field.set(r, x, FLICKY_COLOUR)
    if field.rows[r] == FULL_ROW:
        player.score_clear([r], out, counts=False)
        field.remove_rows([r])


def satellite_shot(player: Player, x: int, y: int, out: list[Event]) -> bool:
    """Destroy the topmost block below Satellite (10 points); True after an all clear."""
    field = player.field
    cells = field.cells
    for r in range(min(y, FIELD_HEIGHT) - 1, -1, -1):
        if cells[r][x]:
            field.set(r, x, 0)
            player.add_score(SATELLITE_POINTS)
            if field.is_empty():
                player.add_score((player.level + 1) * SATELLITE_ALL_CLEAR)
                out.append(Event(ev.ALL_CLEAR, player.index))
                return _D.satellite_gone_on_all_clear
            return False
    return False
