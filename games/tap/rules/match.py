"""A TAP versus match: two fields, the same pieces, a target level and a time limit, first
to N games.

Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Versus (all four modes, Normal
played as Master, each mode's own speed curve, TGM+ keeps its rising rows; default target
200 in 100-level steps with 1:20 of time per 100 levels; reaching the target wins, topping
out loses, the higher level wins at time-out; first to 2 games; items off / Cement when the
players hold Start / Start+A+B as versus begins); tetris.wiki "TGM Versus Mode Guide" (both
players get the same piece sequence). The rest is VERSUS_DECISIONS.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.events import Event
from engine.inputs import InputFrame
from games.arika.player import OVER, READY
from games.arika.randomizer import lcg_step
from games.arika.rules import ArikaRules, stop_table, x99_stops
from games.arika.timing import LEVELS
from games.tap.rules.decisions import VERSUS_DECISIONS
from games.tap.rules.modes import BOUNDARIES, DAS_STEPS, MASTER, MODES, NORMAL, rules_for
from games.tap.rules.versus_player import Side, VersusPlayer, item_seed

VERSUS = "tap-versus"
FRAMES_PER_100_LEVELS = 4800  # 1:20.00 at 60 frames a second
TARGETS = tuple(range(100, 1000, 100))
DEFAULT_TARGET = 200
DEFAULT_WINS = 2
DRAW = 2  # a game's or a match's result when nobody won
INTERVAL_FRAMES: int = VERSUS_DECISIONS["game_interval_frames"].value

# Phases of a match.
PLAYING = 0
INTERVAL = 1  # between games: WIN / LOSE shown
FINISHED = 2

GAME_RESULT = "versus_game"  # value: the winner (0, 1) or DRAW
MATCH_RESULT = "versus_match"  # value: the winner (0, 1) or DRAW
MATCH_OPTIONS = "versus_options"  # value: bit 0 items off, bit 1 Cement


def time_limit(target: int) -> int:
    """Frames of the time limit: 1:20 per 100 levels of the target."""
    return target // 100 * FRAMES_PER_100_LEVELS


def check_target(target: object) -> int:
    if not isinstance(target, int) or isinstance(target, bool) or target not in TARGETS:
        raise ValueError(f"versus target must be one of 100, 200, ... 900, not {target!r}")
    return target


def check_wins(wins: object) -> int:
    if not isinstance(wins, int) or isinstance(wins, bool) or not 1 <= wins <= 9:
        raise ValueError(f"versus wins must be 1 to 9, not {wins!r}")
    return wins


def warm() -> None:
    """Every mode's speed tables under every boundaries and DAS setting, and the level
    stops of every target (games/arika/rules.py level_tables and stop_table): a match's
    rules are then made from them in the frame it begins."""
    for mode in MODES:
        for boundaries in BOUNDARIES:
            for das_step in DAS_STEPS:
                rules_for(mode, boundaries, das_step)
    for target in TARGETS:
        stop_table(x99_stops(target), LEVELS)


@cache
def versus_rules(mode: str, target: int, boundaries: str = "wiki",
                 das_step: int = 901) -> ArikaRules:
    """The mode's speeds with the target as the goal (Normal plays as Master)."""
    base = rules_for(MASTER if mode == NORMAL else mode, boundaries, das_step)
    return dataclasses.replace(base, goal=target, level_stops=x99_stops(target),
                               roll_frames=0)


def game_result(p1: VersusPlayer, p2: VersusPlayer, clock: int, limit: int) -> int | None:
    """The game's winner (0 or 1), DRAW, or None while it goes on."""
    done = (p1.finished, p2.finished)
    if any(done):
        return DRAW if all(done) else done.index(True)
    out = (p1.phase == OVER, p2.phase == OVER)
    if any(out):
        return DRAW if all(out) else out.index(False)
    if clock >= limit:
        if p1.level == p2.level:
            return DRAW
        return 0 if p1.level > p2.level else 1
    return None


@dataclass(frozen=True)
class MatchSettings:
    mode: str = MASTER  # P1's mode
    target: int = DEFAULT_TARGET
    wins: int = DEFAULT_WINS
    boundaries: str = "wiki"
    das_step: int = 901


class Match:
    """Two ``VersusPlayer`` s, one game after another until one has ``wins`` games (or the
    game cap). ``seed`` deals each game: both players get its pieces; it then steps once."""

    def __init__(self, settings: MatchSettings, seed: int) -> None:
        self.settings = settings
        self.rules = versus_rules(settings.mode, settings.target, settings.boundaries,
                                  settings.das_step)
        self.limit = time_limit(settings.target)
        self.cap = 2 * settings.wins + 1
        self.seed = seed & 0xFFFFFFFF
        self.wins = [0, 0]
        self.results: list[int] = []
        self.phase = PLAYING
        self.left = 0
        self.clock = 0
        self.items_on = True
        self.garbage_on = True
        self.options_read = False
        self.players: list[VersusPlayer] = []
        self.winner: int | None = None
        self._new_game()

    def _new_game(self) -> None:
        game_seed = self.seed
        self.seed = lcg_step(self.seed)
        self.players = [
            VersusPlayer(i, self.rules, game_seed,
                         Side(item_seed(game_seed, i), self.items_on, self.garbage_on))
            for i in (0, 1)
        ]
        p1, p2 = self.players
        p1.side.other, p2.side.other = p2, p1
        self.clock = 0
        self.phase = PLAYING

    def step(self, inputs: InputFrame, out: list[Event]) -> None:
        if self.phase == FINISHED:
            return
        if self.phase == INTERVAL:
            self.left -= 1
            if self.left <= 0:
                self._new_game()
            return
        p1, p2 = self.players
        if not self.options_read and p1.phase == READY and p1.left == 1:
            self._read_options(inputs, out)
        p1.step(inputs.p1, out)
        p2.step(inputs.p2, out)
        if p1.pieces:
            self.clock += 1
        result = game_result(p1, p2, self.clock, self.limit)
        if result is not None:
            self._end_game(result, out)

    def _read_options(self, inputs: InputFrame, out: list[Event]) -> None:
        """Both holding Start: items off; both also holding A+B: Cement (no garbage)."""
        self.options_read = True
        a, b = inputs.p1, inputs.p2
        if a.start and b.start:
            self.items_on = False
            self.garbage_on = not (a.b1 and a.b2 and b.b1 and b.b2)
            for p in self.players:
                p.side.items_on = self.items_on
                p.side.garbage_on = self.garbage_on
            out.append(Event(MATCH_OPTIONS, 0, 1 | (0 if self.garbage_on else 2)))

    def _end_game(self, result: int, out: list[Event]) -> None:
        self.results.append(result)
        out.append(Event(GAME_RESULT, 0, result))
        if result != DRAW:
            self.wins[result] += 1
        best = max(self.wins)
        if best >= self.settings.wins or len(self.results) >= self.cap:
            w1, w2 = self.wins
            self.winner = DRAW if w1 == w2 else (0 if w1 > w2 else 1)
            self.phase = FINISHED
            out.append(Event(MATCH_RESULT, 0, self.winner))
        else:
            self.phase = INTERVAL
            self.left = INTERVAL_FRAMES

    @property
    def over(self) -> bool:
        return self.phase == FINISHED

    @property
    def time_left(self) -> int:
        return max(0, self.limit - self.clock)

    def state(self) -> tuple[Any, ...]:
        return (self.seed, tuple(self.wins), tuple(self.results), self.phase, self.left,
                self.clock, self.items_on, self.garbage_on, self.options_read, self.winner,
                tuple(p.snapshot() for p in self.players))

    def restore(self, state: tuple[Any, ...]) -> None:
        (self.seed, wins, results, self.phase, self.left, self.clock, self.items_on,
         self.garbage_on, self.options_read, self.winner, players) = state
        self.wins, self.results = list(wins), list(results)
        for p, snap in zip(self.players, players, strict=True):
            p.restore(snap)

    def hash_items(self) -> tuple[Any, ...]:
        return (self.seed, tuple(self.wins), tuple(self.results), self.phase, self.left,
                self.clock, self.items_on, self.garbage_on, self.options_read,
                tuple(p.hash_items() for p in self.players))
