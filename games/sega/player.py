"""One player's game: the common Sega loop (ARE, active piece, lock, line clear)."""

from __future__ import annotations

from typing import Any

from engine import events as ev
from engine.events import Event
from engine.field import Field
from engine.inputs import PlayerInput
from games.sega.rotation import X_MAX, X_MIN
from games.sega.rules import Extras, MainSeed, PieceSource, Rules
from games.sega.tables import LEVEL_CAP, LINES_CAP, SCORE_CAP

ARE = "are"
ACTIVE = "active"
CLEAR = "clear"
OVER = "over"

NO_PIECE = -1

_STATE_SLOTS = (
    "phase", "phase_left", "kind", "state", "x", "y", "next_kind", "score", "level", "lines",
    "pieces_dealt", "level_timer", "level_lines", "gravity_count", "lock_left", "das_dir",
    "das_count", "prev_buttons", "clearing", "soft_drop_rows",
)


class Player:
    """Frame semantics (all counted in 1/60 s frames, see ENGINE_DECISIONS in
    games/sega/decisions.py): a lock on frame L spawns the next piece on frame L + ARE + 1,
    or on frame L + line clear delay + ARE + 1 after a clear. The spawn frame only places
    the piece; control and gravity act from the next frame, rotation first, then the lever,
    then gravity. A piece that reaches the ground on frame G locks on frame G + lock delay
    unless it moves down a row meanwhile (step reset)."""

    __slots__ = (
        *_STATE_SLOTS, "delays", "extras", "field", "gravity", "index", "lines_per_level",
        "masks", "pieces", "rotation", "rules", "settings",
    )

    def __init__(
        self, index: int, rules: Rules, settings: Any, pieces: PieceSource, main: MainSeed
    ) -> None:
        self.index = index
        self.rules = rules
        self.settings = settings
        self.rotation = rules.rotation
        self.masks: Any = rules.rotation.masks  # type: ignore[attr-defined]
        self.delays = rules.delays(settings)
        self.lines_per_level = rules.lines_per_level(settings)
        self.pieces = pieces
        self.field = Field()
        self.phase = ARE
        self.phase_left = self.delays.are
        self.kind = NO_PIECE
        self.state = 0
        self.x = 0
        self.y = 0
        self.next_kind = pieces.next()
        self.score = 0
        self.level = 0
        self.lines = 0
        self.pieces_dealt = 0
        self.level_timer = 0
        self.level_lines = 0
        self.gravity = rules.gravity(0, settings)
        self.gravity_count = 0
        self.lock_left = self.delays.lock
        self.das_dir = 0
        self.das_count = 0
        self.prev_buttons = 0
        self.clearing: tuple[int, ...] = ()
        self.soft_drop_rows = 0
        self.extras: Extras | None = rules.extras(self, settings, main) if rules.extras else None

    # ---- the frame -------------------------------------------------------------------
    def step(self, pi: PlayerInput, out: list[Event]) -> None:
        d = pi.right - pi.left
        if d != self.das_dir:
            self.das_dir = d
            self.das_count = 0
        elif d:
            self.das_count += 1
        buttons = pi.b1 | pi.b2 << 1 | pi.b3 << 2
        rotate = buttons & ~self.prev_buttons
        self.prev_buttons = buttons
        if self.extras is not None and self.extras.on_frame(self, rotate, out):
            return
        phase = self.phase
        if phase == ACTIVE:
            self.level_timer += 1
            self._active(pi.down, d, rotate, out)
        elif phase == ARE:
            self.level_timer += 1
            if self.phase_left:
                self.phase_left -= 1
            else:
                self.spawn(out)
        elif phase == CLEAR:
            if self.phase_left:
                self.phase_left -= 1
            else:
                self.field.remove_rows(list(self.clearing))
                lines = len(self.clearing)
                self.clearing = ()
                self.phase = ARE
                self.phase_left = self.delays.are - 1
                if self.extras is not None:
                    self.extras.on_cleared(self, lines, out)

    def _active(self, down: bool, d: int, rotate: int, out: list[Event]) -> None:
        field = self.field
        states = self.masks[self.kind]
        state = self.state
        x = self.x
        y = self.y
        if rotate:
            turned = (state + 1) % len(states)
            if turned != state and field.fits(states[turned][x - X_MIN], y):
                state = self.state = turned
                out.append(Event(ev.ROTATE, self.index))
        if d and (self.das_count == 0 or self.das_count >= self.delays.das):
            nx = x + d
            if X_MIN <= nx < X_MAX and field.fits(states[state][nx - X_MIN], y):
                x = self.x = nx
                out.append(Event(ev.MOVE, self.index, d))
        masks = states[state][x - X_MIN]
        moved_down = False
        gravity = self.gravity
        if down and gravity.soft_drop_allowed:
            self.gravity_count = 0
            if field.fits(masks, y - 1):
                y -= 1
                moved_down = True
                self.soft_drop_rows += 1
                self.add_score(self.rules.drop_points(self.level))
        else:
            self.gravity_count += 1
            if self.gravity_count >= gravity.frames:
                self.gravity_count = 0
                for _ in range(gravity.rows):
                    if not field.fits(masks, y - 1):
                        break
                    y -= 1
                    moved_down = True
        if moved_down:
            self.y = y
            self.lock_left = self.delays.lock
            if not field.fits(masks, y - 1):
                out.append(Event(ev.LAND, self.index))
        elif not field.fits(masks, y - 1):
            self.lock_left -= 1
            if self.lock_left <= 0:
                self.lock(out)

    # ---- phases ----------------------------------------------------------------------
    def spawn(self, out: list[Event]) -> None:
        kind = self.next_kind
        self.next_kind = self.pieces.next()
        self.kind = kind
        self.state = 0
        self.x, self.y = self.rotation.spawn[kind]
        self.pieces_dealt += 1
        self.gravity_count = 0
        self.lock_left = self.delays.lock
        self.soft_drop_rows = 0
        if self.extras is not None:
            self.extras.on_spawn(self)
        if self.field.fits(self.masks[kind][0][self.x - X_MIN], self.y):
            self.phase = ACTIVE
            out.append(Event(ev.SPAWN, self.index, kind))
        else:
            self.phase = OVER
            out.append(Event(ev.GAME_OVER, self.index))

    def piece_cells(self) -> list[tuple[int, int]]:
        """Field (row, column) of each cell of the active piece, 0-based, row 0 at the bottom."""
        if self.kind == NO_PIECE:
            return []
        cells = self.rotation.piece_cells(self.kind, self.state)
        return [(self.y - r, self.x + c) for r, c in cells]

    def lock(self, out: list[Event]) -> None:
        colour = self.kind + 1
        field = self.field
        cells = self.piece_cells()
        for r, c in cells:
            field.set(r, c, colour)
        self.kind = NO_PIECE
        out.append(Event(ev.LOCK, self.index))
        full = field.full_rows()
        if self.extras is not None:
            full = self.extras.on_lock(self, cells, full, out)
        if full:
            self.clear_rows(full, out)
        else:
            if self.level_timer >= self.rules.level_timer(self.level):
                self.level_up(out)
            self.phase = ARE
            self.phase_left = self.delays.are

    def clear_rows(self, full: list[int], out: list[Event], counts: bool = True) -> None:
        """Score and start the line-clear delay for ``full`` rows (removed when it ends)."""
        self.score_clear(full, out, counts)
        self.clearing = tuple(sorted(full))
        self.phase = CLEAR
        self.phase_left = self.delays.line_clear

    def score_clear(self, full: list[int], out: list[Event], counts: bool = True) -> None:
        """Score a clear of ``full`` rows (all-clear bonus, lines, level-up by lines)."""
        n = len(full)
        gone = set(full)
        rows = self.field.rows
        all_clear = not any(rows[r] for r in range(len(rows)) if r not in gone)
        points = self.rules.line_points(self.level, n)
        if all_clear:
            points *= 10
            out.append(Event(ev.ALL_CLEAR, self.index))
        self.add_score(points)
        self.lines = min(self.lines + n, LINES_CAP)
        out.append(Event(ev.LINE_CLEAR, self.index, n))
        if counts and (self.extras is None or self.extras.counts_for_level(self)):
            self.level_lines += n
            while self.level_lines >= self.lines_per_level:
                self.level_lines -= self.lines_per_level
                self.level_up(out)

    def level_up(self, out: list[Event]) -> None:
        self.level_timer = 0
        if self.level >= LEVEL_CAP:
            return
        self.level += 1
        self.gravity = self.rules.gravity(self.level, self.settings)
        out.append(Event(ev.LEVEL_UP, self.index, self.level))

    def add_score(self, points: int) -> None:
        self.score = min(self.score + points, SCORE_CAP)

    # ---- state -----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def snapshot(self) -> tuple[Any, ...]:
        return (
            tuple(getattr(self, name) for name in _STATE_SLOTS),
            self.field.copy(),
            self.gravity,
            self.pieces.state(),
            self.extras.snapshot() if self.extras is not None else (),
        )

    def restore(self, snap: tuple[Any, ...]) -> None:
        values, field, gravity, pieces, extras = snap
        for name, value in zip(_STATE_SLOTS, values, strict=True):
            setattr(self, name, value)
        self.field = field.copy()
        self.gravity = gravity
        self.pieces.restore(pieces)
        if self.extras is not None:
            self.extras.restore(extras)

    def hash_items(self) -> tuple[Any, ...]:
        snap = self.snapshot()
        extras = self.extras.state() if self.extras is not None else ()
        return (snap[0], tuple(tuple(r) for r in self.field.cells), snap[2], snap[3], extras)
