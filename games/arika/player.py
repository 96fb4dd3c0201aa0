"""One player of an Arika (Grand Master) game: the frame-exact player loop.

Every frame, in this order (ARIKA_DECISIONS names each choice):

1. Read the panel: new button presses, the lever's direction, Down released (re-arms the
   manual lock).
2. The lever charges DAS, except on the frozen frames: line clear delay, the first frame
   after a lock or a clear (lock flash / collapse), the level-step frame before a spawn and
   the spawn frame itself.
3. By phase. ACTIVE: rotation (a new press of 1 or 3 turns counter-clockwise, 2 clockwise),
   then the lever (a move on the press frame and every frame once DAS is charged), then
   sonic drop (Up), then Down (manual lock on the ground, else soft drop at 1G or faster),
   then gravity, then the lock counter. At 20G a rotation or a move is followed at once by
   the fall to the stack. The other phases count their frames down.

Frame timeline after a lock on frame L: without a clear, frame L+1 is the lock flash,
L+2 .. L+1+ARE count ARE, L+ARE+2 is the level step and the next piece spawns on frame
L+ARE+3. With a clear the line clear delay (LC frames) comes first, then the same sequence
with line ARE: spawn on L+LC+line ARE+3.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine import events as ev
from engine.events import Event
from engine.inputs import PlayerInput
from engine.pieces import O
from games.arika import events as aev
from games.arika.board import ITEM_SHIFT, ORIGIN, ROW_BITS, Board
from games.arika.decisions import ARIKA_DECISIONS
from games.arika.randomizer import PieceDealer, Tgm2Randomizer
from games.arika.rules import ROLL_NONE, ArikaRules, Referee
from games.arika.shapes import (
    ARS,
    BIG_ARS,
    CENTRE_COLUMN_PIECES,
    MASKS,
    NO_KICK_PIECES,
    READING_ORDER,
    SPAWN_X,
    ShapeSet,
)
from games.arika.timing import TWENTY_G, Timing

# Phases.
READY = 0  # before the first piece
ACTIVE = 1
FLASH = 2  # the frame after a lock or a clear's collapse (DAS frozen)
ARE = 3
STEP = 4  # the level-step frame before a spawn (DAS frozen)
SPAWN = 5  # this frame deals the next piece (DAS frozen)
CLEAR = 6  # line clear delay (DAS frozen)
PAUSE = 7  # between reaching the goal and the roll
OVER = 8

NO_PIECE = -1
DAS_CAP = 99  # the charge count stops rising here (it only matters up to the DAS value)
LOCK_FLASH_FRAMES: int = ARIKA_DECISIONS["lock_flash_frames"].value

_STATE_SLOTS = (
    "phase", "left", "kind", "state", "x", "y", "next_kind", "level", "lines", "pieces",
    "clock", "clock_on", "acc", "g", "lock_delay", "lock_left", "grounded", "das_dir",
    "das_count", "prev_buttons", "down_armed", "soft", "sonic", "active_frames",
    "clearing", "after_clear", "goal", "goal_reached", "roll", "roll_next", "roll_left",
    "roll_lines",
    "section_start", "section_frames", "item", "topped_out", "finished", "flash_cells",
    "flash_frame", "frame", "turns",
)


class ArikaPlayer:
    __slots__ = (*_STATE_SLOTS, "board", "events", "index", "randomizer", "referee", "rules",
                 "big", "shapes", "spawn_x", "ticking", "timing", "twenty_g")
    # Levels a clear of 0..4 lines adds (a game with bonus levels for big clears overrides).
    clear_levels: ClassVar[tuple[int, ...]] = (0, 1, 2, 3, 4)
    # The rotation system's tables: ARS here; a rule with other shapes (SRS) swaps them,
    # and ``big_shapes`` while ``big`` is on (set_big).
    default_shapes: ClassVar[ShapeSet] = ARS
    big_shapes: ClassVar[ShapeSet] = BIG_ARS

    def __init__(self, index: int, rules: ArikaRules, seed: int,
                 referee: Referee | None = None, pieces: PieceDealer | None = None) -> None:
        self.index = index
        self.rules = rules
        self.referee = referee if referee is not None else rules.referee()
        self.ticking = self.referee.ticks
        self.board = Board()
        self.spawn_x = SPAWN_X  # the box column pieces appear at (Doubles moves it)
        self.randomizer: PieceDealer = pieces if pieces is not None else Tgm2Randomizer(seed)
        self.next_kind = self.randomizer.next()
        self.frame = 0
        self.phase = READY
        self.left = rules.ready_frames
        self.kind = NO_PIECE
        self.state = 0
        self.x = 0
        self.y = 0
        self.level = 0
        self.lines = 0
        self.pieces = 0
        self.clock = 0
        self.clock_on = False
        self.acc = 0
        self.timing: Timing = rules.timing_at(0)
        self.g = rules.gravity_at(0)
        self.twenty_g = self.g >= TWENTY_G
        self.lock_delay = self.timing.lock
        self.lock_left = self.lock_delay
        self.grounded = False
        self.das_dir = 0
        self.das_count = 0
        self.prev_buttons = 0
        self.down_armed = True
        self.soft = 0
        self.sonic = 0
        self.active_frames = 0
        self.clearing: tuple[int, ...] = ()
        self.after_clear = False
        self.goal = rules.goal
        self.goal_reached = False
        self.roll = ROLL_NONE
        self.roll_next = ROLL_NONE
        self.roll_left = 0
        self.roll_lines = 0
        self.section_start = 0
        self.section_frames: list[int] = []
        self.item = 0
        self.topped_out = False
        self.finished = False
        self.flash_cells: tuple[tuple[int, int], ...] = ()
        self.flash_frame = 0
        self.turns = 0  # rotation presses of the piece in play (TAP's RO medal reads them)
        self.big = False
        self.shapes = self.default_shapes
        i = index
        self.events = {
            "left": Event(ev.MOVE, i, -1), "right": Event(ev.MOVE, i, 1),
            "rotate": Event(ev.ROTATE, i),
            "land": Event(ev.LAND, i), "lock": Event(ev.LOCK, i),
            "manual": Event(aev.MANUAL_LOCK, i),
        }
        if self.phase == READY and self.left <= 0:
            self.phase = SPAWN

    # ---- the frame -------------------------------------------------------------------
    def step(self, pi: PlayerInput, out: list[Event]) -> None:
        self.frame += 1
        buttons = pi.b1 | pi.b2 << 1 | pi.b3 << 2
        prev = self.prev_buttons
        if buttons != prev:
            self.prev_buttons = buttons
            pressed = buttons & ~prev
        else:
            pressed = 0
        if not pi.down:
            self.down_armed = True
        if self.clock_on:
            self.clock += 1
        if self.roll_left:
            self.roll_left -= 1
            if not self.roll_left and self.phase != OVER:
                self._end(False, out)
                return
        phase = self.phase
        if phase in (ACTIVE, ARE, READY):
            d = pi.right - pi.left
            if d != self.das_dir:
                self.das_dir = d
                self.das_count = 0
            elif d and self.das_count < DAS_CAP:
                self.das_count += 1
            if phase == ACTIVE:
                self._active(pi, d, pressed, out)
                return
            self.left -= 1
            if self.left <= 0:
                self.phase = SPAWN if phase == READY else STEP
        elif phase == SPAWN:
            self._spawn(pi, out)
        elif phase == STEP:
            if self.level < self.goal and not self.rules.stops[self.level]:  # type: ignore[attr-defined]
                self.level_to(self.level + 1, out)
            self.phase = SPAWN
        elif phase == FLASH:
            self.phase = ARE
            n = self.timing.line_are if self.after_clear else self.timing.are
            self.left = n
            if n <= 0:
                self.phase = STEP
        elif phase == CLEAR:
            self.left -= 1
            if self.left <= 0:
                self._collapse(out)
        elif phase == PAUSE:
            self.left -= 1
            if self.left <= 0:
                self._start_roll(out)

    def _active(self, pi: PlayerInput, d: int, pressed: int, out: list[Event]) -> None:
        self.before_moves(out)
        before = self.state
        self.active_frames += 1
        if self.ticking:
            self.referee.on_active_frame(self)
        fits = self.fits
        kind = self.kind
        state = self.state
        x = self.x
        y = self.y
        at_once = self.falls_at_once
        if pressed and kind == O:
            self.turns += 1  # the O turns too (tetris.wiki "Arika Rotation System": TAP counts it)
        elif pressed:
            turned = (state + 3) & 3 if pressed & 0b101 else (state + 1) & 3
            moved = self.turn(kind, state, turned, x, y)
            if moved is not None:
                self.turns += 1
                state = self.state = turned
                x, y = moved
                out.append(self.events["rotate"])
                if at_once:
                    y = self.landing_row(kind, state, x, y)
        if d and (self.das_count == 0 or self.das_count > self.timing.das):
            nx = x + d * self.shapes.shift
            if fits(kind, state, nx, y):
                x = nx
                out.append(self.events["right" if d > 0 else "left"])
                if at_once:
                    y = self.landing_row(kind, state, x, y)
        self.x = x
        moved_down = y < self.y
        dropped = self.sonic_drop(pi, kind, state, x, y, out)
        if dropped < y:
            y = dropped
            moved_down = True
        g = self.gravity_now()
        if pi.down:
            self.soft += 1
            if not fits(kind, state, x, y - 1):
                if self.down_armed:
                    self.y = y
                    self.down_armed = False
                    out.append(self.events["manual"])
                    self._lock(out)
                    return
            elif g < 256:
                g = 256
        acc = self.acc + g
        n = acc >> 8
        self.acc = acc & 255
        while n:
            if not fits(kind, state, x, y - 1):
                break
            y -= 1
            n -= 1
            moved_down = True
        if moved_down:
            self.lock_left = self.lock_delay
        self.y = y
        if not fits(kind, state, x, y - 1):
            if not self.grounded or moved_down:
                self.grounded = True
                out.append(self.events["land"])
            self.lock_left -= 1
            if self.lock_left <= 0:
                self._lock(out)
                return
        else:
            self.grounded = False
        self.after_moves(self.state != before, out)

    # ---- the hooks a variant extends the loop through ---------------------------------
    def fits(self, kind: int, state: int, x: int, y: int) -> bool:
        """Piece ``kind`` turned to ``state`` fits with its box's bottom-left at column
        ``x``, row ``y`` (board coordinates). Every test of the piece in play goes through
        here (not the spawn, which tests the shapes' masks); a variant whose pieces take
        other cells (TAP's BIG DEATH BLOCK: 2 x 2 cells a block) overrides it."""
        return not self.board.bits & (self.shapes.masks[kind][state]
                                      << (y * ROW_BITS + x + ORIGIN))

    def landing_row(self, kind: int, state: int, x: int, y: int) -> int:
        """The lowest box row the piece reaches falling straight down from row ``y``."""
        fits = self.fits
        while fits(kind, state, x, y - 1):
            y -= 1
        return y

    def turn(self, kind: int, state: int, turned: int, x: int,
             y: int) -> tuple[int, int] | None:
        """The box's (column, row) after turning from ``state`` to ``turned`` (None: it
        cannot turn). The default is TAP's ARS kick (``_turn``), which never rises; a
        game with other kicks (floor kicks, SRS, BIG kicks) overrides it."""
        nx = self._turn(self.board.bits, kind, state, turned, x, y)
        return None if nx is None else (nx, y)

    @property
    def falls_at_once(self) -> bool:
        """A turn or a move is followed at once by the fall to the stack (20G)."""
        return self.twenty_g

    def gravity_now(self) -> int:
        """The gravity the piece in play falls at this frame, in 256ths of a row a frame:
        the level's. A variant whose piece falls otherwise (TAP's BIG DEATH BLOCK piece)
        overrides it."""
        return self.g

    def sonic_drop(self, pi: PlayerInput, kind: int, state: int, x: int, y: int,
                   out: list[Event]) -> int:
        """Up: the box row after the sonic drop (``y``: none). The default counts the
        rows dropped (``sonic``, for the score) and reports them."""
        if not pi.up:
            return y
        fy = self.landing_row(kind, state, x, y)
        if fy < y:
            if y - fy > self.sonic:
                self.sonic = y - fy
            out.append(Event(aev.SONIC_DROP, self.index, y - fy))
        return fy

    def before_moves(self, out: list[Event]) -> None:
        """Called first on each frame of the piece in play, before the panel moves it."""

    def after_moves(self, turned: bool, out: list[Event]) -> None:
        """Called at the end of a frame of the piece in play that did not lock it
        (``turned``: the panel turned it this frame)."""

    def deal(self, pi: PlayerInput) -> int:
        """The kind of the piece about to spawn; the next one is drawn. A game with hold
        overrides this (initial hold swaps the hold piece in here)."""
        kind = self.next_kind
        self.next_kind = self.randomizer.next()
        return kind

    def before_spawn(self, pi: PlayerInput, out: list[Event]) -> bool:
        """Called on the spawn frame before the piece is dealt; False keeps the SPAWN
        phase on for another frame (nothing is dealt)."""
        return True

    def after_spawn(self, out: list[Event]) -> None:
        """Called once a piece has spawned (not on a top-out), after its spawn frame's
        gravity."""

    def before_lock(self, out: list[Event]) -> None:
        """Called as the piece in play locks, before it is written into the stack."""

    def after_lock(self, lines: int, out: list[Event]) -> None:
        """Called after a lock and what followed it (``lines`` the rows it completed),
        also when it ended the game."""

    def before_collapse(self, out: list[Event]) -> None:
        """Called when the line clear delay ends, before the rows in ``clearing`` go."""

    def after_collapse(self, out: list[Event]) -> None:
        """Called after the cleared rows went (the phase has moved on)."""

    def after_goal(self, out: list[Event]) -> None:
        """Called once the level reached the goal, after the referee chose the roll."""

    def clears_game(self, topped_out: bool) -> bool:
        """Whether the game ending now counts as cleared (``finished``)."""
        return not topped_out

    @staticmethod
    def _turn(bits: int, kind: int, state: int, turned: int, x: int, y: int) -> int | None:
        """The box column after turning ``state`` to ``turned`` (None: it cannot turn).

        Try in place, then one column right, then one left. I never kicks. For L, J and T
        turning from flat to upright, the blocks the new state would take are walked in
        reading order: if the first one that is taken lies in the box's centre column, no
        kick is tried."""
        mask = MASKS[kind][turned]
        pos = y * ROW_BITS + x + ORIGIN
        if not bits & (mask << pos):
            return x
        if kind in NO_KICK_PIECES:
            return None
        if kind in CENTRE_COLUMN_PIECES and not state & 1 and turned & 1:
            for offset, centre in READING_ORDER[kind][turned]:
                if bits >> (pos + offset) & 1:
                    if centre:
                        return None
                    break
        if not bits & (mask << (pos + 1)):
            return x + 1
        if not bits & (mask << (pos - 1)):
            return x - 1
        return None

    # ---- phases ----------------------------------------------------------------------
    def _spawn(self, pi: PlayerInput, out: list[Event]) -> None:
        if not self.before_spawn(pi, out):
            return
        kind = self.deal(pi)
        self.item = self.referee.on_spawn(self)
        self.kind = kind
        self.pieces += 1
        self.clock_on = not self.goal_reached
        shapes = self.shapes
        x = self.spawn_x + shapes.spawn_x - SPAWN_X  # BIG boxes start a column further left
        y = shapes.spawn_y[kind]
        bits = self.board.bits
        masks = shapes.masks[kind]
        state = 0
        # IRS: a rotation button held as the piece appears turns it one step.
        if kind != O and (pi.b1 or pi.b2 or pi.b3):
            turned = 3 if pi.b1 or pi.b3 else 1
            if not bits & (masks[turned] << (y * ROW_BITS + x + ORIGIN)):
                state = turned
                out.append(Event(aev.IRS, self.index, turned))
        self.state = state
        self.x = x
        self.y = y
        self.soft = 0
        self.sonic = 0
        self.active_frames = 0
        self.turns = 0
        self.acc = 0
        self.lock_delay = self.lock_left = self.timing.lock
        self.grounded = False
        mask = masks[state]
        if bits & (mask << (y * ROW_BITS + x + ORIGIN)):
            self.kind = NO_PIECE
            self._end(True, out)
            return
        self.phase = ACTIVE
        out.append(Event(ev.SPAWN, self.index, kind))
        # Gravity acts on the spawn frame too: at 20G the piece is on the stack at once.
        acc = self.g
        n = acc >> 8
        self.acc = acc & 255
        while n and not bits & (mask << ((y - 1) * ROW_BITS + x + ORIGIN)):
            y -= 1
            n -= 1
        self.y = y
        if bits & (mask << ((y - 1) * ROW_BITS + x + ORIGIN)):
            self.grounded = True
            out.append(self.events["land"])
        self.after_spawn(out)

    def piece_cells(self) -> list[tuple[int, int]]:
        """(row, column) of the active piece's blocks: row 1-based from the bottom, column
        from the well's left edge."""
        if self.kind == NO_PIECE:
            return []
        n = self.shapes.sizes[self.kind]
        x = self.x - self.board.first
        return [(self.y + n - 1 - r, x + c) for r, c in self.shapes.cells[self.kind][self.state]]

    def ghost_y(self) -> int:
        """Box-bottom row where a sonic drop would put the active piece."""
        return self.landing_row(self.kind, self.state, self.x, self.y)

    def set_big(self, on: bool) -> None:
        """BIG blocks from the next piece on (2x2 cells a block, two columns a step). A
        game that uses it keeps ``big`` in its snapshot (the base state leaves it out)."""
        self.big = on
        self.shapes = self.big_shapes if on else self.default_shapes

    @property
    def ghost_shown(self) -> bool:
        return self.level < self.rules.ghost_below and self.kind != NO_PIECE

    def _lock(self, out: list[Event]) -> None:
        self.before_lock(out)
        lines = self._settle(out)
        self.after_lock(lines, out)

    def _settle(self, out: list[Event]) -> int:
        """The piece in play goes into the stack; the rows it completed (their count)
        start the line clear delay, else the lock flash (or the roll's pause)."""
        board = self.board
        value = self.kind + 1 | self.item << ITEM_SHIFT
        cells = tuple(self.piece_cells())
        for r, c in cells:
            board.put(r, c, value, self.frame)
        self.flash_cells = cells
        self.flash_frame = self.frame
        rows = sorted({r for r, _ in cells})
        full = tuple(r for r in rows if board.row_full(r))
        self.clearing = full
        self.kind = NO_PIECE
        self.grounded = False
        out.append(self.events["lock"])
        lines = len(full)
        level_before = self.level
        if lines:
            self.lines += lines
            if self.roll:
                self.roll_lines += lines
            out.append(Event(ev.LINE_CLEAR, self.index, lines))
            self.referee.on_lines(self, lines, level_before)
            self.level_to(min(self.level + self.clear_levels[lines], self.goal), out,
                           lock=True)
        self.referee.on_lock(self, lines, level_before, out)
        self._check_goal(out)
        if self.phase == OVER:
            return lines
        self.timing = self.timing_now()
        if lines:
            self.phase = CLEAR
            self.left = self.timing.line_clear
            self.after_clear = True
            if self.left <= 0:
                self._collapse(out)
        else:
            self.after_clear = False
            self.phase = PAUSE if self.roll_next else FLASH
            self.left = self.rules.roll_pause
            if self.phase == PAUSE and self.left <= 0:
                self._start_roll(out)
        return lines

    def _collapse(self, out: list[Event]) -> None:
        self.before_collapse(out)
        board = self.board
        items = {value >> ITEM_SHIFT for r in self.clearing
                 for value in board.cells[r - 1]} - {0}
        board.remove_rows(self.clearing)
        self.clearing = ()
        for item in sorted(items):
            self.referee.on_item(self, item, out)
            out.append(Event(aev.ITEM, self.index, item))
        if self.roll_next:
            self.phase = PAUSE
            self.left = self.rules.roll_pause
            if self.left <= 0:
                self._start_roll(out)
        else:
            self.phase = FLASH
        self.after_collapse(out)

    def level_to(self, level: int, out: list[Event], lock: bool = False) -> None:
        old = self.level
        self.level = level
        if level // 100 != old // 100:
            self.end_section(old // 100, out)
        self.g = self.rules.gravity_at(level)
        self.twenty_g = self.g >= TWENTY_G
        if not lock:
            self.timing = self.rules.timing_at(level)

    def timing_now(self) -> Timing:
        """The delays in force after a lock; a game whose delays follow another counter
        (TGM3's speed level) overrides this."""
        return self.rules.timing_at(self.level)

    def end_section(self, section: int, out: list[Event]) -> None:
        frames = self.clock - self.section_start
        self.section_frames.append(frames)
        self.section_start = self.clock
        out.append(Event(aev.SECTION, self.index, section))
        self.referee.on_section(self, section, frames, out)

    def _check_goal(self, out: list[Event]) -> None:
        if self.goal_reached or self.level < self.goal:
            return
        self.goal_reached = True
        self.clock_on = False
        if len(self.section_frames) * 100 < self.goal:
            self.end_section(self.level // 100, out)
        out.append(Event(aev.GOAL, self.index, self.level))
        roll = self.referee.on_goal(self, out)
        if roll == ROLL_NONE or self.rules.roll_frames <= 0:
            self._end(False, out)
        else:
            self.roll_next = roll
        self.after_goal(out)

    def _start_roll(self, out: list[Event]) -> None:
        self.roll = self.roll_next
        self.roll_next = ROLL_NONE
        self.board.clear()
        self.roll_left = self.rules.roll_frames
        self.roll_lines = 0
        out.append(Event(aev.ROLL_START, self.index, self.roll))
        self.after_clear = False
        self.phase = SPAWN

    def set_level(self, level: int) -> None:
        """Put the counter at ``level`` with its speeds, without section bookkeeping
        (a practice start, tests)."""
        self.level = level
        self.timing = self.rules.timing_at(level)
        self.g = self.rules.gravity_at(level)
        self.twenty_g = self.g >= TWENTY_G

    def stop_at(self, level: int) -> None:
        """Make ``level`` the goal (a torikan): the game ends there."""
        self.goal = level

    def _end(self, topped_out: bool, out: list[Event]) -> None:
        self.phase = OVER
        self.clock_on = False
        self.kind = NO_PIECE
        self.topped_out = topped_out
        self.finished = self.clears_game(topped_out)
        if self.roll > 0:
            out.append(Event(aev.ROLL_END, self.index, 0 if topped_out else 1))
        self.roll_left = 0
        self.referee.on_end(self, topped_out, out)
        out.append(Event(ev.GAME_OVER, self.index, 0 if topped_out else 1))

    # ---- state -----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def in_roll(self) -> bool:
        return self.roll > 0

    def snapshot(self) -> tuple[Any, ...]:
        values = tuple(
            list(v) if isinstance(v, list) else v
            for v in (getattr(self, name) for name in _STATE_SLOTS)
        )
        return (values, self.board.copy(), self.timing, self.g, self.twenty_g,
                self.randomizer.state(), self.referee.state())

    def restore(self, snap: tuple[Any, ...]) -> None:
        values, board, timing, g, twenty_g, randomizer, referee = snap
        for name, value in zip(_STATE_SLOTS, values, strict=True):
            setattr(self, name, list(value) if isinstance(value, list) else value)
        self.board = board.copy()
        self.timing = timing
        self.g = g
        self.twenty_g = twenty_g
        self.randomizer.restore(randomizer)
        self.referee.restore(referee)

    def hash_items(self) -> tuple[Any, ...]:
        values, board, timing, g, _twenty, randomizer, referee = self.snapshot()
        return (values, board.bits, tuple(map(tuple, board.cells)),
                tuple(map(tuple, board.locked)), timing, g, randomizer, referee)
