"""TAP Doubles: two players, one well 14 columns wide, each with a level counter of their own.

Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Doubles: the 14-wide well;
each player's level advances only by their own pieces and clears; both play to 300 with no
stop at 99 or 199 but one at 299 (a clear reaches 300); the first at 300 plays at the
credit roll's 20G until the other arrives; then the timer stops and the credits run, and
surviving them changes nothing. A reverse-engineering note on the ROM says the game stamps
the partner's piece into the field for the collision test: here the partner's piece is
solid for every move, turn, drop, gravity step and spawn. The rest (spawn columns, delays,
gravity, what happens at a blocked spawn...) are DOUBLES_DECISIONS.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.events import Event
from engine.inputs import PlayerInput
from games.arika.board import ORIGIN, ROW_BITS, WIDE, Board
from games.arika.player import ACTIVE, NO_PIECE, OVER, PAUSE, SPAWN, ArikaPlayer
from games.arika.rules import ROLL_NONE, ROLL_PLAIN, ArikaRules, kit_options
from games.arika.shapes import MASKS, SPAWN_Y
from games.arika.speeds import NORMAL_DELAYS, NORMAL_GRAVITY
from games.tap.rules.decisions import DOUBLES_DECISIONS, TAP_DECISIONS
from games.tap.rules.referees import TapReferee
from games.tap.rules.tables import NORMAL_GOAL

DOUBLES = "tap-doubles"
DOUBLES_TITLE = "DOUBLES"
DOUBLES_GOAL = NORMAL_GOAL  # 300 for both players
SPAWN_COLUMNS: tuple[int, int] = (DOUBLES_DECISIONS["doubles_spawn_columns"].value["p1"],
                                  DOUBLES_DECISIONS["doubles_spawn_columns"].value["p2"])
CREDIT_FRAMES: int = DOUBLES_DECISIONS["doubles_credits"].value["frames"]


class DoublesReferee(TapReferee):
    """TAP's score on the player's own level (no x6, no time bonus); the green line at 300."""

    def on_goal(self, p: ArikaPlayer, out: list[Event]) -> int:
        self.line = "green"
        return ROLL_PLAIN  # the pair starts the credits once both are at 300


@cache
def doubles_rules() -> ArikaRules:
    return ArikaRules(
        DOUBLES, "TAP DOUBLES", NORMAL_GRAVITY, NORMAL_DELAYS, DOUBLES_GOAL,
        frozenset({DOUBLES_GOAL - 1}), DoublesReferee, roll_frames=CREDIT_FRAMES,
        **kit_options(TAP_DECISIONS, DOUBLES_DECISIONS))


class DoublesPlayer(ArikaPlayer):
    """One side of the pair. Before each step the pair sets ``partner_bits`` (the partner's
    piece in play, as board bits); while this player's piece is in play or spawning they are
    stamped into the shared board's bits, and taken out before a lock writes the stack."""

    __slots__ = ("partner_bits", "stamped")

    def __init__(self, index: int, rules: ArikaRules, seed: int, board: Board) -> None:
        super().__init__(index, rules, seed)
        self.board = board
        self.spawn_x = SPAWN_COLUMNS[index] + board.first
        self.partner_bits = 0
        self.stamped = 0

    def step(self, pi: PlayerInput, out: list[Event]) -> None:
        partner = self.partner_bits
        if partner and (self.phase == ACTIVE or self.phase == SPAWN):
            self.board.bits |= partner
            self.stamped = partner
            super().step(pi, out)
            self._unstamp()
        else:
            super().step(pi, out)

    def _unstamp(self) -> None:
        if self.stamped:
            self.board.bits &= ~self.stamped
            self.stamped = 0

    def before_lock(self, out: list[Event]) -> None:
        self._unstamp()  # the partner's piece is no part of the stack (nor of full rows)

    def before_spawn(self, pi: PlayerInput, out: list[Event]) -> bool:
        # Decision doubles_spawn_overlap: wait for the partner's piece to leave.
        return not self.partner_bits & self.spawn_bits()

    def spawn_bits(self) -> int:
        """The next piece, unturned, where it would appear."""
        kind = self.next_kind
        return MASKS[kind][0] << (SPAWN_Y[kind] * ROW_BITS + self.spawn_x + ORIGIN)

    def piece_bits(self) -> int:
        """The piece in play as board bits (0 without one)."""
        if self.phase != ACTIVE or self.kind == NO_PIECE:
            return 0
        return MASKS[self.kind][self.state] << (self.y * ROW_BITS + self.x + ORIGIN)

    def after_goal(self, out: list[Event]) -> None:
        self.roll_next = ROLL_NONE  # keep playing (20G at 300) until the partner arrives

    def clears_game(self, topped_out: bool) -> bool:
        return not topped_out or self.in_roll  # a top-out in the credits still clears

    def end_game(self, topped_out: bool, out: list[Event]) -> None:
        """The partner's game ended: this one ends with it."""
        if self.phase != OVER:
            self._end(topped_out, out)

    def begin_credits(self) -> None:
        """Both are at 300: drop the piece in play, pause, then the roll on an empty well."""
        self.kind = NO_PIECE
        self.clearing = ()
        self.grounded = False
        self.roll_next = ROLL_PLAIN
        self.phase = PAUSE
        self.left = self.rules.roll_pause


class DoublesPair:
    """Both players on one shared ``Board(14)``, stepped P1 first. Also keeps the shared
    clock (first spawn until both are at 300) and the game's end."""

    def __init__(self, seed: int, rules: ArikaRules | None = None) -> None:
        rules = rules or doubles_rules()
        self.board = Board(WIDE)
        self.players = (DoublesPlayer(0, rules, seed, self.board),
                        DoublesPlayer(1, rules, seed, self.board))
        self.clock = 0
        self.credits = False  # both reached 300: the credits are on
        self.start_held = 0  # Start bits of both sides last frame (P1 bit 0, P2 bit 1)

    @property
    def over(self) -> bool:
        a, b = self.players
        return a.phase == OVER and b.phase == OVER

    def step(self, p1: PlayerInput, p2: PlayerInput, out: list[Event]) -> None:
        a, b = self.players
        if a.clock_on or b.clock_on:  # counted as the players' own clocks are
            self.clock += 1
        if a.phase != OVER:
            a.partner_bits = b.piece_bits()
            a.step(p1, out)
            if b.phase == ACTIVE:
                self._fit(b, a)
        if b.phase != OVER:
            b.partner_bits = a.piece_bits()
            b.step(p2, out)
            if a.phase == ACTIVE:
                self._fit(a, b)
        if self.credits:
            start = (p1.start | p2.start << 1) & ~self.start_held
            self.start_held = p1.start | p2.start << 1
            if start and a.in_roll:
                self._end_both(False, out)  # decision doubles_credits: Start skips the roll
        if a.phase == OVER or b.phase == OVER:
            if not self.over:
                self._end_both(not self.credits, out)
        elif not self.credits and a.goal_reached and b.goal_reached:
            self.credits = True
            self.start_held = p1.start | p2.start << 1
            a.begin_credits()
            b.begin_credits()

    def _fit(self, p: DoublesPlayer, partner: DoublesPlayer) -> None:
        """Decision doubles_collapse_lift: the partner's clear dropped the stack into the
        piece; it rises until it fits (clear of the partner's piece too)."""
        piece = p.piece_bits()
        solid = self.board.bits
        if not piece & solid:
            return
        solid |= partner.piece_bits()
        while piece & solid:
            p.y += 1
            piece <<= ROW_BITS

    def _end_both(self, topped_out: bool, out: list[Event]) -> None:
        for p in self.players:
            p.end_game(topped_out, out)

    # ---- state -----------------------------------------------------------------------
    def state(self) -> tuple[int, bool, int]:
        return (self.clock, self.credits, self.start_held)

    def snapshot(self) -> tuple[Any, ...]:
        return (self.state(), self.players[0].snapshot(), self.players[1].snapshot())

    def restore(self, snap: tuple[Any, ...]) -> None:
        (self.clock, self.credits, self.start_held), sa, sb = snap
        a, b = self.players
        a.restore(sa)
        b.restore(sb)
        self.board = a.board
        b.board = a.board  # one well again (each snapshot held a copy)
