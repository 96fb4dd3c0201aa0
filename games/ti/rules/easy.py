"""TGM3 Easy: 200 levels, a 20G credit roll, and fireworks ("hanabi") instead of a score.

Sources: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct" (Easy ends at level 200;
the roll is the only 20G part and its fireworks count more; the placement guide shows for
the first 50 levels; fireworks reward bigger clears, combos and quick play). The arcade's
formula was never published in readable form, so ours is our own (HANABI_* below and the
"hanabi_formula" decision): it rewards exactly what the wiki says, and nothing else.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.events import Event
from games.arika.board import ROWS
from games.arika.rules import ROLL_PLAIN, ArikaRules, Referee, kit_options, x99_stops
from games.arika.speeds import NORMAL_DELAYS, NORMAL_GRAVITY
from games.arika.timing import TWENTY_G, GravityRow
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.master_game import rank_order

RULES_ID = "ti-easy"
GOAL = 200
GUIDE_BELOW = 50  # the placement guide shows below this level

# Easy's speeds are TAP Normal's (gravity to level 199, then 20G for the roll; its delays):
# TI_DECISIONS easy_speeds.
EASY_GRAVITY: tuple[GravityRow, ...] = (
    *(row for row in NORMAL_GRAVITY if row.level < GOAL), GravityRow(GOAL, TWENTY_G))
EASY_DELAYS = NORMAL_DELAYS
ROLL_FRAMES: int = TI_DECISIONS["easy_roll_frames"].value

# ---- our hanabi formula (decision "hanabi_formula") ------------------------------------
# fireworks = BASE[lines] x combo x pace x roll, in tenths, rounded down, at least 1.
HANABI_BASE: tuple[int, ...] = (0, 1, 3, 6, 10)  # by lines: more lines, more than linearly
COMBO_STEP_TENTHS = 5  # each clear in a row after the first adds x0.5 ...
COMBO_MAX_TENTHS = 40  # ... up to x4.0 (the 7th clear in a row)
QUICK_FRAMES = 60  # a piece placed within 1 s of appearing ...
QUICK_TENTHS = 15  # ... counts x1.5
ROLL_TENTHS = 20  # everything counts twice in the roll
BRAVO_BONUS = 10  # a clear that empties the field adds 10
ROLL_SURVIVED_BONUS = 20  # finishing the roll adds 20

HANABI = "hanabi"  # value: fireworks launched by this clear


def combo_tenths(chain: int) -> int:
    """Multiplier (tenths) for the ``chain``-th clearing piece in a row (1 = first)."""
    return min(10 + COMBO_STEP_TENTHS * max(chain - 1, 0), COMBO_MAX_TENTHS)


def fireworks(lines: int, chain: int, active_frames: int, in_roll: bool,
              bravo: bool) -> int:
    if not 1 <= lines <= 4:
        return 0
    pace = QUICK_TENTHS if active_frames <= QUICK_FRAMES else 10
    roll = ROLL_TENTHS if in_roll else 10
    total = HANABI_BASE[lines] * combo_tenths(chain) * pace * roll // 1000
    return max(total, 1) + (BRAVO_BONUS if bravo else 0)


class EasyReferee(Referee):
    """``burst``/``burst_frame``: the latest launch and its frame (the screen's fireworks)."""

    def __init__(self) -> None:
        self.hanabi = 0
        self.chain = 0
        self.burst = 0
        self.burst_frame = -1

    def on_lock(self, p: Any, lines: int, level_before: int, out: list[Event]) -> None:
        if not lines:
            self.chain = 0
            return
        self.chain += 1
        gone = set(p.clearing)
        bravo = all(p.board.row_empty(r) for r in range(1, ROWS + 1) if r not in gone)
        n = fireworks(lines, self.chain, p.active_frames, p.in_roll, bravo)
        self._launch(p, n, out)

    def _launch(self, p: Any, n: int, out: list[Event]) -> None:
        self.hanabi += n
        self.burst, self.burst_frame = n, p.frame
        out.append(Event(HANABI, p.index, n))

    def on_goal(self, p: Any, out: list[Event]) -> int:
        return ROLL_PLAIN

    def on_end(self, p: Any, topped_out: bool, out: list[Event]) -> None:
        if p.in_roll and not topped_out:
            self._launch(p, ROLL_SURVIVED_BONUS, out)

    def summary(self, p: Any) -> dict[str, int | str]:
        return {"score": self.hanabi, "hanabi": self.hanabi, "grade": f"{self.hanabi}",
                "order": rank_order(self.hanabi, p.level, p.clock)}

    def state(self) -> tuple[Any, ...]:
        return (self.hanabi, self.chain, self.burst, self.burst_frame)

    def restore(self, state: tuple[Any, ...]) -> None:
        self.hanabi, self.chain, self.burst, self.burst_frame = state


@cache
def easy_rules() -> ArikaRules:
    """The rules record (one per process: its tables are built once)."""
    return ArikaRules(RULES_ID, "EASY", EASY_GRAVITY, EASY_DELAYS, GOAL, x99_stops(GOAL),
                      EasyReferee, roll_frames=ROLL_FRAMES, ghost_below=GUIDE_BELOW,
                      **kit_options(TI_DECISIONS))
