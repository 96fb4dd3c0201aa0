"""What an Arika mode is: its speed tables, goal, level stops, roll, and a referee (the
mode's own bookkeeping: scoring, grades, garbage, items) plugged into the player loop."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.decision import Decision
from games.arika.decisions import ARIKA_DECISIONS
from games.arika.timing import (
    LEVELS,
    DelayRow,
    GravityRow,
    Timing,
    gravity_by_level,
    timing_by_level,
)

if TYPE_CHECKING:
    from engine.events import Event
    from games.arika.player import ArikaPlayer

ROLL_NONE = 0
ROLL_PLAIN = 1  # blocks stay
ROLL_FADING = 2  # blocks fade a while after they lock
ROLL_INVISIBLE = 3  # blocks vanish as they lock
ROLL_NAMES = ("none", "plain", "fading", "invisible")


class Referee:
    """A mode's per-game bookkeeping, called by the player loop. The base does nothing."""

    ticks = False  # True: on_active_frame is called every frame a piece is in play

    def on_spawn(self, p: ArikaPlayer) -> int:
        """Called as a piece is dealt; returns an item code to put in its blocks (0: none)."""
        return 0

    def on_active_frame(self, p: ArikaPlayer) -> None: ...

    def on_lines(self, p: ArikaPlayer, lines: int, level_before: int) -> None:
        """The piece just written completed ``lines`` rows (1-4), before the level takes
        them: whatever counts for the section the clear was made in (a Tetris from x96
        that ends the section) is counted here, ahead of ``on_section``."""

    def on_lock(self, p: ArikaPlayer, lines: int, level_before: int, out: list[Event]) -> None:
        """After the piece is written and the level has taken the cleared lines."""

    def on_section(self, p: ArikaPlayer, section: int, frames: int, out: list[Event]) -> None:
        """Section ``section`` (0 = levels 0-99) ended after ``frames`` frames."""

    def on_goal(self, p: ArikaPlayer, out: list[Event]) -> int:
        """The goal level is reached; returns the roll to play (ROLL_NONE ends the game)."""
        return ROLL_NONE

    def on_item(self, p: ArikaPlayer, item: int, out: list[Event]) -> None:
        """A cleared row held blocks of an item piece (after the rows collapsed)."""

    def on_end(self, p: ArikaPlayer, topped_out: bool, out: list[Event]) -> None:
        """The game is over: topped out (also during a roll), or finished."""

    def summary(self, p: ArikaPlayer) -> dict[str, int | str]:
        return {}

    def state(self) -> tuple[Any, ...]:
        return ()

    def restore(self, state: tuple[Any, ...]) -> None: ...


@dataclass(frozen=True)
class ArikaRules:
    id: str
    title: str
    gravity_rows: tuple[GravityRow, ...]
    delay_rows: tuple[DelayRow, ...]
    goal: int  # the level that ends the game (the roll follows)
    level_stops: frozenset[int]  # levels a new piece does not advance (a clear must)
    referee: Callable[[], Referee]
    roll_frames: int = 0
    roll_pause: int = 0
    ghost_below: int = ARIKA_DECISIONS["ghost_below_level"].value
    ready_frames: int = 0
    decisions: Mapping[str, Decision[Any]] = field(default_factory=dict)
    levels: int = LEVELS  # the counter's range, 0 .. levels - 1 (TGM3 Shirase goes to 1300)

    def __post_init__(self) -> None:
        if self.goal - 1 not in self.level_stops:
            raise ValueError("a new piece must not reach the goal: stop the level before it")
        if self.goal >= self.levels:
            raise ValueError("the goal must be below the level counter's range")
        gravity, timing = level_tables(tuple(self.gravity_rows), tuple(self.delay_rows),
                                       self.levels)
        object.__setattr__(self, "gravity", gravity)
        object.__setattr__(self, "timing", timing)
        object.__setattr__(self, "stops", stop_table(frozenset(self.level_stops), self.levels))

    def gravity_at(self, level: int) -> int:
        table: tuple[int, ...] = self.gravity  # type: ignore[attr-defined]
        return table[min(level, self.levels - 1)]

    def timing_at(self, level: int) -> Timing:
        table: tuple[Timing, ...] = self.timing  # type: ignore[attr-defined]
        return table[min(level, self.levels - 1)]


@cache
def level_tables(gravity_rows: tuple[GravityRow, ...], delay_rows: tuple[DelayRow, ...],
                 levels: int) -> tuple[tuple[int, ...], tuple[Timing, ...]]:
    """A mode's gravity and delays for every level, made once per set of rows: a mode's
    rules are made again when a game starts with other settings (TAP's ST records, a
    versus target), and expanding a thousand levels twice took 1-1.5 ms of that frame.
    The tables are tuples of frozen values, shared by every rules made from the rows."""
    return gravity_by_level(gravity_rows, levels), timing_by_level(delay_rows, levels)


@cache
def stop_table(level_stops: frozenset[int], levels: int) -> tuple[bool, ...]:
    """Whether a new piece leaves each level as it is (made once per set of stops)."""
    return tuple(lv in level_stops for lv in range(levels))


def kit_options(*tables: Mapping[str, Decision[Any]]) -> dict[str, Any]:
    """The ``ArikaRules`` options every Arika mode takes from the kit's decisions: the READY
    frames, the pause before the roll, and the decision table printed with the rules (the
    kit's entries, then ``tables``' in order, a later entry of a name winning)."""
    decisions: dict[str, Decision[Any]] = dict(ARIKA_DECISIONS)
    for table in tables:
        decisions.update(table)
    return {"ready_frames": ARIKA_DECISIONS["ready_frames"].value,
            "roll_pause": ARIKA_DECISIONS["roll_pause_frames"].value, "decisions": decisions}


def x99_stops(goal: int = 999) -> frozenset[int]:
    """Master, TGM+ and Death: a piece does not advance the level at x99 and at 998.

    Source: tetris.wiki, "Tetris The Absolute The Grand Master 2" and tgm.tips (level
    counter: +1 a piece, +1 a cleared line; a line clear is needed past x99 and 998)."""
    return frozenset({*range(99, goal, 100), goal - 1})
