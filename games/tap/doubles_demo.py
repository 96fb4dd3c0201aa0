"""A closed-loop bot for both players of a Doubles game (screenshots, the recorded replay).

Each player keeps to their half of the 14-wide well (P1 columns 0-6, P2 7-13). For every
piece it tries each turn and column, drops it straight down and scores the well it would
leave by aggregate height, cleared lines, holes and bumpiness (weights near Yiyuan Lee's
published 2013 Tetris AI, holes weighed more), less a penalty for each block in the
partner's half. Then it turns the piece, moves it with the lever and sonic-drops and locks
it. A turn or a move the partner's piece blocks for long is given up where the piece is.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.inputs import InputFrame, PlayerInput
from engine.pieces import I, O, S, Z
from games.arika.board import FLOOR, ORIGIN, ROW_BITS, WIDE
from games.arika.player import ACTIVE, ArikaPlayer
from games.arika.shapes import CELLS, MASKS, SPAWN_Y

ROWS = 21
FULL = (1 << WIDE) - 1
HALF = WIDE // 2
W_HEIGHT = -0.51
W_LINES = 0.76
W_HOLES = -1.0
W_BUMP = -0.18
W_OTHER_HALF = -2.0
IDLE = PlayerInput()


def distinct_states(kind: int) -> tuple[int, ...]:
    if kind == O:
        return (0,)
    return (0, 1) if kind in (I, S, Z) else (0, 1, 2, 3)


def well_rows(bits: int, first: int) -> list[int]:
    """Rows 1..21 of a well as ints, bit c = well column c."""
    shift = 3 + first  # the board's bit of well column 0 within its row
    return [bits >> ((r + FLOOR) * ROW_BITS + shift) & FULL for r in range(1, ROWS + 1)]


def score_rows(rows: list[int]) -> float:
    heights = [0] * WIDE
    holes = 0
    for c in range(WIDE):
        bit = 1 << c
        top = 0
        for r in range(ROWS - 1, -1, -1):
            if rows[r] & bit:
                top = r + 1
                break
        heights[c] = top
        holes += sum(1 for r in range(top) if not rows[r] & bit)
    bump = sum(abs(heights[c] - heights[c + 1]) for c in range(WIDE - 1))
    return W_HEIGHT * sum(heights) + W_HOLES * holes + W_BUMP * bump


def best_place(bits: int, kind: int, index: int, first: int) -> tuple[int, int]:
    """(state, box column) of the best straight drop for player ``index``'s piece."""
    best: tuple[float, int, int] | None = None
    y0 = SPAWN_Y[kind]
    for state in distinct_states(kind):
        mask = MASKS[kind][state]
        for x in range(first - 3, first + WIDE):
            if bits & (mask << (y0 * ROW_BITS + x + ORIGIN)):
                continue
            y = y0
            while not bits & (mask << ((y - 1) * ROW_BITS + x + ORIGIN)):
                y -= 1
            rows = well_rows(bits | mask << (y * ROW_BITS + x + ORIGIN), first)
            kept = [r for r in rows if r != FULL]
            lines = len(rows) - len(kept)
            rows = kept + [0] * lines
            columns = [x - first + c for _, c in CELLS[kind][state]]
            other = sum(1 for c in columns if (c >= HALF) != (index == 1))
            value = score_rows(rows) + W_LINES * lines + W_OTHER_HALF * other
            if best is None or value > best[0]:
                best = (value, state, x)
    if best is None:
        return 0, first
    return best[1], best[2]


class PlayerBot:
    def __init__(self, index: int) -> None:
        self.index = index
        self.plan_for = -1
        self.target = (0, 0)
        self.prev = IDLE
        self.last_x = -99
        self.stuck = 0
        self.turns = 0

    def inputs(self, p: ArikaPlayer, partner: int = 0) -> PlayerInput:
        """``partner``: board bits the partner's piece will take (planned), kept clear."""
        pi = self._inputs(p, partner)
        self.prev = pi
        return pi

    def landing_bits(self, p: ArikaPlayer) -> int:
        """Where this bot's piece in play will lock, as board bits (0: no plan)."""
        if p.phase != ACTIVE or self.plan_for != p.pieces:
            return 0
        state, x = self.target
        mask = MASKS[p.kind][state]
        bits = p.board.bits
        y = p.y
        if bits & (mask << (y * ROW_BITS + x + ORIGIN)):
            return 0
        while not bits & (mask << ((y - 1) * ROW_BITS + x + ORIGIN)):
            y -= 1
        return mask << (y * ROW_BITS + x + ORIGIN)

    def _inputs(self, p: ArikaPlayer, partner: int) -> PlayerInput:
        if p.phase != ACTIVE:
            return IDLE
        if self.plan_for != p.pieces:
            self.plan_for = p.pieces
            self.target = best_place(p.board.bits | partner, p.kind, self.index,
                                     p.board.first)
            self.stuck = 0
            self.turns = 0
            self.last_x = -99
        state, x = self.target
        same = 1 if p.kind in (I, S, Z) else 3
        if p.kind != O and (p.state & same) != (state & same):
            if self.prev.b1 or self.prev.b2:
                return IDLE
            self.turns += 1
            if self.turns > 4:  # it cannot turn here: play it as it is
                self.target = (p.state, x)
                return IDLE
            ccw = (p.state - state) % 4 == 1
            return PlayerInput(b1=ccw, b2=not ccw)
        if p.x != x:
            self.stuck = self.stuck + 1 if p.x == self.last_x else 0
            self.last_x = p.x
            if self.stuck > p.timing.das + 4:
                self.target = (state, p.x)  # blocked (the partner's piece): drop here
            else:
                return PlayerInput(left=x < p.x, right=x > p.x)
        if self.prev.down or not p.down_armed:
            return IDLE
        return PlayerInput(up=True, down=True)


def doubles_inputs(session: object) -> Iterator[InputFrame]:
    """Endless closed-loop inputs for both players of a Doubles session (step the session
    with each frame before asking for the next)."""
    bots = (PlayerBot(0), PlayerBot(1))
    while True:
        players = getattr(session, "players", [None, None])
        pis = [IDLE, IDLE]
        for index in (0, 1):
            p, q = players[index], players[1 - index]
            if isinstance(p, ArikaPlayer):
                partner = bots[1 - index].landing_bits(q) if isinstance(q, ArikaPlayer) else 0
                pis[index] = bots[index].inputs(p, partner)
        yield InputFrame(p1=pis[0], p2=pis[1])


def doubles_game_inputs(seed: int, limit: int = 60_000) -> list[InputFrame]:
    """The inputs of a whole Doubles game on the board (rules id ``tap``, one credit): P1
    picks DOUBLES on the mode select (lever right three times, button 1), then the bot plays
    both sides until the game is over."""
    from games.tap.doubles import DoublesBoard

    session = DoublesBoard("tap", {}, {"main": seed}, 1)
    right = InputFrame(p1=PlayerInput(right=True))
    frames = [InputFrame(), *[right, InputFrame()] * 3, InputFrame(p1=PlayerInput(b1=True))]
    for frame in frames:
        session.step(frame)
    bot = doubles_inputs(session)
    while not session.over and len(frames) < limit:
        frame = next(bot)
        session.step(frame)
        frames.append(frame)
    return frames
