"""A closed-loop bot for both players of a Doubles game (screenshots, the recorded replay).

Each player keeps to their half of the 14-wide well (P1 columns 0-6, P2 7-13) and plans it
as a 7-wide well of its own: rows full in that half are taken out (they clear once the
partner fills theirs). For every piece it tries each turn and column, drops it straight
down and scores the half it would leave with the usual stacking features (landing height,
eroded cells, row and column transitions, holes, wells; weights after Pierre Dellacherie's
published player), looking one piece ahead. Both players are dealt the same pieces and
plan alike, so the halves stay alike and fill the same rows. To keep them so, a player
holds their piece over its place while the partner is behind (fewer pieces; on equal
pieces the one with the lower level waits, so the one ahead in level places first and the
other clears the rows and gains the levels) or while a row full in their half waits for
the partner (it covers the rows under it). Then it turns the piece, moves it with the
lever and sonic-drops and locks it. A turn or a move the partner's piece blocks for long
is given up where the piece is. At 20G (the first at 300) nothing is held. Over seeds 1,
2, 3 and 8 the pair reaches 300 and the credits in three; before this plan (one 14-wide
evaluation, no holding) both topped out by level 32-99.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.inputs import InputFrame, PlayerInput
from engine.pieces import I, O, S, Z
from games.arika.board import FLOOR, ORIGIN, ROW_BITS, WIDE
from games.arika.player import ACTIVE, ArikaPlayer
from games.arika.shapes import CELLS, MASKS, SIZES, SPAWN_Y

ROWS = 21
FULL = (1 << WIDE) - 1
HALF = WIDE // 2
W_LANDING = -4.5
W_ERODED = 3.4
W_ROW_TRANSITIONS = -3.2
W_COLUMN_TRANSITIONS = -9.3
W_HOLES = -7.9
W_WELLS = -3.4
W_HIGH = -20.0
IDLE = PlayerInput()


def distinct_states(kind: int) -> tuple[int, ...]:
    if kind == O:
        return (0,)
    return (0, 1) if kind in (I, S, Z) else (0, 1, 2, 3)


def well_rows(bits: int, first: int) -> list[int]:
    """Rows 1..21 of a well as ints, bit c = well column c."""
    shift = 3 + first  # the board's bit of well column 0 within its row
    return [bits >> ((r + FLOOR) * ROW_BITS + shift) & FULL for r in range(1, ROWS + 1)]


def score_rows(rows: list[int], width: int = HALF) -> float:
    """A ``width``-wide well's shape (a player's half: the partner's half counts as a
    wall): row and column transitions (walls count as filled), holes and wells, weighed as
    Pierre Dellacherie's published player weighs them."""
    full = (1 << width) - 1
    row_t = col_t = holes = wells = 0
    below = full
    covered = 0
    for v in rows:
        w = v << 1 | 1 | 1 << (width + 1)
        row_t += ((w ^ (w >> 1)) & ((1 << (width + 1)) - 1)).bit_count()
        col_t += (v ^ below).bit_count()
        below = v
    col_t += below.bit_count()
    run = [0] * width
    for v in reversed(rows):
        holes += (~v & covered & full).bit_count()
        covered |= v
        well = ~v & (v << 1 | 1) & (v >> 1 | 1 << (width - 1)) & full
        for c in range(width):
            if well >> c & 1:
                run[c] += 1
                wells += run[c]
            else:
                run[c] = 0
    return (W_ROW_TRANSITIONS * row_t + W_COLUMN_TRANSITIONS * col_t + W_HOLES * holes
            + W_WELLS * wells)


def pending(bits: int, first: int, index: int) -> bool:
    """A row full in player ``index``'s half waits for the partner's half: it covers the
    rows under it until it clears."""
    own = (1 << HALF) - 1
    return own in half_rows(well_rows(bits, first), index)


def half_rows(rows: list[int], index: int) -> list[int]:
    """Player ``index``'s half of each row (P1 columns 0-6, P2 7-13)."""
    mask = (1 << HALF) - 1
    return [v >> (HALF * index) & mask for v in rows]


def half_view(bits: int, first: int, index: int) -> list[int]:
    """Player ``index``'s half as a well of its own: its rows, those full in this half taken
    out (they clear once the partner's half fills them too)."""
    own = (1 << HALF) - 1
    return [v for v in half_rows(well_rows(bits, first), index) if v != own]


def places(bits: int, kind: int, index: int, first: int) -> list[tuple[float, int, int, int]]:
    """(value, state, box column, the half's rows after it, as an int) of every straight drop
    of player ``index``'s piece within their half, best first. The half is planned as a
    7-wide well of its own (``half_view``): both players are dealt the same pieces and plan
    alike, so the two halves stay the same and every row one fills the other fills too."""
    return half_places(half_view(bits, first, index), kind, index, first, bits)


def half_places(rows: list[int], kind: int, index: int, first: int,
                bits: int | None = None) -> list[tuple[float, int, int, int]]:
    own = (1 << HALF) - 1
    found: list[tuple[float, int, int, int]] = []
    y0 = SPAWN_Y[kind]
    n = SIZES[kind]
    grid = rows + [0] * (ROWS + 4 - len(rows))
    heights = [max((i + 1 for i, v in enumerate(grid) if v >> c & 1), default=0)
               for c in range(HALF)]
    for state in distinct_states(kind):
        cells = CELLS[kind][state]
        mask = MASKS[kind][state]
        low = min(c for _, c in cells)
        high = max(c for _, c in cells)
        for rel in range(-low, HALF - high):
            x = first + HALF * index + rel
            if bits is not None and bits & (mask << (y0 * ROW_BITS + x + ORIGIN)):
                continue  # it cannot get there from the spawn row
            y = max(heights[rel + c] + 1 - (n - 1 - r) for r, c in cells)
            piece_rows = [y + n - 1 - r for r, _ in cells]
            if max(piece_rows) > ROWS - 2:
                continue
            placed = list(grid)
            for (_, c), row in zip(cells, piece_rows, strict=True):
                placed[row - 1] |= 1 << (rel + c)
            full = {i + 1 for i, v in enumerate(placed) if v == own}
            eroded = len(full) * sum(1 for r in piece_rows if r in full)
            left = [v for v in placed if v != own]
            top = sum(v.bit_count() for v in left[13:])
            value = (score_rows(left[:ROWS]) + W_LANDING * sum(piece_rows) / 4
                     + W_ERODED * eroded + W_HIGH * top)
            packed = sum(v << (HALF * i) for i, v in enumerate(left[:ROWS]))
            found.append((value, state, x, packed))
    found.sort(key=lambda f: f[0], reverse=True)
    return found


def unpack(packed: int) -> list[int]:
    own = (1 << HALF) - 1
    return [packed >> (HALF * i) & own for i in range(ROWS)]


def best_place(bits: int, kind: int, index: int, first: int,
               next_kind: int = -1, width: int = 5) -> tuple[int, int]:
    """(state, box column) of the best straight drop for player ``index``'s piece, looking
    one piece ahead (``next_kind``) on the best ``width`` drops."""
    first_ply = places(bits, kind, index, first)
    if not first_ply:
        return 0, first + HALF * index
    if next_kind < 0:
        return first_ply[0][1], first_ply[0][2]
    best = max(first_ply[:width], key=lambda f: f[0] + max(
        (g[0] for g in half_places(unpack(f[3]), next_kind, index, first)), default=-1e6))
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

    def inputs(self, p: ArikaPlayer, partner: int = 0, ahead: bool = False) -> PlayerInput:
        """``partner``: board bits the partner's piece will take (planned), kept clear;
        ``ahead``: this player has locked more pieces than the partner, so it holds its
        piece at the target instead of dropping it (a row clears only when both halves are
        full, and the player whose piece completes it loses the line clear delay: without
        waiting, the other one runs ahead and tops out)."""
        pi = self._inputs(p, partner, ahead)
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

    def _inputs(self, p: ArikaPlayer, partner: int, ahead: bool) -> PlayerInput:
        if p.phase != ACTIVE:
            return IDLE
        if self.plan_for != p.pieces:
            self.plan_for = p.pieces
            self.target = best_place(p.board.bits | partner, p.kind, self.index,
                                     p.board.first, p.next_kind)
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
        if self.prev.down or not p.down_armed or (ahead and not p.twenty_g):
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
                ahead = isinstance(q, ArikaPlayer) and not q.over and (
                    (p.pieces, -p.level, index) > (q.pieces, -q.level, 1 - index)
                    or pending(p.board.bits, p.board.first, index))
                pis[index] = bots[index].inputs(p, partner, ahead)
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
