"""The Classic rule of TGM3 (Ti-ARS) on the Arika player loop: TAP's rotation plus the I
wall kick, the I and T floor kicks (one floor kick a piece), and hold with initial hold.

Source: tetris.wiki, "Floor kick" (TGM3 allows one floor kick per piece; only I and T
floor kick; no diagonal kicks) and "Tetris: The Grand Master 3 Terror-Instinct" (hold, with
IHS); tetris.wiki, "Arika Rotation System" (TGM3's I wall kicks: a vertical I whose basic
turn is blocked tries one right, two right, one left, with no wall or block beside it needed:
the page's first picture has a block in column 1 and the I in column 3); the I wall kick
order (+1, +2, -1) and the T's point-up condition agree in the cambridge ("arika_ti") and
shiromino (G3 settings) clones.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from engine import events as ev
from engine.events import Event
from engine.inputs import PlayerInput
from engine.pieces import I, T
from games.arika.board import FLOOR, ORIGIN, ROW_BITS, ROWS
from games.arika.player import ACTIVE, NO_PIECE, ArikaPlayer
from games.arika.randomizer import PieceDealer
from games.arika.rules import ArikaRules, Referee
from games.arika.shapes import MASKS
from games.ti.rules import world as srs
from games.ti.rules.decisions import TI_DECISIONS

HOLD = "hold"  # value: the kind put in the hold box
I_WALL_KICKS = (1, 2, -1)  # columns, tried in this order
I_FLOOR_KICKS = (1, 2)  # rows up
T_FLOOR_KICKS = (1,)
T_POINT_UP = 2  # the T state with its flat side down
FLOOR_KICKS_PER_PIECE = 1
# A kick may not lift a block above the board's top row (the bits above it hold no walls).
CEILING_BIT = (ROWS + 1 + FLOOR) * ROW_BITS
CLASSIC_EXTRAS = 4  # floor kicks, hold kind, hold used, hold held
TI_EXTRAS = 9  # values TiPlayer puts in its snapshot's extra tuple (subclasses append)
BIG_KICKS: tuple[int, ...] = TI_DECISIONS["big_kicks"].value  # columns


# The panel with a switch let go, by panel (at most 256 of each: a bounded memo that saves
# building a frozen PlayerInput every frame a button is held).
_NO_HOLD: dict[PlayerInput, PlayerInput] = {}
_NO_UP: dict[PlayerInput, PlayerInput] = {}


def _without_hold(pi: PlayerInput) -> PlayerInput:
    out = _NO_HOLD.get(pi)
    if out is None:
        out = _NO_HOLD[pi] = PlayerInput(pi.up, pi.down, pi.left, pi.right, pi.b1, pi.b2,
                                         False, pi.start)
    return out


def _without_up(pi: PlayerInput) -> PlayerInput:
    out = _NO_UP.get(pi)
    if out is None:
        out = _NO_UP[pi] = PlayerInput(False, pi.down, pi.left, pi.right, pi.b1, pi.b2,
                                       pi.b3, pi.start)
    return out


class TiPlayer(ArikaPlayer):
    """``b3`` (the C button) is hold on the three-button panel (see the decisions).
    ``world`` (a class made by ``world_rule``) plays the World rule instead of Classic."""

    __slots__ = ("floor_kicks", "grounded_moves", "grounded_turns", "hold_held", "hold_kind",
                 "hold_used", "holding", "ihs", "kicked_up", "up_held")

    world = False
    rule_name = "CLASSIC"
    classic: type[TiPlayer]  # a World class's Classic base (set by world_rule)

    def __init__(self, index: int, rules: ArikaRules, seed: int,
                 referee: Referee | None = None, pieces: PieceDealer | None = None) -> None:
        self.floor_kicks = 0
        self.hold_kind = NO_PIECE
        self.hold_used = False
        self.hold_held = False
        self.holding = False
        self.ihs = NO_PIECE
        self.grounded_moves = 0
        self.grounded_turns = 0
        self.kicked_up = False
        self.up_held = False
        super().__init__(index, rules, seed, referee, pieces)

    # ---- hold ------------------------------------------------------------------------
    def step(self, pi: PlayerInput, out: list[Event]) -> None:
        press = False
        if pi.b3:
            press = not self.hold_held
            self.hold_held = True
            pi = _without_hold(pi)
        else:
            self.hold_held = False
        was_active = self.phase == ACTIVE
        pieces = self.pieces
        hard = False
        if self.world:
            # World rule: Down never locks; Up is a hard drop, once a press.
            self.down_armed = False
            if pi.up:
                hard = not self.up_held
                self.up_held = True
                if not hard:
                    pi = _without_up(pi)
            else:
                self.up_held = False
        first = len(out)
        super().step(pi, out)
        if self.ihs != NO_PIECE:
            out.append(Event(HOLD, self.index, self.ihs))
            self.ihs = NO_PIECE
        if not (was_active and self.phase == ACTIVE and self.pieces == pieces):
            return
        if self.world:
            self._world_frame(hard, out, first)
            if self.phase != ACTIVE:
                return
        if press and not self.hold_used:
            # The hold happens at the end of the frame: the swapped-in piece spawns anew.
            held = self.kind
            self.holding = True
            self._spawn(pi, out)
            self.pieces = pieces
            out.append(Event(HOLD, self.index, held))

    def _world_frame(self, hard: bool, out: list[Event], first: int) -> None:
        """After the frame's moves: hard drop, move reset and its caps."""
        if hard:
            self._lock(out)
            return
        moved = turned = False
        for e in out[first:]:
            if e.kind == ev.MOVE:
                moved = True
            elif e.kind == ev.ROTATE:
                turned = True
        mask = self.shapes.masks[self.kind][self.state]
        grounded = bool(self.board.bits & (mask << ((self.y - 1) * ROW_BITS + self.x + ORIGIN)))
        if moved or turned:
            self.lock_left = self.lock_delay  # move reset
            if moved and grounded:
                self.grounded_moves += 1
            if turned and (grounded or self.kicked_up):
                self.grounded_turns += 1
        if grounded and (self.grounded_moves >= srs.MOVE_CAP
                         or self.grounded_turns >= srs.TURN_CAP):
            self._lock(out)

    @property
    def ghost_shown(self) -> bool:
        return self.kind != NO_PIECE and (self.world or self.level < self.rules.ghost_below)

    def deal(self, pi: PlayerInput) -> int:
        self.floor_kicks = 0
        self.grounded_moves = self.grounded_turns = 0
        if self.holding:
            self.holding = False
            self.hold_used = True
            kind, self.hold_kind = self.hold_kind, self.kind
            return kind if kind != NO_PIECE else super().deal(pi)
        kind = super().deal(pi)
        self.hold_used = False
        if self.hold_held:
            # IHS: hold held as the piece appears puts it away at once (IRS still applies).
            self.hold_used = True
            held, self.hold_kind = self.hold_kind, kind
            self.ihs = kind
            kind = held if held != NO_PIECE else super().deal(pi)
        return kind

    # ---- kicks -----------------------------------------------------------------------
    def turn(self, kind: int, state: int, turned: int, x: int,
             y: int) -> tuple[int, int] | None:
        bits = self.board.bits
        if self.big:
            mask = self.shapes.masks[kind][turned]
            pos = y * ROW_BITS + x + ORIGIN
            for dx in BIG_KICKS:
                if not bits & (mask << (pos + dx)):
                    return x + dx, y
            return None
        if self.world:
            kicked = srs.srs_rotate(bits, kind, state, turned, x, y)
            if kicked is None:
                return None
            self.kicked_up = kicked[2]
            return kicked[0], kicked[1]
        mask = MASKS[kind][turned]
        pos = y * ROW_BITS + x + ORIGIN
        if not bits & (mask << pos):
            return x, y
        now = MASKS[kind][state] << pos
        if kind == I:
            if not turned & 1:
                # Into horizontal: the basic turn is blocked, so +1, +2, -1 are tried,
                # whether or not the I touches a wall or a block.
                for dx in I_WALL_KICKS:
                    if not bits & (mask << (pos + dx)):
                        return x + dx, y
                return None
            return self._floor_kick(bits, mask, pos, now, x, y, I_FLOOR_KICKS)
        nx = self._turn(bits, kind, state, turned, x, y)
        if nx is not None:
            return nx, y
        if kind == T and turned == T_POINT_UP:
            return self._floor_kick(bits, mask, pos, now, x, y, T_FLOOR_KICKS)
        return None

    def _floor_kick(self, bits: int, mask: int, pos: int, now: int, x: int, y: int,
                    rises: tuple[int, ...]) -> tuple[int, int] | None:
        if self.floor_kicks >= FLOOR_KICKS_PER_PIECE or not bits & (now >> ROW_BITS):
            return None  # used up, or not grounded
        for dy in rises:
            lifted = mask << (pos + dy * ROW_BITS)
            if not bits & lifted and not lifted >> CEILING_BIT:
                self.floor_kicks += 1
                return x, y + dy
        return None

    # ---- state -----------------------------------------------------------------------
    def extra_state(self) -> tuple[Any, ...]:
        """What the snapshot keeps beyond the Arika loop's state (a mode appends its
        own after these ``TI_EXTRAS`` values)."""
        return (self.floor_kicks, self.hold_kind, int(self.hold_used), int(self.hold_held),
                self.grounded_moves, self.grounded_turns, int(self.up_held), int(self.big),
                int(self.world))

    def snapshot(self) -> tuple[Any, ...]:
        return (*super().snapshot(), self.extra_state())

    def restore(self, snap: tuple[Any, ...]) -> None:
        super().restore(snap[:-1])
        kicks, hold_kind, used, held, moves, turns, up, big, world = snap[-1][:TI_EXTRAS]
        set_rule(self, bool(world))
        self.set_big(bool(big))
        self.floor_kicks, self.hold_kind = kicks, hold_kind
        self.hold_used, self.hold_held = bool(used), bool(held)
        self.grounded_moves, self.grounded_turns, self.up_held = moves, turns, bool(up)
        self.holding = False
        self.ihs = NO_PIECE

    def hash_items(self) -> tuple[Any, ...]:
        values, board, timing, g, _twenty, dealer, referee, extra = self.snapshot()
        if not any(extra[CLASSIC_EXTRAS:TI_EXTRAS]):
            # A Classic game without BIG blocks hashes as before the World rule and BIG
            # existed: its replays stay valid.
            extra = (*extra[:CLASSIC_EXTRAS], *extra[TI_EXTRAS:])
        return (values, board.bits, tuple(map(tuple, board.cells)),
                tuple(map(tuple, board.locked)), timing, g, dealer, referee, extra)


P = TypeVar("P", bound=TiPlayer)


_WORLD_CLASSES: dict[type, type] = {}


def world_rule(cls: type[P]) -> type[P]:
    """``cls`` playing the World rule: SRS shapes and kicks, move reset, hard drop, ghost
    (one class per ``cls``)."""
    if cls.world:
        return cls
    if cls in _WORLD_CLASSES:
        return cast("type[P]", _WORLD_CLASSES[cls])
    made = _WORLD_CLASSES[cls] = type(f"World{cls.__name__}", (cls,), {
        "__slots__": (), "world": True, "rule_name": "WORLD", "classic": cls,
        "default_shapes": srs.SRS, "big_shapes": srs.BIG_SRS,
    })
    return cast("type[P]", made)


def set_rule(p: TiPlayer, world: bool) -> None:
    """Make ``p`` play the World rule (or Classic again): a mode's player of any class
    takes the rule the player picked at the mode select. The World class adds no state,
    so the object keeps everything it has."""
    if world == p.world:
        return
    p.__class__ = world_rule(type(p)) if world else p.classic
    p.shapes = p.big_shapes if p.big else p.default_shapes
