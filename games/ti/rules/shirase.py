"""TGM3 Shirase: 20G from the first piece, its own delays to level 1300, rising garbage in
500-999, bone blocks from 1000, the torikans at 500 and 1000, and a BIG-block credit roll
at 1300. Grade: one S-grade a section completed, less one a REGRET (over 1:00).

Sources: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct" (Shirase: the delay
table, here in internal frames, i.e. the wiki's ARE, line ARE and DAS less 2; garbage
counter +1 a piece, -1 a cleared line, a row rising during ARE at 20/18/10/9/8 in
sections 5-9; monochrome blocks from 1000; big blocks in the roll; the torikans at 2:28 /
4:56 Classic and 3:03 / 6:06 World; grade = sections completed less REGRETs, over 1:00 a
section). shiromino's G3 Terror timings agree with the delay table.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.events import Event
from engine.inputs import PlayerInput
from games.arika import events as aev
from games.arika.rules import ROLL_NONE, ROLL_PLAIN, ArikaRules, Referee, kit_options, x99_stops
from games.arika.scoring import clear_score, next_combo
from games.arika.timing import TWENTY_G, DelayRow, GravityRow
from games.ti.rules import master
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.master_game import rank_order
from games.ti.rules.player import TI_EXTRAS, TiPlayer

RULES_ID = "ti-shirase"
SECOND = 60
GOAL = 1300
LEVELS = GOAL + 1

# Internal frames: from_level, ARE, line ARE, DAS, lock, line clear.
SHIRASE_DELAYS: tuple[DelayRow, ...] = (
    DelayRow(0, 10, 6, 8, 18, 6),
    DelayRow(100, 10, 5, 6, 18, 5),
    DelayRow(200, 10, 4, 6, 17, 4),
    DelayRow(300, 4, 4, 6, 15, 4),
    DelayRow(500, 4, 3, 4, 13, 3),
    DelayRow(600, 4, 3, 4, 12, 3),
    DelayRow(1100, 4, 3, 4, 10, 3),
    DelayRow(1200, 4, 3, 4, 8, 3),
    DelayRow(1300, 4, 4, 4, 15, 6),  # the credit roll
)
SHIRASE_GRAVITY: tuple[GravityRow, ...] = (GravityRow(0, TWENTY_G),)

# Garbage: pieces (less cleared lines) before a row rises, by section (levels 500-999).
GARBAGE_QUOTA: dict[int, int] = {5: 20, 6: 18, 7: 10, 8: 9, 9: 8}
GARBAGE_FROM, GARBAGE_TO = 500, 1000
BONE_LEVEL = 1000  # blocks turn monochrome ("bone") from here

# Torikans: (level, Classic limit, World limit) in frames; over the limit ends the game.
TORIKANS: tuple[tuple[int, int, int], ...] = (
    (500, (2 * 60 + 28) * SECOND, (3 * 60 + 3) * SECOND),
    (1000, (4 * 60 + 56) * SECOND, (6 * 60 + 6) * SECOND),
)
REGRET_FRAMES = 60 * SECOND  # a section over 1:00 is a REGRET
SECTIONS = GOAL // 100  # 13: grade S13 at most
ROLL_FRAMES: int = TI_DECISIONS["shirase_roll_frames"].value

REGRET = "regret"  # value: the section that took too long


def torikan_limit(level: int, world: bool) -> int | None:
    """The time limit (frames) checked on reaching ``level``, if there is one there."""
    for at, classic, world_limit in TORIKANS:
        if level == at:
            return world_limit if world else classic
    return None


def garbage_quota(level: int) -> int:
    """0 outside 500-999 (no garbage)."""
    return GARBAGE_QUOTA.get(level // 100, 0) if GARBAGE_FROM <= level < GARBAGE_TO else 0


def grade_steps(sections: int, regrets: int) -> int:
    return max(0, min(sections, SECTIONS) - regrets)


def grade_name(steps: int) -> str:
    """0 shows as 1 (no S-grade yet); n as Sn."""
    return f"S{steps}" if steps > 0 else "1"


class ShiraseReferee(Referee):
    """Score (TAP's formula), sections, REGRETs, torikans and the BIG roll."""

    def __init__(self) -> None:
        self.score = 0
        self.combo = 1
        self.sections = 0
        self.regrets = 0
        self.torikan = 0  # the level the game was stopped at (0: none)

    def on_lock(self, p: Any, lines: int, level_before: int, out: list[Event]) -> None:
        if not lines:
            self.combo = 1
            return
        self.combo = next_combo(self.combo, lines)
        self.score += clear_score(level_before, lines, p.soft, p.sonic, self.combo, False,
                                  p.level, p.lock_delay, p.active_frames)

    def on_section(self, p: Any, section: int, frames: int, out: list[Event]) -> None:
        if p.in_roll:
            return
        self.sections += 1
        if frames > REGRET_FRAMES:
            self.regrets += 1
            out.append(Event(REGRET, p.index, section))
        reached = (section + 1) * 100
        limit = torikan_limit(reached, bool(getattr(p, "world", False)))
        if limit is not None and p.clock > limit:
            self.torikan = reached
            p.stop_at(p.level)
            out.append(Event(aev.TORIKAN, p.index, reached))

    def on_goal(self, p: Any, out: list[Event]) -> int:
        if self.torikan or p.level < GOAL:
            return ROLL_NONE
        p.set_big(True)
        return ROLL_PLAIN

    @property
    def grade(self) -> str:
        return grade_name(grade_steps(self.sections, self.regrets))

    def summary(self, p: Any) -> dict[str, int | str]:
        return {"score": self.score, "grade": self.grade, "torikan": self.torikan,
                "regrets": self.regrets, "garbage": int(getattr(p, "garbage", 0)),
                "order": rank_order(grade_steps(self.sections, self.regrets), p.level,
                                    p.clock)}

    def state(self) -> tuple[Any, ...]:
        return (self.score, self.combo, self.sections, self.regrets, self.torikan)

    def restore(self, state: tuple[Any, ...]) -> None:
        self.score, self.combo, self.sections, self.regrets, self.torikan = state


class ShirasePlayer(TiPlayer):
    """The garbage counter: +1 a piece dealt (not a hold swap), -1 a cleared line (not
    below 0), while the level is 500-999; at the section's quota the bottom row is copied
    and pushed up as the next piece appears (the end of ARE), and the count starts over."""

    __slots__ = ("garbage",)
    clear_levels = master.CLEAR_LEVELS  # as in Master: a triple adds 4 levels, a Tetris 6

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.garbage = 0
        super().__init__(*args, **kwargs)

    @property
    def bone(self) -> bool:
        return self.level >= BONE_LEVEL and not self.in_roll

    def before_spawn(self, pi: PlayerInput, out: list[Event]) -> bool:
        quota = garbage_quota(self.level)
        if quota and not self.holding:
            self.garbage += 1
            if self.garbage >= quota:
                self.garbage = 0
                board = self.board
                board.push_up(list(board.cells[0]), self.frame)
                out.append(Event(aev.GARBAGE_RISE, self.index, 1))
        return True

    def after_lock(self, lines: int, out: list[Event]) -> None:
        if self.garbage and GARBAGE_FROM <= self.level < GARBAGE_TO:
            self.garbage = max(0, self.garbage - lines)

    def extra_state(self) -> tuple[Any, ...]:
        return (*super().extra_state(), self.garbage)

    def restore(self, snap: tuple[Any, ...]) -> None:
        super().restore(snap)
        (self.garbage,) = snap[-1][TI_EXTRAS:]


@cache
def shirase_rules() -> ArikaRules:
    """The rules record (one per process: its tables are built once)."""
    return ArikaRules(RULES_ID, "SHIRASE", SHIRASE_GRAVITY, SHIRASE_DELAYS, GOAL,
                      x99_stops(GOAL), ShiraseReferee, roll_frames=ROLL_FRAMES,
                      **kit_options(TI_DECISIONS), levels=LEVELS)
