"""TGM3 Sakura: a stage puzzle. Each stage is a layout with jewel blocks; clearing every
jewel clears the stage. A game clock counts down from 3:00, fast clears give time back,
stages 1-20 end by force after a minute, stages 21-27 are EX (bonus) stages offered only
after a good run, and some stages have an effect: mirror, roll roll, BIG, x-ray, colour.

Sources: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct" (Sakura: jewels, 20 + 7
EX stages, stage effects) and the cambridge clone's sakura mode, whose rules agree with
Heboris C.E.'s TOMOYO notes where both give them (3:00 to start; +10 s for a stage cleared
within 10 s, +5 s within 20 s; a second for each jewel cleared, as NullpoMino's GemMania
gives it; a minute per stage for 1-20; holding a button 1.5 s skips a
stage for 30 s; each stage from level 0 on TAP Normal's gravity, levels stopping at x99;
hold and three next pieces). The layouts are our own (games/ti/sakura_stages.txt).

Stage text: the shared format of engine/stage_text.py with cells ``.`` empty, ``#`` block,
``*`` jewel, and the effects in brackets after the title: ``stage 4: title [mirror]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.events import ROTATE, Event
from engine.inputs import PlayerInput
from engine.pieces import O
from engine.stage_text import StageFileError, StageSource, check_rows, split_stages
from games.arika.board import ITEM_SHIFT, VISIBLE_ROWS, WIDTH, Board
from games.arika.player import ACTIVE, NO_PIECE, OVER, READY
from games.arika.randomizer import Tgm2Randomizer
from games.arika.rules import ArikaRules, Referee, kit_options, x99_stops
from games.arika.speeds import NORMAL_DELAYS, NORMAL_GRAVITY
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.master_game import rank_order
from games.ti.rules.player import TI_EXTRAS, TiPlayer

RULES_ID = "ti-sakura"
SECOND = 60
STAGES = 27
MAIN_STAGES = 20  # stages 21-27 are EX stages
EMPTY, BLOCK, JEWEL = ".", "#", "*"
CELLS = EMPTY + BLOCK + JEWEL
MAX_ROWS = VISIBLE_ROWS - 4  # the top four rows stay free for the piece to appear and turn
EFFECTS = ("mirror", "rollroll", "big", "xray", "colour")

JEWEL_ITEM = 1  # a jewel cell carries this in its item bits
JEWEL_GREY = 8

START_FRAMES = 3 * 60 * SECOND
STAGE_LIMIT_FRAMES = 60 * SECOND  # stages 1-20 end by force after this
FAST_BONUSES: tuple[tuple[int, int], ...] = ((10 * SECOND, 10 * SECOND), (20 * SECOND, 5 * SECOND))
SKIP_HOLD_FRAMES = 90
SKIP_PENALTY_FRAMES = 30 * SECOND
STAGE_20_BONUS: int = TI_DECISIONS["sakura_stage_20_bonus"].value
# Source: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct", Sakura ("a time bonus
# is given ... for each jewel cleared"); the amount, one second a jewel, is NullpoMino's
# GemManiaMode (its Sakura clone).
JEWEL_BONUS = SECOND
# EX stages offered after stage 20: TI_DECISIONS sakura_ex_offer. All seven need the 20
# stages cleared within this time of play, by the SW2 switch "Sakura EX" (sakura_ex):
# Source: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct", Sakura (all 7 EX
# stages: every main stage cleared within 5 minutes; NullpoMino's GemManiaMode agrees);
# Heboris C.E.'s TOMOYO mode allows 5:20 (the "heboris" choice).
EX_WITHIN: dict[str, int] = {"wiki": 5 * 60 * SECOND, "heboris": (5 * 60 + 20) * SECOND}
EX_ALL_WITHIN = EX_WITHIN["wiki"]
MIRROR_EVERY: int = TI_DECISIONS["sakura_effects"].value["mirror_every_piece"]
ROLLROLL_EVERY: int = TI_DECISIONS["sakura_effects"].value["rollroll_every_frames"]
INTRO_FRAMES: int = TI_DECISIONS["sakura_intro_frames"].value

STAGE = "stage"  # value: the stage number starting
STAGE_CLEAR = "stage_clear"  # value: the stage number cleared
STAGE_SKIP = "stage_skip"  # value: the stage number skipped or out of time
TIME_UP = "time_up"
MIRROR = "mirror"


@dataclass(frozen=True)
class SakuraStage:
    number: int
    title: str
    rows: tuple[str, ...]  # top first; the last is row 1
    effects: frozenset[str] = frozenset()

    @property
    def jewels(self) -> int:
        return sum(row.count(JEWEL) for row in self.rows)

    @property
    def ex(self) -> bool:
        return self.number > MAIN_STAGES

    def board(self) -> Board:
        board = Board()
        for r, line in enumerate(reversed(self.rows), start=1):
            for c, ch in enumerate(line):
                if ch == BLOCK:
                    board.put(r, c, 1 + (r + c) % 7)  # our colours: diagonal stripes
                elif ch == JEWEL:
                    board.put(r, c, JEWEL_GREY | JEWEL_ITEM << ITEM_SHIFT)
        return board

    def text(self) -> str:
        tags = f" [{' '.join(sorted(self.effects))}]" if self.effects else ""
        return "\n".join((f"stage {self.number}: {self.title}{tags}", *self.rows))


def _stage(source: StageSource) -> SakuraStage:
    rows = check_rows(source, WIDTH, MAX_ROWS, CELLS)
    title, effects = source.title, frozenset[str]()
    if title.endswith("]") and "[" in title:
        title, _, tags = title[:-1].partition("[")
        title = title.strip()
        effects = frozenset(tags.split())
        unknown = sorted(effects - set(EFFECTS))
        if unknown:
            raise StageFileError(f"line {source.line}: stage {source.number}: unknown effect "
                                 f"{unknown[0]!r} (use {' '.join(EFFECTS)})")
    stage = SakuraStage(source.number, title, rows, effects)
    if not stage.jewels:
        raise StageFileError(f"line {source.line}: stage {source.number}: no jewel '*'")
    return stage


def parse_stages(text: str, count: int = STAGES) -> tuple[SakuraStage, ...]:
    """Stages 1..``count`` from ``text``; StageFileError (one line) for the first problem."""
    return tuple(_stage(source) for source in split_stages(text, count, CELLS))


def jewels_on(board: Board) -> int:
    return sum(1 for row in board.cells for v in row if v >> ITEM_SHIFT == JEWEL_ITEM)


def mirrored(board: Board) -> Board:
    """The stack flipped left to right."""
    out = Board()
    for r in range(1, VISIBLE_ROWS + 2):
        for c in range(WIDTH):
            v = board.cells[r - 1][c]
            if v:
                out.put(r, WIDTH - 1 - c, v, board.locked[r - 1][c])
    return out


def ex_offered(cleared_main: int, frames: int, within: int = EX_ALL_WITHIN) -> int:
    """How many EX stages follow stage 20: all 7 when the 20 were all cleared within
    ``within`` frames of play (EX_WITHIN)."""
    if cleared_main < 18:
        return 0
    if cleared_main < MAIN_STAGES:
        return 3
    return 7 if frames <= within else 5


def time_bonus(stage_frames: int) -> int:
    for within, bonus in FAST_BONUSES:
        if stage_frames < within:
            return bonus
    return 0


def stage_sequence(number: int) -> Tgm2Randomizer:
    """decision: every stage deals a fixed sequence (the TAP randomizer seeded with the
    stage number), so that a stage plays the same each game and its proof holds."""
    return Tgm2Randomizer(number)


class SakuraReferee(Referee):
    """Sakura's bookkeeping lives on the player (it swaps boards); this reports it."""

    def summary(self, p: Any) -> dict[str, int | str]:
        return {"score": p.cleared, "stage": p.stage.number, "stages_cleared": p.cleared,
                "percent": p.percent, "grade": f"{p.percent}%", "level": p.stage.number,
                "time_left": p.time_left, "jewels": p.jewels,
                "order": rank_order(p.cleared, p.stage.number, p.elapsed)}


class SakuraPlayer(TiPlayer):
    """``stages``: the layouts to play (built-in or the operator's); ``first``: the stage
    to start on (1-based; practice and tests); ``ex_within``: the time of play within
    which 20 cleared stages offer all seven EX stages (EX_WITHIN)."""

    __slots__ = ("cleared", "elapsed", "ex_count", "ex_within", "jewels", "results", "rolling",
                 "skip_held", "stage_frames", "stage_index", "stage_pieces", "stages",
                 "time_left")

    def __init__(self, index: int, rules: ArikaRules, seed: int,
                 stages: tuple[SakuraStage, ...], first: int = 1,
                 ex_within: int = EX_ALL_WITHIN) -> None:
        self.stages = stages
        self.ex_within = ex_within
        self.stage_index = first - 1
        self.time_left = START_FRAMES
        self.stage_frames = 0
        self.elapsed = 0
        self.cleared = 0
        self.results: list[int] = []  # 1 cleared, 0 not, per stage played
        self.ex_count = -1  # unknown until stage 20 ends
        self.stage_pieces = 0
        self.jewels = 0
        self.skip_held = 0
        self.rolling = False
        super().__init__(index, rules, seed, pieces=stage_sequence(stages[first - 1].number))
        self._load(self.stage_index)

    @property
    def stage(self) -> SakuraStage:
        return self.stages[self.stage_index]

    @property
    def percent(self) -> int:
        played = min(len(self.results), MAIN_STAGES)
        return 100 * sum(self.results[:MAIN_STAGES]) // MAIN_STAGES if played else 0

    def effect(self, name: str) -> bool:
        return name in self.stage.effects

    # ---- stages ----------------------------------------------------------------------
    def _load(self, index: int) -> None:
        self.stage_index = index
        stage = self.stages[index]
        self.board = stage.board()
        self.randomizer = stage_sequence(stage.number)
        self.next_kind = self.randomizer.next()
        self.hold_kind = NO_PIECE
        self.kind = NO_PIECE
        self.clearing = ()
        self.set_level(0)
        self.set_big("big" in stage.effects)
        self.rolling = "rollroll" in stage.effects
        self.stage_frames = 0
        self.stage_pieces = 0
        self.skip_held = 0
        self.jewels = stage.jewels
        self.phase = READY
        self.left = INTRO_FRAMES

    def _stage_over(self, cleared: bool, out: list[Event]) -> None:
        number = self.stage.number
        self.results.append(int(cleared))
        if cleared:
            self.cleared += 1
            self.time_left += time_bonus(self.stage_frames)
            out.append(Event(STAGE_CLEAR, self.index, number))
        else:
            out.append(Event(STAGE_SKIP, self.index, number))
        if number == MAIN_STAGES:
            if cleared:
                self.time_left += STAGE_20_BONUS
            self.ex_count = ex_offered(sum(self.results[:MAIN_STAGES]), self.elapsed,
                                       self.ex_within)
        last = MAIN_STAGES + max(self.ex_count, 0) if self.ex_count >= 0 else len(self.stages)
        following = self.stage_index + 1
        if following >= min(last, len(self.stages)):
            self._end(False, out)
            return
        self._load(following)
        out.append(Event(STAGE, self.index, self.stage.number))

    def after_collapse(self, out: list[Event]) -> None:
        left = jewels_on(self.board)
        self.time_left += (self.jewels - left) * JEWEL_BONUS
        self.jewels = left
        if not self.jewels:
            self._stage_over(True, out)

    def before_spawn(self, pi: PlayerInput, out: list[Event]) -> bool:
        if not self.holding:
            self.stage_pieces += 1
            if self.effect("mirror") and self.stage_pieces % MIRROR_EVERY == 0:
                self.board = mirrored(self.board)
                out.append(Event(MIRROR, self.index, self.stage_pieces))
        return True

    # ---- the frame -------------------------------------------------------------------
    def step(self, pi: PlayerInput, out: list[Event]) -> None:
        phase = self.phase
        if phase == OVER:
            return
        if pi.start and phase == ACTIVE:
            self.skip_held += 1
        elif self.skip_held:
            self.skip_held = 0
        super().step(pi, out)
        if phase == READY or self.phase == OVER:
            return  # the intro stops the clock
        self.time_left -= 1
        self.stage_frames += 1
        self.elapsed += 1
        if self.time_left <= 0:
            self.time_left = 0
            out.append(Event(TIME_UP, self.index))
            self._end(True, out)  # the results say GAME OVER, as for a top-out
        elif self.skip_held >= SKIP_HOLD_FRAMES:
            self.time_left = max(1, self.time_left - SKIP_PENALTY_FRAMES)
            self._stage_over(False, out)
        elif self.stage_frames >= STAGE_LIMIT_FRAMES and not self.stage.ex:
            self._stage_over(False, out)
        elif (self.rolling and self.phase == ACTIVE and self.kind != O
              and self.active_frames % ROLLROLL_EVERY == 0):
            turned = (self.state + 1) & 3
            moved = self.turn(self.kind, self.state, turned, self.x, self.y)
            if moved is not None:
                self.state = turned
                self.x, self.y = moved
                out.append(Event(ROTATE, self.index))

    # ---- state -----------------------------------------------------------------------
    def extra_state(self) -> tuple[Any, ...]:
        return (*super().extra_state(), self.stage_index, self.time_left, self.stage_frames,
                self.elapsed, self.cleared, tuple(self.results), self.ex_count,
                self.stage_pieces, self.jewels, self.skip_held)

    def restore(self, snap: tuple[Any, ...]) -> None:
        super().restore(snap)
        (self.stage_index, self.time_left, self.stage_frames, self.elapsed, self.cleared,
         results, self.ex_count, self.stage_pieces, self.jewels,
         self.skip_held) = snap[-1][TI_EXTRAS:]
        self.results = list(results)
        self.rolling = self.effect("rollroll")


@cache
def sakura_rules() -> ArikaRules:
    """The rules record (one per process: its tables are built once)."""
    return ArikaRules(RULES_ID, "SAKURA", NORMAL_GRAVITY, NORMAL_DELAYS, 999, x99_stops(),
                      SakuraReferee, **kit_options(TI_DECISIONS))
