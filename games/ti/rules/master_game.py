"""TGM3 Master on the Arika loop: the player (speed level, COOL/REGRET, the last
section's REGRET, the frames the pop-ups appeared) and its referee (score, internal grade
and decay, the 500 torikan, the staff roll and its points, the final grade).

Tables and sources: games/ti/rules/master.py. Choices no source settles:
games/ti/rules/decisions.py.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from engine.events import Event
from games.arika import events as aev
from games.arika.board import ROWS
from games.arika.grading import Grades
from games.arika.rules import (
    ROLL_FADING,
    ROLL_INVISIBLE,
    ROLL_NAMES,
    ROLL_NONE,
    ArikaRules,
    Referee,
    kit_options,
    x99_stops,
)
from games.arika.scoring import clear_score, next_combo
from games.arika.speeds import MASTER_GRAVITY
from games.ti.rules import master
from games.ti.rules.bag import TiBag
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.speed import REGRET, SpeedLevelPlayer

if TYPE_CHECKING:
    from games.arika.player import ArikaPlayer

MASTER = "ti-master"
GOAL = 999
NO_FRAME = -1
TORIKAN_STRICT: bool = TI_DECISIONS["torikan_over_not_at"].value
COOL_SHOWN_AT: int = TI_DECISIONS["cool_shown_at"].value
# The ranking order of a result: grade, then level, then the shorter time.
TIME_SPAN = 10**7


def rank_order(grade_index: int, level: int, frames: int) -> int:
    """One number that orders results: a higher grade, then a higher level, then less
    time ranks higher."""
    return (grade_index * 10_000 + level) * TIME_SPAN + TIME_SPAN - 1 - min(frames,
                                                                            TIME_SPAN - 1)


def display_grade(name: str) -> str:
    """The board's font is upper case: m1..m9 show as M1..M9 (see the decisions)."""
    return name.upper() if TI_DECISIONS["m_grades_upper_case"].value else name


class TiMasterPlayer(SpeedLevelPlayer):
    """Adds the REGRET of the last section (it ends at the goal, not at a hundred), each
    finished section's mark ("C" COOL, "R" REGRET, "-" neither) and the frames the latest
    COOL and REGRET were shown (the play screen's pop-ups): a COOL decided at x70 shows
    at x82 (or at the section's end if it comes first), a REGRET as the section ends."""

    __slots__ = ("cool_frame", "regret_frame", "section_marks")
    clear_levels = master.CLEAR_LEVELS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.cool_frame = NO_FRAME
        self.regret_frame = NO_FRAME
        self.section_marks = ""
        super().__init__(*args, **kwargs)

    def level_to(self, level: int, out: list[Event], lock: bool = False) -> None:
        mark, old, cools, regrets = len(out), self.level, self.cools, self.regrets
        super().level_to(level, out, lock)
        shown_before = old % 100 >= COOL_SHOWN_AT
        if level // 100 != old // 100:
            self.section_marks += ("R" if self.regrets > regrets
                                   else "C" if self.cools > cools else "-")
            if self.cools > cools and not shown_before:
                self.cool_frame = self.frame  # the section ended before x82: shown now
        elif self.cool_pending and not shown_before and level % 100 >= COOL_SHOWN_AT:
            self.cool_frame = self.frame
        self._note(out, mark)

    def end_section(self, section: int, out: list[Event]) -> None:
        mark = len(out)
        super().end_section(section, out)
        if section == master.SECTIONS - 1:
            late = master.regret(section, self.section_frames[-1])
            if late:
                self.regrets += 1
                self.steps += master.section_steps(False, True)
                out.append(Event(REGRET, self.index, section))
            self.section_marks += "R" if late else "-"
        self._note(out, mark)

    def _note(self, out: list[Event], mark: int) -> None:
        for event in out[mark:]:
            if event.kind == REGRET:
                self.regret_frame = self.frame

    def extra_state(self) -> tuple[Any, ...]:
        return (*super().extra_state(), self.cool_frame, self.regret_frame, self.section_marks)

    def restore(self, snap: tuple[Any, ...]) -> None:
        *head, extra = snap
        super().restore((*head, extra[:-3]))
        self.cool_frame, self.regret_frame, self.section_marks = extra[-3:]


def _bravo(p: ArikaPlayer) -> bool:
    board = p.board
    gone = set(p.clearing)
    return all(board.row_empty(r) for r in range(1, ROWS + 1) if r not in gone)


class TiMasterReferee(Referee):
    """``exam`` (a promotion exam is running: no torikan) and ``qualified_gm`` (the
    account's qualified class is GM: the final grade may be GM) are set before play by the
    session from the player's account."""

    ticks = True

    def __init__(self) -> None:
        self.score = 0
        self.combo = 1
        self.grades = Grades(master.COMBO_TENTHS)
        self.roll = ROLL_NONE
        self.roll_points = 0  # hundredths of a grade
        self.torikan = False
        self.exam = False
        self.qualified_gm = False
        self.final = master.final_grade(0, 0, 0)

    # ---- play ------------------------------------------------------------------------
    def on_active_frame(self, p: ArikaPlayer) -> None:
        if not p.goal_reached:
            self.grades.tick()

    def on_lock(self, p: ArikaPlayer, lines: int, level_before: int, out: list[Event]) -> None:
        if not lines:
            self.combo = 1
            if not p.goal_reached:
                self.grades.on_no_clear()
            return
        self.combo = next_combo(self.combo, lines)
        self.score += clear_score(level_before, lines, p.soft, p.sonic, self.combo,
                                  _bravo(p), p.level, p.lock_delay, p.active_frames)
        if p.roll:
            self.roll_points += master.roll_points(lines, p.roll == ROLL_INVISIBLE)
        elif not p.goal_reached and self.grades.on_clear(lines, level_before):
            out.append(Event(aev.GRADE_UP, p.index, self.grades.grade))
        self._grade(p)

    def on_section(self, p: ArikaPlayer, section: int, frames: int, out: list[Event]) -> None:
        at_torikan = master.TORIKAN_LEVEL // 100 - 1
        late = (p.clock > master.TORIKAN_FRAMES if TORIKAN_STRICT
                else p.clock >= master.TORIKAN_FRAMES)
        if section == at_torikan and late and not self.exam:
            self.torikan = True
            p.stop_at(master.TORIKAN_LEVEL)
            out.append(Event(aev.TORIKAN, p.index, master.TORIKAN_LEVEL))
        self._grade(p)

    def on_goal(self, p: ArikaPlayer, out: list[Event]) -> int:
        self._grade(p)
        if self.torikan:
            return ROLL_NONE
        assert isinstance(p, SpeedLevelPlayer)
        invisible = master.invisible_roll(p.cools, self.grades.grade)
        self.roll = ROLL_INVISIBLE if invisible else ROLL_FADING
        return self.roll

    def on_end(self, p: ArikaPlayer, topped_out: bool, out: list[Event]) -> None:
        if self.roll and not topped_out:
            self.roll_points += (master.INVISIBLE_ROLL_SURVIVED if self.roll == ROLL_INVISIBLE
                                 else master.FADING_ROLL_SURVIVED)
        self._grade(p)

    def _grade(self, p: ArikaPlayer) -> None:
        steps = p.steps if isinstance(p, SpeedLevelPlayer) else 0
        self.final = master.final_grade(self.grades.grade, steps, self.roll_points,
                                        self.qualified_gm)

    # ---- results ---------------------------------------------------------------------
    @property
    def grade(self) -> str:
        return display_grade(self.final.name)

    def worth(self, p: ArikaPlayer) -> int:
        """The grade index the account's history keeps: the final grade without the GM
        cap when the invisible roll was survived (a GM-worthy game), else capped."""
        steps = p.steps if isinstance(p, SpeedLevelPlayer) else 0
        survived = self.roll == ROLL_INVISIBLE and p.finished
        return master.final_grade(self.grades.grade, steps, self.roll_points,
                                  qualified_gm=survived).index

    def summary(self, p: ArikaPlayer) -> dict[str, int | str]:
        cools = p.cools if isinstance(p, SpeedLevelPlayer) else 0
        regrets = p.regrets if isinstance(p, SpeedLevelPlayer) else 0
        return {
            "score": self.score, "grade": self.grade, "grade_index": self.final.index,
            "internal_grade": self.grades.grade, "cools": cools, "regrets": regrets,
            "roll": ROLL_NAMES[self.roll], "roll_points": self.roll_points,
            "torikan": int(self.torikan), "worth": self.worth(p),
            "order": rank_order(self.final.index, p.level, p.clock),
        }

    def state(self) -> tuple[Any, ...]:
        return (self.score, self.combo, self.grades.state(), self.roll, self.roll_points,
                self.torikan, self.exam, self.qualified_gm, self.final.index)

    def restore(self, state: tuple[Any, ...]) -> None:
        (self.score, self.combo, grades, self.roll, self.roll_points, self.torikan,
         self.exam, self.qualified_gm, final) = state
        self.grades.restore(grades)
        self.final = master.FinalGrade(final)


@cache
def master_rules() -> ArikaRules:
    """The Arika rules record of Master: TAP Master's gravity (read at the speed level by
    the player), the speed-level delays up to 999 (the player reads past it), goal 999
    with the x99 and 998 level stops, the 3238-frame roll."""
    return ArikaRules(
        MASTER, "TI MASTER", MASTER_GRAVITY,
        tuple(r for r in master.SPEED_DELAYS if r.from_level < 1000), GOAL, x99_stops(GOAL),
        TiMasterReferee, roll_frames=master.ROLL_FRAMES,
        **kit_options(TI_DECISIONS),
    )


def new_master_player(index: int, rules: ArikaRules, seed: int,
                      require_baseline: bool = False) -> TiMasterPlayer:
    """``require_baseline``: the COOL rule of NullpoMino and cambridge (see "cool_rule")."""
    p = TiMasterPlayer(index, rules, seed, pieces=TiBag(seed))
    p.require_baseline = require_baseline
    return p
