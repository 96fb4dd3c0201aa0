"""The four single-player modes' bookkeeping, plugged into the Arika player loop."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.events import Event
from games.arika import events as aev
from games.arika.board import GARBAGE, ROWS
from games.arika.grading import Grades, grade_name
from games.arika.rules import ROLL_FADING, ROLL_INVISIBLE, ROLL_NAMES, ROLL_PLAIN, Referee
from games.arika.scoring import clear_score, next_combo
from games.tap.rules import mroll
from games.tap.rules.medals import DEATH_SK_TETRISES, ST_RECORDS, Medals
from games.tap.rules.tables import (
    DEATH_TORIKAN_FRAMES,
    DEATH_TORIKAN_LEVEL,
    ITEM_DEL_EVEN,
    ITEM_FREE_FALL,
    MROLL_GM_ORANGE_LINES,
    NORMAL_ITEMS,
    NORMAL_SCORE_FACTOR,
    NORMAL_TIME_BONUS,
    NORMAL_TIME_LIMIT,
    PLUS_PATTERN,
    PLUS_RISE_BASE,
)

if TYPE_CHECKING:
    from games.arika.player import ArikaPlayer


def _bravo(p: ArikaPlayer) -> bool:
    """The clear leaves the field empty."""
    board = p.board
    gone = set(p.clearing)
    return all(board.row_empty(r) for r in range(1, ROWS + 1) if r not in gone)


class TapReferee(Referee):
    """Scoring, Tetrises per section and bravos: common to the four modes."""

    score_factor = 1

    def __init__(self) -> None:
        self.score = 0
        self.combo = 1
        self.tetrises = [0] * 10
        self.bravos = 0
        self.grade = ""  # what the result screen shows ("" = no grade)
        self.line = "none"  # the ranking's line under the grade: none, green, orange

    def on_lines(self, p: ArikaPlayer, lines: int, level_before: int) -> None:
        # Counted before the level moves: a Tetris from x96 to the next hundred belongs to
        # the section it was made in, whose M-roll check runs as the level crosses.
        # Source: NullpoMino GradeMania2Mode (the Tetris is counted before the section
        # check); tetris.wiki "Tetris The Absolute The Grand Master 2" (Tetrises per section).
        if lines == 4:
            self.tetrises[min(level_before // 100, 9)] += 1

    def on_lock(self, p: ArikaPlayer, lines: int, level_before: int, out: list[Event]) -> None:
        if not lines:
            self.combo = 1
            return
        self.combo = next_combo(self.combo, lines)
        bravo = _bravo(p)
        if bravo:
            self.bravos += 1
        self.score += self.score_factor * clear_score(
            level_before, lines, p.soft, p.sonic, self.combo, bravo, p.level, p.lock_delay,
            p.active_frames)

    def summary(self, p: ArikaPlayer) -> dict[str, int | str]:
        return {"score": self.score, "grade": self.grade, "line": self.line}

    def state(self) -> tuple[Any, ...]:
        return (self.score, self.combo, tuple(self.tetrises), self.bravos, self.grade,
                self.line)

    def restore(self, state: tuple[Any, ...]) -> None:
        self.score, self.combo, tetrises, self.bravos, self.grade, self.line = state
        self.tetrises = list(tetrises)


class NormalReferee(TapReferee):
    """Normal: to level 300, score x6, a time bonus, Free Fall at 100 and Del Even at 200."""

    score_factor = NORMAL_SCORE_FACTOR

    def __init__(self) -> None:
        super().__init__()
        self.items_given = 0

    def on_spawn(self, p: ArikaPlayer) -> int:
        due = sum(1 for level, _ in NORMAL_ITEMS if p.level >= level)
        if due > self.items_given:
            self.items_given = due  # a game started past an item's level skips it
            return NORMAL_ITEMS[due - 1][1]
        return 0

    def on_item(self, p: ArikaPlayer, item: int, out: list[Event]) -> None:
        board = p.board
        if item == ITEM_FREE_FALL:
            board.compact_columns()
            full = [r for r in range(1, ROWS + 1) if board.row_full(r)]
            if full:
                board.remove_rows(full)
        elif item == ITEM_DEL_EVEN:
            board.remove_rows(list(range(2, ROWS + 1, 2)))

    def on_goal(self, p: ArikaPlayer, out: list[Event]) -> int:
        if p.clock < NORMAL_TIME_LIMIT:
            self.score += NORMAL_TIME_BONUS * -(-(NORMAL_TIME_LIMIT - p.clock) // 60)
        self.line = "green"
        return ROLL_PLAIN

    def state(self) -> tuple[Any, ...]:
        return (*super().state(), self.items_given)

    def restore(self, state: tuple[Any, ...]) -> None:
        super().restore(state[:-1])
        self.items_given = state[-1]


class MasterReferee(TapReferee):
    """Master: the Grade Recognition System, the M-roll conditions, fading or invisible
    roll, M and GM."""

    ticks = True

    def __init__(self, st_records: tuple[int, ...] = ST_RECORDS) -> None:
        super().__init__()
        self.grades = Grades()
        self.mroll_ok = True
        self.roll = 0
        self.grade = grade_name(0)
        self.medals = Medals(st_records)

    def on_active_frame(self, p: ArikaPlayer) -> None:
        if not p.goal_reached:
            self.grades.tick()

    def on_lock(self, p: ArikaPlayer, lines: int, level_before: int, out: list[Event]) -> None:
        super().on_lock(p, lines, level_before, out)
        if p.goal_reached:
            return  # the roll: no more grading or medals
        self.medals.locked(p.turns, lines, p.board.block_count(), self.bravos,
                           sum(self.tetrises), (level_before, p.level))
        grades = self.grades
        if lines:
            if grades.on_clear(lines, level_before):
                out.append(Event(aev.GRADE_UP, p.index, grades.grade))
        else:
            grades.on_no_clear()
        self.grade = grades.name

    def on_section(self, p: ArikaPlayer, section: int, frames: int, out: list[Event]) -> None:
        self.medals.section(section, frames)
        if len(p.section_frames) != section + 1:
            self.mroll_ok = False  # a game that did not start at level 0
        elif self.mroll_ok:
            self.mroll_ok = mroll.section_ok(section, p.section_frames,
                                             self.tetrises[section])

    def on_goal(self, p: ArikaPlayer, out: list[Event]) -> int:
        self.medals.goal()
        self.grade = self.grades.name
        self.line = "green"
        if self.mroll_ok and mroll.final_ok(self.grades.grade, p.clock):
            self.roll = ROLL_INVISIBLE
        else:
            self.roll = ROLL_FADING
        return self.roll

    def on_end(self, p: ArikaPlayer, topped_out: bool, out: list[Event]) -> None:
        if not p.goal_reached:
            return
        if self.roll == ROLL_INVISIBLE:
            if topped_out:
                self.grade = "M"
            else:
                self.grade = "GM"
                self.line = "orange" if p.roll_lines >= MROLL_GM_ORANGE_LINES else "green"
        elif not topped_out:
            self.line = "orange"

    def summary(self, p: ArikaPlayer) -> dict[str, int | str]:
        return {**super().summary(p), "internal_grade": self.grades.grade,
                "grade_points": self.grades.points, "roll": ROLL_NAMES[self.roll],
                "medals": self.medals.text()}

    def state(self) -> tuple[Any, ...]:
        return (*super().state(), self.grades.state(), self.mroll_ok, self.roll,
                self.medals.state())

    def restore(self, state: tuple[Any, ...]) -> None:
        super().restore(state[:-4])
        grades, self.mroll_ok, self.roll, medals = state[-4:]
        self.grades.restore(grades)
        self.medals.restore(medals)


class PlusReferee(TapReferee):
    """TGM+: a row of the fixed pattern rises after 13 - level // 100 pieces in a row
    have cleared nothing. No grades; the roll need not be survived."""

    def __init__(self) -> None:
        super().__init__()
        self.counter = 0
        self.pattern_row = 0

    def on_lock(self, p: ArikaPlayer, lines: int, level_before: int, out: list[Event]) -> None:
        super().on_lock(p, lines, level_before, out)
        if lines or p.goal_reached:
            return
        self.counter += 1
        if self.counter >= PLUS_RISE_BASE - p.level // 100:
            self.counter = 0
            row = PLUS_PATTERN[self.pattern_row]
            self.pattern_row = (self.pattern_row + 1) % len(PLUS_PATTERN)
            p.board.push_up([GARBAGE if ch == "#" else 0 for ch in row], p.frame)
            out.append(Event(aev.GARBAGE_RISE, p.index, 1))

    def on_goal(self, p: ArikaPlayer, out: list[Event]) -> int:
        self.grade = "EXCELLENT"
        self.line = "green"
        return ROLL_PLAIN

    def state(self) -> tuple[Any, ...]:
        return (*super().state(), self.counter, self.pattern_row)

    def restore(self, state: tuple[Any, ...]) -> None:
        super().restore(state[:-2])
        self.counter, self.pattern_row = state[-2:]


class DeathReferee(TapReferee):
    """T.A. Death: M at level 500 within 3:25.00, else the game stops at 500 (torikan);
    GM at 999. The roll changes nothing. Medals as Master's, SK at Death's own counts."""

    def __init__(self, st_records: tuple[int, ...] = ST_RECORDS) -> None:
        super().__init__()
        self.torikan = False
        self.medals = Medals(st_records, DEATH_SK_TETRISES)

    def on_lock(self, p: ArikaPlayer, lines: int, level_before: int, out: list[Event]) -> None:
        super().on_lock(p, lines, level_before, out)
        if not p.goal_reached:  # the roll earns no medals
            self.medals.locked(p.turns, lines, p.board.block_count(), self.bravos,
                               sum(self.tetrises), (level_before, p.level))

    def on_section(self, p: ArikaPlayer, section: int, frames: int, out: list[Event]) -> None:
        self.medals.section(section, frames)
        if section == DEATH_TORIKAN_LEVEL // 100 - 1:
            if p.clock <= DEATH_TORIKAN_FRAMES:
                self.grade = "M"
            else:
                self.torikan = True
                p.stop_at(DEATH_TORIKAN_LEVEL)
                out.append(Event(aev.TORIKAN, p.index, DEATH_TORIKAN_LEVEL))

    def on_goal(self, p: ArikaPlayer, out: list[Event]) -> int:
        self.medals.goal()
        self.line = "green"
        if not self.torikan:
            self.grade = "GM"
        return ROLL_PLAIN

    def summary(self, p: ArikaPlayer) -> dict[str, int | str]:
        return {**super().summary(p), "medals": self.medals.text()}

    def state(self) -> tuple[Any, ...]:
        return (*super().state(), self.torikan, self.medals.state())

    def restore(self, state: tuple[Any, ...]) -> None:
        super().restore(state[:-2])
        self.torikan, medals = state[-2:]
        self.medals.restore(medals)
