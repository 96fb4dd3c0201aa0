"""The attract-mode demo player for TAP: a closed-loop bot that reads the game each frame.

For every piece it tries each reachable end position (turned by IRS during ARE, then moved
with DAS pre-charged during ARE, following the stack at 20G), scores the field it would
leave with the usual stacking features (landing height, eroded cells, row and column
transitions, holes, wells; weights after Pierre Dellacherie's and El-Tetris's published
ones) and plays the best. It plays every mode well enough to reach the roll in Master.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from engine.inputs import InputFrame, PlayerInput
from engine.pieces import I, O, S, Z
from games.arika.board import FLOOR, ORIGIN, ROW_BITS, Board
from games.arika.player import ACTIVE, NO_PIECE, OVER, ArikaPlayer
from games.arika.shapes import ARS, SPAWN_X, ShapeSet
from games.arika.timing import G

FIELD_ROWS = 21  # rows 1..21 (the hidden row counts)
FULL_ROW = 0x3FF
W_LANDING = -4.5
W_ERODED = 3.4
W_ROW_TRANSITIONS = -3.2
W_COLUMN_TRANSITIONS = -9.3
W_HOLES = -7.9
W_WELLS = -3.4
W_HIGH = -40.0  # each block above row 14: keep the spawn rows clear at 20G
# At 20G a piece slides along the stack and cannot climb: keep it flat and low.
W_BUMP = -2.0
W_CLIMB = -4.0
W_TOP = -3.0


Kick = Callable[[int, int, int, int, int, int], tuple[int, int] | None]


def ars_kick(bits: int, kind: int, state: int, turned: int, x: int,
             y: int) -> tuple[int, int] | None:
    """TAP's ARS turn (games/arika/player.py): in place, one right, one left."""
    nx = ArikaPlayer._turn(bits, kind, state, turned, x, y)
    return None if nx is None else (nx, y)


class Plan:
    """The rotation system the bot plans with: the player's shapes, how a turn kicks, and
    whether I, S and Z look the same turned half round (ARS keeps them in place; SRS moves
    them a row or a column, so all four states are places of their own)."""

    __slots__ = ("halves_alike", "kick", "shapes")

    def __init__(self, shapes: ShapeSet, kick: Kick, halves_alike: bool) -> None:
        self.shapes = shapes
        self.kick = kick
        self.halves_alike = halves_alike

    def states(self, kind: int) -> tuple[int, ...]:
        if kind == O:
            return (0,)
        if kind in (I, S, Z) and self.halves_alike:
            return (0, 1)
        return (0, 1, 2, 3)

    def same_mask(self, kind: int) -> int:
        """States equal under this mask are the same place."""
        return 1 if kind in (I, S, Z) and self.halves_alike else 3


ARS_PLAN = Plan(ARS, ars_kick, halves_alike=True)


def distinct_states(kind: int, plan: Plan = ARS_PLAN) -> tuple[int, ...]:
    return plan.states(kind)


def rows_of(bits: int) -> list[int]:
    """Rows 1..FIELD_ROWS as 10-bit ints (index 0 = row 1)."""
    return [bits >> ((r + FLOOR) * ROW_BITS + 3) & FULL_ROW for r in range(1, FIELD_ROWS + 1)]


def fits(bits: int, mask: int, x: int, y: int) -> bool:
    return not bits & (mask << (y * ROW_BITS + x + ORIGIN))


def floor_y(bits: int, mask: int, x: int, y: int) -> int:
    while fits(bits, mask, x, y - 1):
        y -= 1
    return y


def first_turn(state: int) -> int:
    """The IRS state on the way to ``state`` (2 takes one more clockwise turn)."""
    return {0: 0, 1: 1, 2: 1, 3: 3}[state]


def reach(bits: int, kind: int, state: int, target_x: int, g256: int,
          plan: Plan = ARS_PLAN) -> int | None:
    """Box-bottom row where the piece comes to rest at (state, target_x), or None when the
    way there is blocked: IRS at spawn, one more turn for state 2, one column a frame,
    gravity each frame, at 20G the fall after every move."""
    masks = plan.shapes.masks[kind]
    x, y = plan.shapes.spawn_x, plan.shapes.spawn_y[kind]
    s = first_turn(state)
    if not fits(bits, masks[s], x, y):
        return None
    twenty = g256 >= 20 * G
    acc = g256
    y = _fall(bits, masks[s], x, y, acc >> 8)
    acc &= 255
    if state == 2:
        if not fits(bits, masks[2], x, y):
            return None
        s = 2
        if twenty:
            y = floor_y(bits, masks[s], x, y)
    mask = masks[s]
    step = 1 if target_x > x else -1
    while x != target_x:
        if not fits(bits, mask, x + step, y):
            return None
        x += step
        if twenty:
            y = floor_y(bits, mask, x, y)
        acc += g256
        y = _fall(bits, mask, x, y, acc >> 8)
        acc &= 255
    return floor_y(bits, mask, x, y)


def _fall(bits: int, mask: int, x: int, y: int, rows: int) -> int:
    while rows and fits(bits, mask, x, y - 1):
        y -= 1
        rows -= 1
    return y


def evaluate(rows: list[int], kind: int, state: int, x: int, y: int,
             twenty: bool = False, plan: Plan = ARS_PLAN) -> float:
    """Score the field after locking the piece at (state, x, y) and clearing lines."""
    rows = list(rows)
    n = plan.shapes.sizes[kind]
    piece_rows: list[int] = []
    for r, c in plan.shapes.cells[kind][state]:
        row = y + n - 1 - r
        if row > FIELD_ROWS:
            return -1e9
        rows[row - 1] |= 1 << (x + c)
        piece_rows.append(row)
    full = [i for i, v in enumerate(rows) if v == FULL_ROW]
    eroded = len(full) * sum(1 for r in piece_rows if r - 1 in full)
    if full:
        rows = [v for v in rows if v != FULL_ROW] + [0] * len(full)
    landing = sum(piece_rows) / 4
    row_t = col_t = holes = wells = high = 0
    covered = 0
    run = [0] * 10
    below = FULL_ROW
    for i, v in enumerate(rows):
        w = v << 1 | 1 | 1 << 11
        row_t += ((w ^ (w >> 1)) & 0x7FF).bit_count()
        col_t += (v ^ below).bit_count()
        below = v
        if i >= 13:
            high += v.bit_count()
    col_t += below.bit_count()
    for v in reversed(rows):
        holes += (~v & covered & FULL_ROW).bit_count()
        covered |= v
        well = ~v & (v << 1 | 1) & (v >> 1 | 0x200) & FULL_ROW
        if well:
            for c in range(10):
                if well >> c & 1:
                    run[c] += 1
                    wells += run[c]
                else:
                    run[c] = 0
        else:
            run = [0] * 10
    score = (W_LANDING * landing + W_ERODED * eroded + W_ROW_TRANSITIONS * row_t
             + W_COLUMN_TRANSITIONS * col_t + W_HOLES * holes + W_WELLS * wells
             + W_HIGH * high)
    if twenty:
        heights = [0] * 10
        for i, v in enumerate(rows, start=1):
            for c in range(10):
                if v >> c & 1:
                    heights[c] = i
        bump = sum(abs(a - b) for a, b in itertools.pairwise(heights))
        climb = sum(max(0, heights[c] - heights[c + 1]) for c in range(4))
        climb += sum(max(0, heights[c] - heights[c - 1]) for c in range(6, 10))
        score += W_BUMP * bump + W_CLIMB * climb + W_TOP * max(heights)
    return score


def turns_to(kind: int, state: int, target: int, plan: Plan = ARS_PLAN) -> int:
    """Quarter turns clockwise (1, 2) or counter-clockwise (3) from ``state`` to
    ``target``; 0 when they are the same place."""
    if kind == O:
        return 0
    turns = (target - state) & 3
    if turns == 2 and plan.same_mask(kind) == 1:
        return 0
    return turns


def reach_from(bits: int, kind: int, state: int, x: int, y: int, target_state: int,
               target_x: int, g256: int, plan: Plan = ARS_PLAN) -> int | None:
    """Like ``reach`` from a piece in play: the turns first, then the moves."""
    masks = plan.shapes.masks[kind]
    twenty = g256 >= 20 * G
    turns = turns_to(kind, state, target_state, plan)
    steps = {0: (), 1: (1,), 2: (1, 1), 3: (3,)}[turns]
    for turn in steps:
        new = (state + turn) & 3
        moved = plan.kick(bits, kind, state, new, x, y)
        if moved is None:
            return None
        state, (x, y) = new, moved
        if twenty:
            y = floor_y(bits, masks[state], x, y)
    mask = masks[state]
    step = 1 if target_x > x else -1
    while x != target_x:
        if not fits(bits, mask, x + step, y):
            return None
        x += step
        if twenty:
            y = floor_y(bits, mask, x, y)
    return floor_y(bits, mask, x, y)


def place(bits: int, kind: int, state: int, x: int, y: int, plan: Plan = ARS_PLAN) -> int:
    """The board bits after locking and clearing."""
    board = Board()
    board.bits = bits
    bits |= plan.shapes.masks[kind][state] << (y * ROW_BITS + x + ORIGIN)
    board.bits = bits
    n = plan.shapes.sizes[kind]
    rows = sorted({y + n - 1 - r for r, _ in plan.shapes.cells[kind][state]})
    full = [r for r in rows if board.row_full(r)]
    if full:
        board.remove_rows(full)
    return board.bits


def candidates(bits: int, kind: int, g256: int,
               start: tuple[int, int, int] | None = None,
               plan: Plan = ARS_PLAN) -> list[tuple[float, int, int, int]]:
    """(score, state, x, y) of every reachable end position, best first."""
    rows = rows_of(bits)
    twenty = g256 >= 20 * G
    masks = plan.shapes.masks[kind]
    out: list[tuple[float, int, int, int]] = []
    for state in plan.states(kind):
        for x in range(-2, 10):
            if not fits(bits, masks[state], x, 1) and not fits(bits, masks[state], x, 18):
                continue
            if start is None:
                y = reach(bits, kind, state, x, g256, plan)
            else:
                y = reach_from(bits, kind, *start, state, x, g256, plan)
            if y is None:
                continue
            out.append((evaluate(rows, kind, state, x, y, twenty, plan), state, x, y))
    out.sort(reverse=True)
    return out


def best_two_ply(bits: int, kind: int, start: tuple[int, int, int], next_kind: int,
                 g256: int, g_next: int, width: int = 5,
                 plan: Plan = ARS_PLAN) -> tuple[int, int] | None:
    """Best (state, x) for the piece in play, looking one piece ahead on the best
    ``width`` first moves."""
    first = candidates(bits, kind, g256, start, plan)
    if not first:
        return None
    best: tuple[float, int, int] | None = None
    for score, state, x, y in first[:width]:
        after = place(bits, kind, state, x, y, plan)
        second = candidates(after, next_kind, g_next, None, plan)
        total = score + (second[0][0] if second else -1e6)
        if best is None or total > best[0]:
            best = (total, state, x)
    assert best is not None
    return best[1], best[2]


def best_move(bits: int, kind: int, g256: int, plan: Plan = ARS_PLAN) -> tuple[int, int]:
    """(state, x) of the best reachable end position; (0, spawn x) if none is."""
    rows = rows_of(bits)
    masks = plan.shapes.masks[kind]
    best: tuple[float, int, int] | None = None
    for state in plan.states(kind):
        for x in range(-2, 10):
            if not fits(bits, masks[state], x, 1) and not fits(bits, masks[state], x, 18):
                continue
            y = reach(bits, kind, state, x, g256, plan)
            if y is None:
                continue
            score = evaluate(rows, kind, state, x, y, g256 >= 20 * G, plan)
            if best is None or score > best[0]:
                best = (score, state, x)
    return (0, plan.shapes.spawn_x) if best is None else (best[1], best[2])


class Bot:
    """Inputs for one player, frame by frame."""

    def __init__(self) -> None:
        self.plan_for = -1  # the piece number the plan is for
        self.target = (0, SPAWN_X)
        self.stuck = 0
        self.turns = 0
        self.replanned = -1
        self.last_x = -99
        self.prev = PlayerInput()

    def gravity_at(self, p: ArikaPlayer, level: int) -> int:
        """The gravity a piece dealt at ``level`` will fall at (a game with another speed
        counter overrides this)."""
        return p.rules.gravity_at(level)

    def plan(self, p: ArikaPlayer) -> Plan:
        """The rotation system ``p`` plays (a game with other rules overrides this)."""
        return ARS_PLAN

    def inputs(self, p: ArikaPlayer) -> PlayerInput:
        pi = self._inputs(p)
        self.prev = pi
        return pi

    def _inputs(self, p: ArikaPlayer) -> PlayerInput:
        if p.phase == OVER:
            return PlayerInput()
        plan = self.plan(p)
        spawn_x = plan.shapes.spawn_x
        upcoming = p.pieces + (0 if p.phase == ACTIVE else 1)
        if p.phase != ACTIVE:
            if p.clearing or p.next_kind < 0:
                return PlayerInput()
            if self.plan_for != upcoming:
                g = self.gravity_at(p, p.level + (0 if p.pieces == 0 else 1))
                self.target = best_move(p.board.bits, p.next_kind, g, plan)
                self.plan_for = upcoming
                self.turns = 0
                self.stuck = 0
                self.last_x = -99
            state, x = self.target
            turn = first_turn(state)
            return PlayerInput(left=x < spawn_x, right=x > spawn_x,
                               b1=turn == 3, b2=turn == 1)
        if p.kind == NO_PIECE:
            return PlayerInput()
        if self.replanned != p.pieces:
            self.replanned = p.pieces
            level = p.level + (0 if p.rules.stops[p.level] else 1)  # type: ignore[attr-defined]
            better = best_two_ply(p.board.bits, p.kind, (p.state, p.x, p.y), p.next_kind,
                                  p.g, self.gravity_at(p, level), plan=plan)
            if better is not None:
                self.target = better
        state, x = self.target
        same = plan.same_mask(p.kind)
        state &= same
        turn = False
        if (p.state & same) != state:
            self.turns += 1
            if self.turns > 6:
                self.target = (p.state, x)  # cannot turn here: play it as it is
            else:
                # A new press of 2 (clockwise) or 1 (counter-clockwise).
                turn = not (self.prev.b2 or self.prev.b1)
        direction = 0
        if p.x != x:
            direction = 1 if x > p.x else -1
            if p.x == self.last_x and p.das_count > p.timing.das + 1:
                self.stuck += 1
                if self.stuck >= 2:
                    self.target = (self.target[0], p.x)  # blocked: stop here
                    direction = 0
            else:
                self.stuck = 0
        self.last_x = p.x
        if direction or turn or (p.state & same) != (self.target[0] & same):
            ccw = turns_to(p.kind, p.state, self.target[0], plan) == 3
            return PlayerInput(left=direction < 0, right=direction > 0,
                               b1=turn and ccw, b2=turn and not ccw)
        if not p.down_armed or self.prev.down:
            return PlayerInput()
        return PlayerInput(up=True, down=True)


def demo_inputs(session: object, index: int = 0, bot: Bot | None = None
                ) -> Iterator[InputFrame]:
    """Endless closed-loop inputs for player ``index`` of a TAP session (the caller steps
    the session with each frame before asking for the next)."""
    bot = bot if bot is not None else Bot()
    while True:
        players = getattr(session, "players", [None, None])
        p = players[index]
        pi = bot.inputs(p) if isinstance(p, ArikaPlayer) else PlayerInput()
        yield InputFrame(p1=pi) if index == 0 else InputFrame(p2=pi)
