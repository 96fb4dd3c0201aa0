"""The characters a power block summons: 16t, Bomb, Flicky and Satellite."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import events as ev
from engine.events import Event
from engine.field import FIELD_HEIGHT, FIELD_WIDTH, FULL_ROW, Field
from games.bloxeed.rules.decisions import (
    BOMB,
    BOMB_SIZE,
    CHARACTER_CEILING_ROW,
    CHARACTER_COLUMN,
    CHARACTER_FALL_FRAMES,
    CHARACTER_WAIT,
    CHARACTER_WIDTH,
    FLICKY,
    FLICKY_CLEAR_WINDOW,
    SATELLITE,
    T16,
)
from games.bloxeed.rules.tables import (
    CHARACTER_HEIGHT,
    CHARACTER_LOCK,
    FLICKY_COLOUR,
    FLICKY_WRAP_LINES,
    FLICKY_WRAP_UP_TO,
    SATELLITE_ALL_CLEAR,
    SATELLITE_GONE_ON_ALL_CLEAR,
    SATELLITE_POINTS_DIVISOR,
    T16_WIDTH,
)
from games.sega.tables import ALL_CLEAR_MULTIPLIER, LINES_CAP

if TYPE_CHECKING:
    from games.sega.player import Player

# Character phases, for the screen.
NONE = ""
PENDING = "pending"  # activated; the activating clear has not collapsed yet
WAITING = "waiting"  # above the ceiling, steerable
FALLING = "falling"
LANDED = "landed"  # on the stack or the floor, lock delay running
PHASES = (NONE, PENDING, WAITING, FALLING, LANDED)


class Character:
    """The one character of a player. ``x`` is its left column and ``y`` the row of its
    hitbox bottom (0-based; ``y`` 20 is above the ceiling); the hitbox is 2 rows high.
    ``pending`` is a bit mask of the rows Flicky's blocks completed that wait to clear
    together, ``clear_left`` the frames until they do."""

    __slots__ = (
        "clear_left", "count", "kind", "lock_left", "mask", "pending", "phase", "wait",
        "width", "x", "y",
    )

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
        self.pending = 0
        self.clear_left = 0

    def activate(self, kind: int) -> None:
        self.kind = kind
        self.phase = PENDING

    def enter(self) -> None:
        """Put the character above the ceiling (on the activating clear's collapse frame)."""
        self.phase = WAITING
        self.width = T16_WIDTH if self.kind == T16 else CHARACTER_WIDTH.value[self.kind]
        self._place(CHARACTER_COLUMN.value, CHARACTER_CEILING_ROW.value)
        self.wait = CHARACTER_WAIT.value
        self.count = 0
        self.lock_left = CHARACTER_LOCK
        self.pending = 0
        self.clear_left = 0

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

    def pending_rows(self) -> list[int]:
        """Rows (0-based) Flicky completed that wait to clear together."""
        return [r for r in range(FIELD_HEIGHT) if self.pending >> r & 1]

    def step(self, player: Player, pressed: int, out: list[Event]) -> bool:
        """One frame in control; True when the character is done (acted or gone). Rows
        Flicky completed clear when their window ends, or when Flicky leaves first."""
        if self.pending:
            self.clear_left -= 1
            if self.clear_left <= 0:
                self._clear_pending(player, out)
        done = self._act(player, pressed, out)
        if done and self.pending:
            self._clear_pending(player, out)
        return done

    def _clear_pending(self, player: Player, out: list[Event]) -> None:
        flicky_clear(player, self.pending_rows(), out)
        self.pending = 0
        self.clear_left = 0

    def _act(self, player: Player, pressed: int, out: list[Event]) -> bool:
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
                row = flicky_drop(player, self.x, self.y)
                if row is not None:
                    if not self.pending:
                        self.clear_left = FLICKY_CLEAR_WINDOW.value
                    self.pending |= 1 << row
            elif satellite_shot(player, self.x, self.y, out):
                return True
        if self.phase == WAITING:
            self.wait -= 1
            if self.wait <= 0:
                self.phase = FALLING
                out.append(Event(ev.CHARACTER_ENTER, index, self.kind))
            return False
        self.count += 1
        if self.count >= CHARACTER_FALL_FRAMES.value:
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
                self.count, self.lock_left, self.pending, self.clear_left)

    def restore(self, state: tuple[int, ...]) -> None:
        (self.kind, phase, x, y, self.width, self.wait, self.count, self.lock_left,
         self.pending, self.clear_left) = state
        self.phase = PHASES[phase]
        self._place(x, y)


def crush(field: Field, x: int, y: int) -> None:
    """16t: every block below it in its 3 columns is crushed."""
    for r in range(min(y, FIELD_HEIGHT)):
        for c in range(x, min(x + T16_WIDTH, FIELD_WIDTH)):
            if field.cells[r][c]:
                field.set(r, c, 0)


def blast(field: Field, x: int, y: int) -> None:
    """Bomb: every block in the 3x3 square centred on the cell below it."""
    half = BOMB_SIZE.value // 2
    centre = y - 1
    for r in range(max(centre - half, 0), min(centre + half + 1, FIELD_HEIGHT)):
        for c in range(max(x - half, 0), min(x + half + 1, FIELD_WIDTH)):
            if field.cells[r][c]:
                field.set(r, c, 0)


def flicky_drop(player: Player, x: int, y: int) -> int | None:
    """Drop one cyan block straight down from below Flicky; returns the row (0-based) if
    the block completed it (the row then waits to clear with the others)."""
    field = player.field
    r = min(y, FIELD_HEIGHT) - 1
    bit = 1 << x
    rows = field.rows
    if r < 0 or rows[r] & bit:
        return None
    while r > 0 and not rows[r - 1] & bit:
        r -= 1
    field.set(r, x, FLICKY_COLOUR)
    return r if field.rows[r] == FULL_ROW else None


def flicky_lines_scored(lines: int) -> int:
    """The clear size a Flicky clear of ``lines`` rows scores as: 1-4 as themselves, 5-8 as
    lines - 4 (tetris.wiki "Bloxeed"), 9+ wrapping on every 4 (decision)."""
    if lines <= FLICKY_WRAP_LINES:
        return lines
    if lines <= FLICKY_WRAP_UP_TO:
        return lines - FLICKY_WRAP_LINES
    return (lines - 1) % FLICKY_WRAP_LINES + 1


def flicky_clear(player: Player, rows: list[int], out: list[Event]) -> None:
    """Clear ``rows`` together: scored as flicky_lines_scored, all clear x10, the lines
    counted but not towards level-up."""
    field = player.field
    n = len(rows)
    gone = set(rows)
    points = player.rules.line_points(player.level, flicky_lines_scored(n))
    if not any(bits for r, bits in enumerate(field.rows) if r not in gone):
        points *= ALL_CLEAR_MULTIPLIER
        out.append(Event(ev.ALL_CLEAR, player.index))
    player.add_score(points)
    player.lines = min(player.lines + n, LINES_CAP)
    out.append(Event(ev.LINE_CLEAR, player.index, n))
    field.remove_rows(rows)


def satellite_shot(player: Player, x: int, y: int, out: list[Event]) -> bool:
    """Destroy the topmost block below Satellite (the single-line value of the level / 10);
    True after an all clear."""
    field = player.field
    cells = field.cells
    for r in range(min(y, FIELD_HEIGHT) - 1, -1, -1):
        if cells[r][x]:
            field.set(r, x, 0)
            player.add_score(player.rules.line_points(player.level, 1)
                             // SATELLITE_POINTS_DIVISOR)
            if field.is_empty():
                player.add_score((player.level + 1) * SATELLITE_ALL_CLEAR)
                out.append(Event(ev.ALL_CLEAR, player.index))
                return SATELLITE_GONE_ON_ALL_CLEAR
            return False
    return False
