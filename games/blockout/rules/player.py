"""One player's BLOCKOUT: the pit, the falling polycube, rounds and bonus stages.

The pit is a list of layers (index 0 is the floor layer), each layer a bit mask of its
width x depth cells (bit y * width + x). The falling piece is a kind, an orientation and the
cell of its rotation centre (x, y, z). Timings and rules follow the sal-games BLOCKOUT data
sheet sections 2-5 (movement, rotation, falling and locking, top-out); where it gives a
range the value is a decision in rules/decisions.py.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import events as ev
from engine.events import Event
from engine.inputs import PlayerInput
from games.blockout.rules import decisions as d
from games.blockout.rules import lcg
from games.blockout.rules.pieces import AXIS_A, AXIS_B, AXIS_C, PIECES, Cells, Piece
from games.blockout.rules.rounds import RoundTable, Stage

# Event kinds of BLOCKOUT beyond the engine's common ones.
STAIR = "stair_drop"  # value: landings so far after the first
ROTATE_FAIL = "rotate_fail"
ROUND_CLEAR = "round_clear"  # value: the round cleared
ROUND_START = "round_start"  # value: the round
BONUS_START = "bonus_start"  # value: the bonus-stage kind
BONUS_END = "bonus_end"  # value: faces cleared in the stage
CONTINUE = "continue_wait"  # a top-out in a normal round; value: frames to continue
LAYER_RISE = "layer_rise"  # value: layers that rose into this pit (versus)
VERSUS_WIN = ev.VERSUS_WIN

PLAY = 0
PAUSE = 1
WAIT = 2  # topped out, a continue may be bought
OVER = 3
SELECT = 4  # choosing the start round

ROUND_SELECT = "round_select"  # value: the round under the cursor
SELECT_FRAMES: int = d.DECISIONS["select_frames"].value

# What a pause leads to.
AFTER_SPAWN = 0
AFTER_ROUND = 1  # the round is cleared: a bonus stage or the next round
AFTER_BONUS = 2  # the bonus stage ended: the next round

# When THE BLOCK MASTER speaks (the screen shows his taunt as a banner). Source: abomination.jp
# misc page: at the first chosen round, after a normal round clear, on a BLOCKOUT outside
# bonus stages and at game over.
HOST_START = 1
HOST_ROUND_CLEAR = 2
HOST_BLOCKOUT = 3
HOST_GAME_OVER = 4
HOST_FRAMES: int = d.DECISIONS["host_frames"].value


@dataclass(frozen=True)
class Bounds:
    cells: Cells
    min_x: int
    max_x: int
    min_y: int
    max_y: int
    min_z: int
    max_z: int


def _bounds(cells: Cells) -> Bounds:
    return Bounds(cells, min(c[0] for c in cells), max(c[0] for c in cells),
                  min(c[1] for c in cells), max(c[1] for c in cells),
                  min(c[2] for c in cells), max(c[2] for c in cells))


BOUNDS: tuple[tuple[Bounds, ...], ...] = tuple(
    tuple(_bounds(c) for c in p.orientations) for p in PIECES
)


class Player:
    """One player's game; ``step`` plays one frame and appends its events to ``out``."""

    def __init__(self, table: RoundTable, index: int, round_no: int | None, seed: int,
                 difficulty: int = 100, rotate3: bool = False, versus: bool = False) -> None:
        """``round_no`` None: the player picks the start round first (ROUND SELECT)."""
        self.table = table
        self.index = index
        self.difficulty = difficulty
        self.rotate3 = rotate3
        self.versus = versus
        self.rng = seed & lcg.MASK
        self.selecting = round_no is None
        self.select_left = SELECT_FRAMES if round_no is None else 0
        self.select_lever = 0
        self.select_button = True  # a button held from the start press does not confirm
        round_no = table.start_rounds[0] if round_no is None else round_no
        self.start_round = round_no
        self.score = 0
        self.cubes = 0
        self.faces = 0
        self.blockouts = 0
        self.pieces = 0
        self.rounds_cleared = 0
        self.bonus_played = 0
        self.bonus_left = 0
        self.bonus_faces = 0
        self.continues = 0
        self.wait_left = 0
        self.incoming: list[int] = []
        self.sent: list[int] = []
        self.top_out = False
        self.won = False
        self.host = 0
        self.host_left = 0
        # the falling piece and its timers
        self.kind = 0
        self.orient = 0
        self.x = self.y = self.z = 0
        self.busy = 0
        self.chain = 0  # last move direction code (0: none)
        self.fall_left = 0
        self.grounded = False
        self.lock_left = 0
        self.forced = False
        self.dropping = False
        self.drop_wait = 0
        self.drop_points = 0
        self.landings = 0
        self.rot_armed = True
        self.rot_fresh = False
        self.rot_prev = 0
        self.drop_armed = True
        self.pause = 0
        self.after = AFTER_SPAWN
        self.state = PLAY
        self.round = round_no
        self.stage: Stage = table.stage(round_no, difficulty)
        self.next_kind = 0
        self.enter_stage(round_no, self.stage)
        self.next_kind = self._draw()

    # ---- stages ---------------------------------------------------------------------
    def enter_stage(self, round_no: int, stage: Stage) -> None:
        self.round = round_no
        self.stage = stage
        self.width = stage.width
        self.depth = stage.depth
        self.height = stage.height
        self.full = (1 << stage.area) - 1
        self.layers = [0] * stage.height
        self.faces_left = stage.quota
        self.level = 1
        self.cubes_since = 0
        self.bonus_left = self.table.bonus_frames if stage.bonus else 0
        self.bonus_faces = 0

    def _draw(self) -> int:
        self.rng, index = lcg.pick(self.rng, self.stage.weights)
        return index

    @property
    def bonus(self) -> int:
        return self.stage.bonus

    @property
    def piece(self) -> Piece:
        return PIECES[self.kind]

    @property
    def cells(self) -> Cells:
        return PIECES[self.kind].orientations[self.orient]

    @property
    def fall(self) -> int:
        return self.stage.fall[self.level - 1]

    @property
    def playing(self) -> bool:
        return self.state in (PLAY, PAUSE, SELECT)

    def piece_cells(self) -> list[tuple[int, int, int]]:
        """The falling piece's cells in the pit (may reach above the ceiling)."""
        if self.state != PLAY:
            return []
        x, y, z = self.x, self.y, self.z
        return [(x + a, y + b, z + c) for a, b, c in self.cells]

    def cube_count(self) -> int:
        return sum(layer.bit_count() for layer in self.layers)

    # ---- collision ------------------------------------------------------------------
    def fits(self, cells: Cells, x: int, y: int, z: int) -> bool:
        w = self.width
        dp = self.depth
        h = self.height
        layers = self.layers
        for a, b, c in cells:
            cx = x + a
            cy = y + b
            cz = z + c
            if cx < 0 or cx >= w or cy < 0 or cy >= dp or cz < 0:
                return False
            if cz < h and layers[cz] >> (cy * w + cx) & 1:
                return False
        return True

    def drop_distance(self) -> int:
        cells = self.cells
        n = 0
        while self.fits(cells, self.x, self.y, self.z - n - 1):
            n += 1
        return n

    # ---- the frame ------------------------------------------------------------------
    def step(self, inp: PlayerInput, out: list[Event]) -> None:
        if self.host_left:
            self.host_left -= 1
        state = self.state
        if state == OVER:
            return
        if state == SELECT:
            self._select(inp, out)
            return
        if state == WAIT:
            self.wait_left -= 1
            if self.wait_left <= 0:
                self.state = OVER
                out.append(Event(ev.GAME_OVER, self.index))
            return
        if self.rotate3:
            drop_held = inp.start
            rot_bits = inp.b1 | inp.b2 << 1 | inp.b3 << 2
        else:
            drop_held = inp.b1
            rot_bits = inp.b2 << 1 | inp.b3 << 2
        rot_held = rot_bits != 0
        # Source: data sheet 3.1 and 4.2: after a turn, a new turn needs every button (and
        # Drop) released first; a button pressed anew before the next piece appears turns
        # that piece as it appears (a button still held from the last turn does not).
        if rot_bits & ~self.rot_prev:
            self.rot_fresh = True
        self.rot_prev = rot_bits
        if not rot_held:
            self.rot_fresh = False
            if not drop_held:
                self.rot_armed = True
        if not drop_held:
            self.drop_armed = True
        if self.bonus_left:
            self.bonus_left -= 1
            if self.bonus_left == 0:
                self._end_bonus(out)
                return
        if state == PAUSE:
            self.pause -= 1
            if self.pause <= 0:
                self._after_pause(out)
            return
        if self.busy:
            self.busy -= 1
        if self.dropping:
            self._drop_step(out)
            return
        if self.grounded:
            if self.lock_left:
                self.lock_left -= 1
            if self.lock_left == 0 and self.busy == 0:
                if not self.fits(self.cells, self.x, self.y, self.z - 1):
                    self._lock(out)
                    return
                self.grounded = False
                self.fall_left = self.fall
                if self.forced:  # the stair drop: it falls on
                    self.dropping = True
                    self.drop_wait = 0
                    self._drop_step(out)
                    return
        else:
            self.fall_left -= 1
            if self.fall_left <= 0:
                self.fall_left = self.fall
                if self.fits(self.cells, self.x, self.y, self.z - 1):
                    self.z -= 1
                else:
                    self.grounded = True
                    self.lock_left = d.LOCK_FRAMES[self.level - 1]
        if self.busy:
            return
        # Input, in the data sheet's order of priority: Drop, then the lever, then rotation.
        if drop_held and self.drop_armed and not self.grounded and not self.forced:
            self.drop_armed = False
            if rot_held:
                self.rot_armed = self.rot_fresh = False
            self.chain = 0
            self._start_drop(out)
            return
        dx = inp.right - inp.left
        dy = inp.up - inp.down
        if dx or dy:
            moved = self._move(dx, dy)
            if moved:
                self.busy = d.MOVE_REPEAT if moved == self.chain else d.MOVE_FIRST
                self.chain = moved
                if rot_held:
                    self.rot_armed = self.rot_fresh = False
                out.append(Event(ev.MOVE, self.index, moved))
                return
        self.chain = 0
        if rot_held and self.rot_armed:
            self.rot_armed = self.rot_fresh = False
            if self.rotate3 and inp.b1:
                axis = AXIS_A
            elif inp.b2:
                axis = AXIS_B
            else:
                axis = AXIS_C
            if self.rotate(axis):
                self.busy = d.ROTATE_FRAMES
                out.append(Event(ev.ROTATE, self.index))
            else:
                self.busy = d.ROTATE_REFUSED
                out.append(Event(ROTATE_FAIL, self.index))

    # ---- movement and rotation --------------------------------------------------------
    def _move(self, dx: int, dy: int) -> int:
        """Move one cell; returns the direction code moved (0: blocked). Source: data
        sheet 2.2: a diagonal blocked both ways does not move; a diagonal that cannot go
        slides along the free axis; if both are free, left-near goes near, others sideways."""
        cells, x, y, z = self.cells, self.x, self.y, self.z
        if dx and dy:
            side = self.fits(cells, x + dx, y, z)
            ahead = self.fits(cells, x, y + dy, z)
            if not side and not ahead:
                return 0
            if self.fits(cells, x + dx, y + dy, z):
                self.x += dx
                self.y += dy
                return _code(dx, dy)
            if side and ahead:
                if dx < 0 and dy < 0:
                    side = False
                else:
                    ahead = False
            if side:
                self.x += dx
                return _code(dx, 0)
            self.y += dy
            return _code(0, dy)
        if self.fits(cells, x + dx, y + dy, z):
            self.x += dx
            self.y += dy
            return _code(dx, dy)
        return 0

    def rotate(self, axis: str) -> bool:
        """A quarter turn with the wall kick and the ceiling rule of data sheet 3.2: walls
        push the centre inward, the floor is never kicked, and at the ceiling the turn is
        allowed (sticking out above) when the turned piece pushed down would fit."""
        orient = self.piece.turns[self.orient][axis]
        b = BOUNDS[self.kind][orient]
        x, y, z = self.x, self.y, self.z
        if x + b.min_x < 0:
            x = -b.min_x
        elif x + b.max_x >= self.width:
            x = self.width - 1 - b.max_x
        if y + b.min_y < 0:
            y = -b.min_y
        elif y + b.max_y >= self.depth:
            y = self.depth - 1 - b.max_y
        if x + b.min_x < 0 or y + b.min_y < 0 or z + b.min_z < 0:
            return False
        over = z + b.max_z - (self.height - 1)
        if over > 0:
            if not self.fits(b.cells, x, y, z - over):
                return False
        elif not self.fits(b.cells, x, y, z):
            return False
        self.orient, self.x, self.y = orient, x, y
        return True

    # ---- forced drop ------------------------------------------------------------------
    def _start_drop(self, out: list[Event]) -> None:
        self.forced = True
        self.landings = 0
        rows = self.drop_distance()
        # Source: abomination.jp scoring page: layers fallen before the first landing x cubes.
        self.drop_points = rows * self.piece.cubes
        if rows == 0:
            self._land(out)
        else:
            self.dropping = True
            self.drop_wait = d.DROP_FIRST

    def _drop_step(self, out: list[Event]) -> None:
        if self.drop_wait > 1:
            self.drop_wait -= 1
            return
        layers = 1 if self.drop_wait == 1 else d.DROP_LAYERS_PER_FRAME
        self.drop_wait = 0
        cells = self.cells
        for _ in range(layers):
            if not self.fits(cells, self.x, self.y, self.z - 1):
                break
            self.z -= 1
        if not self.fits(cells, self.x, self.y, self.z - 1):
            self._land(out)

    def _land(self, out: list[Event]) -> None:
        self.dropping = False
        self.grounded = True
        self.lock_left = d.LOCK_FRAMES[self.level - 1]
        if self.landings == 0:
            self.score += self.drop_points
        elif self.landings <= d.STAIR_MAX:
            # Source: abomination.jp scoring page: each landing after the first of a forced
            # drop scores a flat 100 instead of drop points.
            self.score += d.STAIR_POINTS
            out.append(Event(STAIR, self.index, self.landings))
        self.landings += 1
        out.append(Event(ev.LAND, self.index, self.drop_points if self.landings == 1 else 0))

    # ---- locking, faces, BLOCKOUT -------------------------------------------------------
    def _lock(self, out: list[Event]) -> None:
        w = self.width
        h = self.height
        layers = self.layers
        piece_layers: dict[int, int] = {}
        above = False
        for a, b, c in self.cells:
            cz = self.z + c
            if cz >= h:
                above = True
                continue
            bit = 1 << ((self.y + b) * w + self.x + a)
            layers[cz] |= bit
            piece_layers[cz] = piece_layers.get(cz, 0) | bit
        cubes = self.piece.cubes
        self.cubes += cubes
        self.cubes_since += cubes
        self.pieces += 1
        self.grounded = self.forced = self.dropping = False
        out.append(Event(ev.LOCK, self.index, self.kind))
        if above:
            # Source: data sheet 5: a piece locked through the ceiling tops out, before any
            # face it completes is cleared.
            self._topped_out(out)
            return
        full = self.full
        cleared = [z for z in range(h - 1, -1, -1) if layers[z] == full]
        pause = d.LOCK_SHOW
        if cleared:
            for z in cleared:  # top first, as on the board (data sheet 4.3)
                self.sent.append(full & ~piece_layers.get(z, 0))
                del layers[z]
                layers.append(0)
            n = len(cleared)
            points = d.FACE_POINTS[min(n, len(d.FACE_POINTS) - 1)]
            self.faces += n
            if self.bonus:
                self.bonus_faces += n
            pause += d.FACE_SHOW * n
            out.append(Event(ev.LINE_CLEAR, self.index, n))
            if not any(layers):
                # Source: sal-games glossary: BLOCKOUT is worth 10x the clear's face points;
                # outside bonus stages LEVEL goes back to 1 and the cube count restarts.
                points *= d.BLOCKOUT_MULTIPLIER
                self.blockouts += 1
                pause += d.BLOCKOUT_SHOW
                if not self.bonus:
                    self.level = 1
                    self.cubes_since = 0
                    self._speak(HOST_BLOCKOUT)
                out.append(Event(ev.ALL_CLEAR, self.index, self.blockouts))
            self.score += points
            if self.stage.quota:
                self.faces_left = max(0, self.faces_left - n)
        self.pause = pause
        self.state = PAUSE
        self.after = AFTER_SPAWN
        if self.stage.quota and not self.versus and self.faces_left == 0:
            leftover = self.cube_count()
            self.score += d.LEFTOVER_POINTS * max(0, d.LEFTOVER_CAP - leftover)
            self.pause += d.ROUND_CLEAR_SHOW
            self.after = AFTER_ROUND
            self._speak(HOST_ROUND_CLEAR)
            out.append(Event(ROUND_CLEAR, self.index, self.round))

    def _speak(self, occasion: int) -> None:
        self.host = occasion
        self.host_left = HOST_FRAMES

    def _topped_out(self, out: list[Event]) -> None:
        self.top_out = True
        if self.bonus:
            self._end_bonus(out)
            return
        if self.versus:
            self.state = OVER
            out.append(Event(ev.GAME_OVER, self.index))
            return
        self.state = WAIT
        self.wait_left = d.CONTINUE_FRAMES
        self._speak(HOST_GAME_OVER)
        out.append(Event(CONTINUE, self.index, self.wait_left))

    def _end_bonus(self, out: list[Event]) -> None:
        self.bonus_left = 0
        self.state = PAUSE
        self.pause = d.ROUND_CLEAR_SHOW
        self.after = AFTER_BONUS
        self.grounded = self.forced = self.dropping = False
        out.append(Event(BONUS_END, self.index, self.bonus_faces))

    def _after_pause(self, out: list[Event]) -> None:
        after = self.after
        self.after = AFTER_SPAWN
        if after == AFTER_ROUND:
            self.rounds_cleared += 1
            if self.rounds_cleared % self.table.bonus_every == 0:
                self.bonus_played += 1
                self.enter_stage(self.round,
                                  self.table.bonus_stage(self.bonus_played, self.difficulty))
                out.append(Event(BONUS_START, self.index, self.stage.bonus))
                self.next_kind = self._draw()
            elif not self._next_round(out):
                return
        elif after == AFTER_BONUS and not self._next_round(out):
            return
        self._spawn(out)

    def _next_round(self, out: list[Event]) -> bool:
        if self.round >= self.table.rounds:  # all 100 rounds cleared: the game is done
            self.state = OVER
            out.append(Event(ev.GAME_OVER, self.index, 1))
            return False
        self.enter_stage(self.round + 1, self.table.stage(self.round + 1, self.difficulty))
        out.append(Event(ROUND_START, self.index, self.round))
        self.next_kind = self._draw()
        return True

    # ---- spawning ---------------------------------------------------------------------
    def _spawn(self, out: list[Event]) -> None:
        self.state = PLAY
        if self.incoming:
            rose = len(self.incoming)
            for layer in self.incoming:
                if self.layers[-1]:
                    self.incoming = []
                    self._topped_out(out)
                    return
                self.layers.insert(0, layer & self.full)
                self.layers.pop()
            self.incoming = []
            out.append(Event(LAYER_RISE, self.index, rose))
        # Source: data sheet 4.3: LEVEL rises just before the next piece appears.
        stage = self.stage
        if not stage.bonus:
            while self.level < 5 and self.cubes_since >= stage.cubes_for_level(self.level):
                self.level += 1
                out.append(Event(ev.LEVEL_UP, self.index, self.level))
        self.kind = self.next_kind
        self.next_kind = self._draw()
        piece = PIECES[self.kind]
        self.orient = 0
        b = BOUNDS[self.kind][0]
        # Source: data sheet 1: the centre appears over the middle of the floor (left-near
        # of it for even sizes), just under the ceiling; 5Q/5K/5H/5F one layer lower.
        x = (self.width - 1) // 2
        y = (self.depth - 1) // 2
        x = max(-b.min_x, min(x, self.width - 1 - b.max_x))
        y = max(-b.min_y, min(y, self.depth - 1 - b.max_y))
        self.x, self.y = x, y
        self.z = self.height - 2 if piece.low_spawn else self.height - 1
        self.busy = 0
        self.chain = 0
        self.grounded = self.forced = self.dropping = False
        self.rot_armed = self.rot_armed or self.rot_fresh
        self.fall_left = self.fall
        out.append(Event(ev.SPAWN, self.index, self.kind))
        if not self.fits(b.cells, x, y, self.z):
            self._topped_out(out)

    def _select(self, inp: PlayerInput, out: list[Event]) -> None:
        """Source: sal-games data sheet 7: the game may begin at round 1, 5, 10, 15 or 20.
        The lever (left/right, up/down) moves the cursor; a button or the time limit
        starts the round under it."""
        rounds = self.table.start_rounds
        lever = (inp.right or inp.up) - (inp.left or inp.down)
        if lever and lever != self.select_lever:
            at = rounds.index(self.round)
            at = max(0, min(len(rounds) - 1, at + lever))
            if rounds[at] != self.round:
                self.round = self.start_round = rounds[at]
                out.append(Event(ROUND_SELECT, self.index, self.round))
        self.select_lever = lever
        button = inp.b1 or inp.b2 or inp.b3
        pressed = button and not self.select_button
        self.select_button = button
        self.select_left -= 1
        if pressed or self.select_left <= 0:
            self.selecting = False
            self.enter_stage(self.round, self.table.stage(self.round, self.difficulty))
            self.next_kind = self._draw()
            self.drop_armed = False  # the confirming press does not drop the first piece
            self.start(out)

    def start(self, out: list[Event]) -> None:
        """The first piece of a new game (or a continue)."""
        if self.selecting:
            self.state = SELECT
            return
        out.append(Event(ROUND_START, self.index, self.round))
        self._speak(HOST_START)
        self._spawn(out)

    def continue_game(self, out: list[Event]) -> None:
        """A continue: same round, same faces to go; empty pit, LEVEL 1, score 0.
        Source: data sheet 5 (round and remaining faces kept, pit emptied, LEVEL 1)."""
        self.layers = [0] * self.height
        self.level = 1
        self.cubes_since = 0
        self.score = 0
        self.top_out = False
        self.continues += 1
        self.state = PLAY
        self._spawn(out)

    # ---- state --------------------------------------------------------------------------
    def state_tuple(self) -> tuple[object, ...]:
        kept = tuple(v for k, v in sorted(vars(self).items()) if k not in ("table", "stage"))
        return (*kept, self.stage)

    def snapshot(self) -> dict[str, object]:
        snap = dict(vars(self))
        snap["layers"] = list(self.layers)
        snap["incoming"] = list(self.incoming)
        snap["sent"] = list(self.sent)
        return snap

    def restore(self, snap: dict[str, object]) -> None:
        vars(self).clear()
        vars(self).update(snap)
        self.layers = list(self.layers)
        self.incoming = list(self.incoming)
        self.sent = list(self.sent)


def _code(dx: int, dy: int) -> int:
    """A direction as one small positive number (the lever's 8 ways)."""
    return (dx + 1) * 3 + (dy + 1) + 1
