"""A TAP player with versus parts: the item meter and bag, garbage in and out, and what the
opponent's items do to their pieces and their screen.

``VersusPlayer`` is the Arika player loop plus: Roll Roll and Trans Form on the piece in
play, hard blocks that need two clears, the effect timers (X-Ray, Color, Dark, the laser's
aim, the name banner). ``VersusReferee`` wraps the mode's own referee (scoring, TGM+'s
rising rows) and adds the meter, the garbage and the items' effects.
Sources: see games/tap/rules/items.py and garbage.py; the choices are VERSUS_DECISIONS.
"""

from __future__ import annotations

from typing import Any

from engine.events import Event
from engine.inputs import PlayerInput
from games.arika import events as aev
from games.arika.board import ITEM_SHIFT, WIDTH
from games.arika.player import ACTIVE, FLASH, NO_PIECE, ArikaPlayer
from games.arika.randomizer import ARIKA_ORDER, PieceDealer, lcg_step
from games.arika.rules import ROLL_NONE, ArikaRules, Referee
from games.tap.rules import item_effects as fx
from games.tap.rules import items as it
from games.tap.rules.big import BIG_SPAWN_X, BIG_SPAWN_Y, big_cells, big_fits
from games.tap.rules.decisions import VERSUS_DECISIONS
from games.tap.rules.garbage import GarbageQueue, garbage_rows

ITEM_FIRED = "item_fired"  # value: the item code, on the side it hits
SNIPED = "sniped"  # the active piece was destroyed by an attack
LASER_FIRED = "laser_fired"  # value: the column

_DURATIONS: dict[str, int] = VERSUS_DECISIONS["item_durations"].value
_BIG_FALL: dict[str, int] = VERSUS_DECISIONS["death_block_gravity"].value
BIG_GRAVITY_DIVISOR = _BIG_FALL["divisor"]
BIG_GRAVITY_CAP = _BIG_FALL["cap"]
_PIECES: dict[str, int] = VERSUS_DECISIONS["item_pieces"].value
BANNER_FRAMES = _DURATIONS["banner"]
LASER_AIM_FRAMES = _DURATIONS["laser_aim"]
ROLL_INTERVAL = _DURATIONS["roll_interval"]
SCREEN_FRAMES = {it.X_RAY: _DURATIONS["X-RAY"], it.COLOR_BLOCK: _DURATIONS["COLOR BLOCK"],
                 it.DARK_BLOCK: _DURATIONS["DARK BLOCK"]}
PIECE_COUNTS = {it.ROLL_ROLL: _PIECES["ROLL ROLL"], it.TRANS_FORM: _PIECES["TRANS FORM"],
                it.MIRROR_BLOCK: _PIECES["MIRROR BLOCK"], it.HARD_BLOCK: _PIECES["HARD BLOCK"],
                it.DEATH_BLOCK: _PIECES["DEATH BLOCK"]}
HARD = 32  # in a block's item bits: a hard block (item codes use 1..19)
ITEM_BITS = 31

_SIDE_SLOTS = (
    "items_on", "garbage_on", "item_mode", "roll_left", "trans_left", "mirror_left",
    "hard_left", "big_left", "big_now", "rolling", "transforming", "hard_now", "screen",
    "screen_left", "laser_left", "laser_column", "banner", "banner_left", "lever", "sent",
    "received", "fired",
)


class Side:
    """One player's versus state. ``roll_left`` and the like count the pieces an item
    still acts on; ``screen`` is the screen item (X-Ray, Color, Dark) on this field and
    ``screen_left`` its frames; the laser aims at this field while ``laser_left`` runs."""

    __slots__ = (*_SIDE_SLOTS, "bag", "meter", "other", "queue")

    def __init__(self, seed: int, items_on: bool = True, garbage_on: bool = True,
                 item_mode: bool = False) -> None:
        self.bag = it.ItemBag(seed)
        self.meter = it.ItemMeter()
        self.queue = GarbageQueue()
        self.other: VersusPlayer | None = None  # the player attacks hit (self in Item mode)
        self.items_on = items_on
        self.garbage_on = garbage_on
        self.item_mode = item_mode
        self.roll_left = self.trans_left = self.mirror_left = 0
        self.hard_left = self.big_left = 0
        self.big_now = False  # the piece in play is BIG (DEATH BLOCK)
        self.rolling = self.transforming = self.hard_now = False
        self.screen = 0
        self.screen_left = 0
        self.laser_left = 0
        self.laser_column = 0
        self.banner = 0
        self.banner_left = 0
        self.lever = 0  # the lever's direction last frame (laser steering)
        self.sent = 0  # garbage rows sent this game
        self.received = 0
        self.fired = 0  # items fired this game

    def under_attack(self) -> bool:
        """An attack item is still being applied to this field."""
        return bool(self.roll_left or self.trans_left or self.mirror_left or self.hard_left
                    or self.big_left or self.rolling or self.transforming or self.hard_now
                    or self.big_now or self.screen_left or self.laser_left)

    def state(self) -> tuple[Any, ...]:
        return (tuple(getattr(self, n) for n in _SIDE_SLOTS), self.bag.state(),
                self.meter.count, self.queue.state())

    def restore(self, state: tuple[Any, ...]) -> None:
        values, bag, count, queue = state
        for name, value in zip(_SIDE_SLOTS, values, strict=True):
            setattr(self, name, value)
        self.bag.restore(bag)
        self.meter.count = count
        self.queue.restore(queue)


class VersusReferee(Referee):
    """The mode's referee plus the versus parts (it forwards scoring and the rest)."""

    def __init__(self, inner: Referee, side: Side) -> None:
        self.inner = inner
        self.side = side
        self.ticks = inner.ticks

    # ---- forwarded ---------------------------------------------------------------------
    def on_active_frame(self, p: ArikaPlayer) -> None:
        self.inner.on_active_frame(p)

    def on_lines(self, p: ArikaPlayer, lines: int, level_before: int) -> None:
        self.inner.on_lines(p, lines, level_before)

    def on_section(self, p: ArikaPlayer, section: int, frames: int, out: list[Event]) -> None:
        self.inner.on_section(p, section, frames, out)

    def on_goal(self, p: ArikaPlayer, out: list[Event]) -> int:
        if self.side.item_mode:
            return self.inner.on_goal(p, out)
        return ROLL_NONE  # versus: the target ends the game at once

    def on_end(self, p: ArikaPlayer, topped_out: bool, out: list[Event]) -> None:
        self.inner.on_end(p, topped_out, out)

    def summary(self, p: ArikaPlayer) -> dict[str, int | str]:
        return self.inner.summary(p)

    def __getattr__(self, name: str) -> Any:  # the screen reads grade and score
        inner = self.__dict__.get("inner")
        if inner is None:
            raise AttributeError(name)
        return getattr(inner, name)

    # ---- versus ------------------------------------------------------------------------
    def on_spawn(self, p: ArikaPlayer) -> int:
        code = self.inner.on_spawn(p)
        side = self.side
        other = side.other
        if side.mirror_left:
            side.mirror_left -= 1
            fx.mirror(p.board)
        side.rolling = bool(side.roll_left)
        side.roll_left -= side.rolling
        side.transforming = bool(side.trans_left)
        side.trans_left -= side.transforming
        side.hard_now = bool(side.hard_left)
        side.hard_left -= side.hard_now
        side.big_now = bool(side.big_left)
        side.big_left -= side.big_now
        # Your attack still applied to the other field (yours, in the Item mode): the
        # meter does not charge.
        charging = other is None or not other.side.under_attack()
        if side.items_on and side.meter.on_spawn(charging):
            code = side.bag.draw()
        if side.hard_now:
            code |= HARD
        return code

    def on_lock(self, p: ArikaPlayer, lines: int, level_before: int, out: list[Event]) -> None:
        self.inner.on_lock(p, lines, level_before, out)
        side = self.side
        other = side.other
        if lines >= 2 and side.garbage_on and other is not None and other is not p:
            rows = garbage_rows(p.board, p.clearing, p.flash_cells)
            side.sent += other.side.queue.add(rows)
        elif not lines and side.queue.rows:
            n = side.queue.rise(p.board, p.frame)
            side.received += n
            out.append(Event(aev.GARBAGE_RISE, p.index, n))

    def on_item(self, p: ArikaPlayer, item: int, out: list[Event]) -> None:
        code = item & ITEM_BITS
        if not code:
            return
        self.inner.on_item(p, code, out)
        assert isinstance(p, VersusPlayer)
        side = self.side
        side.fired += 1
        other = side.other if side.other is not None else p
        fire(code, p, other, out)

    def state(self) -> tuple[Any, ...]:
        return (self.inner.state(), self.side.state())

    def restore(self, state: tuple[Any, ...]) -> None:
        inner, side = state
        self.inner.restore(inner)
        self.side.restore(side)


def fire(code: int, user: VersusPlayer, other: VersusPlayer, out: list[Event]) -> None:
    """Item ``code`` fired by ``user``: attacks hit ``other`` (and destroy its piece in
    play), defences and Free Fall act on ``user``'s field, Exchg Field swaps the two."""
    item = it.item(code)
    target = other if item.kind == it.ATTACK else user
    ts = target.side
    ts.banner, ts.banner_left = code, BANNER_FRAMES
    out.append(Event(ITEM_FIRED, target.index, code))
    if item.kind == it.ATTACK and target is not user and target.phase == ACTIVE:
        target.destroy_piece()
        out.append(Event(SNIPED, target.index, code))
    board = target.board
    if code == it.NEGA_FIELD:
        fx.nega_field(board)
    elif code == it.FIELD_180:
        fx.field_180(board)
    elif code == it.SHOT_GUN:
        user.side.bag.seed = fx.shot_gun(board, user.side.bag.seed)
    elif code == it.LASER_BLOCK:
        ts.laser_left = LASER_AIM_FRAMES
        ts.laser_column = fx.highest_column(board)
    elif code in SCREEN_FRAMES:
        ts.screen, ts.screen_left = code, SCREEN_FRAMES[code]
    elif code == it.ROLL_ROLL:
        ts.roll_left = PIECE_COUNTS[code]
    elif code == it.TRANS_FORM:
        ts.trans_left = PIECE_COUNTS[code]
    elif code == it.MIRROR_BLOCK:
        ts.mirror_left = PIECE_COUNTS[code]
    elif code == it.HARD_BLOCK:
        ts.hard_left = PIECE_COUNTS[code]
    elif code == it.DEATH_BLOCK:
        ts.big_left = PIECE_COUNTS[code]
    elif code == it.DEL_UP:
        fx.del_upper(board)
    elif code == it.DEL_DOWN:
        fx.del_lower(board)
    elif code in (it.MOV_RIGHT, it.MOV_LEFT):
        fx.move_field(board, code == it.MOV_RIGHT)
    elif code == it.DEL_EVEN:
        fx.del_even(board)
    elif code == it.FREE_FALL:
        fx.free_fall(board)
    elif code == it.EXCHG_FIELD and other is not user:
        fx.exchange(user.board, other.board)
        user.check_piece(out)
        other.check_piece(out)
    target.check_piece(out)


class VersusPlayer(ArikaPlayer):
    """The Arika player loop with what items do to the piece in play."""

    # ``firing``: the item codes of the rows going, between before_collapse and
    # after_collapse (empty between frames: no part of the state).
    __slots__ = ("firing", "side")

    def __init__(self, index: int, rules: ArikaRules, seed: int, side: Side,
                 referee: Referee | None = None, pieces: PieceDealer | None = None) -> None:
        self.side = side
        self.firing: tuple[int, ...] = ()
        inner = referee if referee is not None else rules.referee()
        super().__init__(index, rules, seed, VersusReferee(inner, side), pieces)

    def step(self, pi: PlayerInput, out: list[Event]) -> None:
        super().step(pi, out)
        side = self.side
        if side.banner_left:
            side.banner_left -= 1
        if side.screen_left:
            side.screen_left -= 1
            if not side.screen_left:
                side.screen = 0
        other = side.other
        lever = pi.right - pi.left
        if other is not None and other.side.laser_left:
            target = other.side
            if lever and lever != side.lever:  # a new press steers the laser
                target.laser_column = min(WIDTH - 1, max(0, target.laser_column + lever))
            target.laser_left -= 1
            if not target.laser_left:
                fx.laser(other.board, target.laser_column)
                out.append(Event(LASER_FIRED, other.index, target.laser_column))
        side.lever = lever

    # ---- the family's hooks: what items do to the piece in play ------------------------
    def after_spawn(self, out: list[Event]) -> None:
        if self.side.big_now:
            kind = self.kind  # DEATH BLOCK: the piece comes in BIG, unturned
            self.state, self.x, self.y = 0, BIG_SPAWN_X[kind], BIG_SPAWN_Y[kind]
            if not big_fits(self.board.bits, kind, 0, self.x, self.y):
                self.kind = NO_PIECE
                self._end(True, out)

    def fits(self, kind: int, state: int, x: int, y: int) -> bool:
        if self.side.big_now:
            return big_fits(self.board.bits, kind, state, x, y)
        return super().fits(kind, state, x, y)

    def turn(self, kind: int, state: int, turned: int, x: int,
             y: int) -> tuple[int, int] | None:
        if self.side.big_now:  # a BIG piece turns without kicks
            return (x, y) if big_fits(self.board.bits, kind, turned, x, y) else None
        return super().turn(kind, state, turned, x, y)

    @property
    def falls_at_once(self) -> bool:
        # A BIG piece falls at its own, slower gravity (gravity_now), never at once.
        return self.twenty_g and not self.side.big_now

    def sonic_drop(self, pi: PlayerInput, kind: int, state: int, x: int, y: int,
                   out: list[Event]) -> int:
        if self.side.big_now:  # Up: to the stack, neither counted nor reported
            return self.landing_row(kind, state, x, y) if pi.up else y
        return super().sonic_drop(pi, kind, state, x, y, out)

    def gravity_now(self) -> int:
        # DEATH BLOCK: the BIG piece falls slower than the level's gravity, 20G included.
        if self.side.big_now:
            return min(self.g // BIG_GRAVITY_DIVISOR, BIG_GRAVITY_CAP)
        return super().gravity_now()

    def before_moves(self, out: list[Event]) -> None:
        side = self.side
        if (side.rolling and not side.big_now
                and self.active_frames % ROLL_INTERVAL == ROLL_INTERVAL - 1):
            turned = (self.state + 1) & 3
            moved = self.turn(self.kind, self.state, turned, self.x, self.y)
            if moved is not None:
                self.state = turned
                self.x, self.y = moved
                out.append(self.events["rotate"])

    def after_moves(self, turned: bool, out: list[Event]) -> None:
        if turned and self.side.transforming and not self.side.big_now:
            self._transform()

    def piece_cells(self) -> list[tuple[int, int]]:
        if self.side.big_now and self.kind != NO_PIECE:
            return big_cells(self.kind, self.state, self.x, self.y)
        return super().piece_cells()

    @property
    def ghost_shown(self) -> bool:
        return not self.side.big_now and super().ghost_shown

    def _transform(self) -> None:
        """Trans Form: the piece becomes the next kind in Arika's order that fits here."""
        at = ARIKA_ORDER.index(self.kind)
        for step in range(1, len(ARIKA_ORDER)):
            kind = ARIKA_ORDER[(at + step) % len(ARIKA_ORDER)]
            if self.fits(kind, self.state, self.x, self.y):
                self.kind = kind
                return

    def before_collapse(self, out: list[Event]) -> None:
        """Hard blocks keep their row once (they turn plain, the rest of it goes); the
        items in the cleared rows fire after the collapse (``after_collapse``)."""
        board = self.board
        items: set[int] = set()
        gone: list[int] = []
        for r in self.clearing:
            row = board.cells[r - 1]
            hard = any(v >> ITEM_SHIFT & HARD for v in row)
            for c, v in enumerate(row):
                code = v >> ITEM_SHIFT & ITEM_BITS
                if code:
                    items.add(code)
                if hard:
                    board.put(r, c, v & 0xF if v >> ITEM_SHIFT & HARD else 0, self.frame)
                elif v >> ITEM_SHIFT:
                    board.cells[r - 1][c] = v & 0xF
            if not hard:
                gone.append(r)
        self.clearing = tuple(gone)
        self.firing = tuple(sorted(items))

    def after_collapse(self, out: list[Event]) -> None:
        items, self.firing = self.firing, ()
        if items:  # the whole piece is the item: its blocks left on the field are plain now
            for row in self.board.cells:
                for c, v in enumerate(row):
                    if v >> ITEM_SHIFT & ITEM_BITS in items:
                        row[c] = v & ~(ITEM_BITS << ITEM_SHIFT)
        for code in items:
            self.referee.on_item(self, code, out)
            out.append(Event(aev.ITEM, self.index, code))

    def destroy_piece(self) -> None:
        """The piece in play is gone (an attack sniped it); the next one follows after ARE."""
        self.kind = NO_PIECE
        self.phase = FLASH
        self.after_clear = False
        self.grounded = False

    def check_piece(self, out: list[Event]) -> None:
        """After the field changed under it: a piece in play that now overlaps blocks goes."""
        if self.phase == ACTIVE and self.kind != NO_PIECE and not self.fits(
                self.kind, self.state, self.x, self.y):
            self.destroy_piece()
            out.append(Event(SNIPED, self.index, 0))

    def hash_items(self) -> tuple[Any, ...]:
        return (*super().hash_items(), self.side.state())


def item_seed(game_seed: int, index: int) -> int:
    """Player ``index``'s bag seed: the game's seed stepped 1 + index times."""
    seed = game_seed
    for _ in range(index + 1):
        seed = lcg_step(seed)
    return seed
