"""Qualified grades and exams of TGM3 Master: an account's class, its last 7 grades, the
promotion and demotion exams.

Sources: tetris.wiki, "Tetris: The Grand Master 3 Terror-Instinct", Qualified grade and
Exams (after the harddrop.com thread 7350): the history is the last 7 games' grades; a
promotion exam targets the floor of the average of the 2nd, 3rd and 4th best of them
when it is above the class; reaching the target passes and sets the class to it; GM is
won only in an exam, by a player already qualified MasterM whose best 4 of the last 7 were
GM-worthy (roll survived); games ending about 6 grades below the class bring a demotion
exam, and failing it lowers the class by one. NullpoMino's GradeMania3Mode (rule
"nullpomino"): the target is the 4th best grade of the last 7, GM only from MM, and
demotion points (class - grade - 7 for each game more than 7 below the class) bring a
demotion exam at 30. The exam chance and the wiki's demotion count are decisions
(games/ti/rules/decisions.py).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.master import GM, GRADE_NAMES

MM = GM - 1
HISTORY = 7  # grades kept
BEST_FOR_TARGET = (1, 2, 3)  # the wiki: 2nd, 3rd and 4th best (0 = best)
NPM_BEST = 3  # NullpoMino: the 4th best
GM_BEST = 4  # the wiki: the best 4 must all be GM-worthy
NPM_DEMOTION_GAP = 7
NPM_DEMOTION_POINTS = 30
EXAM_CHANCE: int = TI_DECISIONS["exam_chance"].value  # one game in EXAM_CHANCE
WIKI_DEMOTION_GAP: int = TI_DECISIONS["wiki_demotion"].value["grades_below"]
WIKI_DEMOTION_GAMES: int = TI_DECISIONS["wiki_demotion"].value["games"]
RULES = ("wiki", "nullpomino")
PROMOTION = "promotion"
DEMOTION = "demotion"


@dataclass(frozen=True)
class Account:
    """``history``: the grade index of each of the last games, oldest first (GM-worthy
    games count as GM even while the display is capped at MM). ``since_demotion``: games
    since the last demotion exam (the wiki rule counts only those)."""

    initials: str
    pin: str  # the PIN's digest (see games/ti/accounts.py), never the digits
    qualified: int = 0
    history: tuple[int, ...] = ()
    demotion_points: int = 0
    since_demotion: int = 0
    games: int = 0

    @property
    def qualified_name(self) -> str:
        return GRADE_NAMES[self.qualified]


@dataclass(frozen=True)
class Exam:
    kind: str  # PROMOTION or DEMOTION
    target: int  # grade index

    @property
    def name(self) -> str:
        return GRADE_NAMES[self.target]


def promotion_target(account: Account, rule: str = "wiki") -> int | None:
    """The grade a promotion exam would target now, or None (fewer than 7 games, or no
    grade above the class)."""
    if len(account.history) < HISTORY:
        return None
    best = sorted(account.history, reverse=True)
    if rule == "nullpomino":
        target = best[NPM_BEST]
        if target == GM and account.qualified < MM:
            target = MM
    else:
        target = sum(best[i] for i in BEST_FOR_TARGET) // len(BEST_FOR_TARGET)
        gm_ready = account.qualified >= MM and all(g == GM for g in best[:GM_BEST])
        if gm_ready:
            target = GM
        target = min(target, MM) if not gm_ready else target
    return target if target > account.qualified else None


def demotion_due(account: Account, rule: str = "wiki") -> bool:
    if account.qualified <= 0:
        return False
    if rule == "nullpomino":
        return account.demotion_points >= NPM_DEMOTION_POINTS
    counted = account.history[len(account.history) - min(account.since_demotion,
                                                          HISTORY):]
    far = sum(1 for g in counted if g <= account.qualified - WIKI_DEMOTION_GAP)
    return far >= WIKI_DEMOTION_GAMES


def choose_exam(account: Account, draw: int, rule: str = "wiki") -> Exam | None:
    """The exam of the game about to start: ``draw`` is a number from the game's random
    stream; one game in EXAM_CHANCE may hold an exam, a promotion before a demotion."""
    if draw % EXAM_CHANCE:
        return None
    target = promotion_target(account, rule)
    if target is not None:
        return Exam(PROMOTION, target)
    if demotion_due(account, rule):
        return Exam(DEMOTION, account.qualified)
    return None


def after_game(account: Account, grade: int, exam: Exam | None,
               rule: str = "wiki") -> tuple[Account, str]:
    """The account after a game ending at grade index ``grade`` (GM-worthy: GM), and what
    the exam did: "" (none), "passed", "failed", "demoted" or "kept"."""
    history = (*account.history, grade)[-HISTORY:]
    points = account.demotion_points
    if grade < account.qualified - NPM_DEMOTION_GAP:
        points += account.qualified - grade - NPM_DEMOTION_GAP
    qualified = account.qualified
    since = account.since_demotion + 1
    outcome = ""
    if exam is not None and exam.kind == PROMOTION:
        outcome = "passed" if grade >= exam.target else "failed"
        if outcome == "passed":
            qualified = max(qualified, exam.target)
    elif exam is not None and exam.kind == DEMOTION:
        outcome = "kept" if grade >= exam.target else "demoted"
        if outcome == "demoted":
            qualified = max(0, exam.target - 1)
        points = 0
        since = 0
    return replace(account, qualified=qualified, history=history, demotion_points=points,
                   since_demotion=since, games=account.games + 1), outcome
