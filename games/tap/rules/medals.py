"""TAP's medals (Master and T.A. Death): AC, ST, SK, RE, RO and CO, each bronze, silver or
gold, earned in play and kept to the end of the game (a medal only ever rises).

Source: tetris.wiki, "Tetris The Absolute The Grand Master 2", Medal conditions (from the
TetrisConcept forum's medal thread):
- AC (all clear): 1, 2, 3 bravos.
- ST (section time): a section under 10 s slower than its record, under 5 s slower, or
  faster than the record.
- SK (skill): 10, 20, 35 Tetrises in Master; 5, 10, 17 in T.A. Death.
- RE (recovery): 1, 2, 4 recoveries; a recovery is 150 or more blocks in the well, then
  clearing down to 70 or fewer.
- RO (rotation): 6/5 rotations a piece or more over levels 0-300, 300-700, 700-999 (up to 4
  rotations a piece and 3,000 a range are counted).
- CO (combo): a combo of 4, 5, 7; a single keeps the combo going without adding to it.
tetris.wiki, "Arika Rotation System": the O turns through its four states too, and TAP
counts its rotations (the player loop counts an O's rotation presses as turns).
The values no source settles (the section records at power-on, whether the roll earns
medals, the combo's count) are TAP_DECISIONS entries medal_*. The board keeps each section's
best time as its record while it is on, Master's and T.A. Death's apart
(games/tap/records.py), and hands them to each game as the settings ``st_records`` and
``death_st_records``.
"""

from __future__ import annotations

from typing import Any

from games.tap.rules.decisions import TAP_DECISIONS

NAMES: tuple[str, ...] = ("AC", "ST", "SK", "RE", "RO", "CO")
AC, ST, SK, RE, RO, CO = range(6)
NONE, BRONZE, SILVER, GOLD = range(4)
TIER_NAMES = ("", "bronze", "silver", "gold")

AC_BRAVOS = (1, 2, 3)
SK_TETRISES = (10, 20, 35)
DEATH_SK_TETRISES = (5, 10, 17)
RE_RECOVERIES = (1, 2, 4)
CO_COMBOS = (4, 5, 7)
RE_FULL = 150  # blocks that arm a recovery
RE_DONE = 70  # blocks left that complete it
ST_SILVER_MARGIN = 5 * 60  # frames slower than the record (the game counts 60 a second)
ST_BRONZE_MARGIN = 10 * 60
RO_NUM, RO_DEN = 6, 5  # rotations a piece, at least
RO_TURNS_PER_PIECE = 4
RO_TURNS_CAP = 3000
# The levels that end the first two RO ranges, 0-300 (bronze) and 300-700 (silver), judged
# by the lock that reaches them (its piece counts in the range it ends); the last range
# (gold) is judged at level 999.
RO_RANGE_ENDS = (300, 700)

ST_RECORDS: tuple[int, ...] = tuple(TAP_DECISIONS["medal_st_records"].value)
SECTIONS = 10
RECORD_MAX = 99_999  # frames; a record is a whole number from 1 to this


def records_text(records: tuple[int, ...]) -> str:
    """The records as a session setting: ``2520.2520...`` (frames, section 0 first)."""
    return ".".join(str(r) for r in records)


def parse_records(value: Any, name: str = "st_records") -> tuple[int, ...]:
    """The ``st_records`` (or ``death_st_records``) setting; ValueError (one line) if it is
    not 10 section times."""
    parts = value.split(".") if isinstance(value, str) else []
    if len(parts) != SECTIONS or not all(
            part.isdigit() and len(part) <= 5 and 0 < int(part) <= RECORD_MAX
            for part in parts):
        raise ValueError(f"{name} must be 10 section times in frames (1-{RECORD_MAX}) "
                         f"joined by '.', not {str(value)[:40]!r}")
    return tuple(int(part) for part in parts)


def tier(count: int, steps: tuple[int, int, int]) -> int:
    """The tier ``count`` reaches on ``steps`` (bronze, silver, gold thresholds)."""
    return sum(1 for step in steps if count >= step)


class Medals:
    """One game's medals and the counts behind them; ``skill``: the mode's SK thresholds."""

    __slots__ = ("armed", "combo", "pieces", "records", "recoveries", "skill", "tiers",
                 "turns")

    def __init__(self, records: tuple[int, ...] = ST_RECORDS,
                 skill: tuple[int, int, int] = SK_TETRISES) -> None:
        self.records = records  # each section's record time (ST), in frames
        self.skill = skill
        self.tiers = [NONE] * len(NAMES)
        self.combo = 0  # line-clearing pieces in a row (CO)
        self.armed = False  # 150 blocks were reached (RE)
        self.recoveries = 0
        self.turns = 0  # RO: turns counted in the range under way
        self.pieces = 0  # RO: pieces locked in it

    def _raise(self, medal: int, to: int) -> None:
        if to > self.tiers[medal]:
            self.tiers[medal] = to

    def locked(self, turns: int, lines: int, blocks: int, bravos: int, tetrises: int,
               levels: tuple[int, int] = (0, 0)) -> None:
        """A piece locked with ``turns`` rotations, completing ``lines`` rows; ``blocks``
        in the well with it, before its rows go; the game's bravos and Tetrises so far;
        ``levels``: the level before the lock and after its clear."""
        self.pieces += 1
        self.turns = min(self.turns + min(turns, RO_TURNS_PER_PIECE), RO_TURNS_CAP)
        if not lines:
            self.combo = 0
        elif lines >= 2:
            self.combo += 1
        self._raise(CO, tier(self.combo, CO_COMBOS))
        self._raise(AC, tier(bravos, AC_BRAVOS))
        self._raise(SK, tier(tetrises, self.skill))
        if blocks >= RE_FULL:
            self.armed = True
        if self.armed and lines and blocks - 10 * lines <= RE_DONE:
            self.armed = False
            self.recoveries += 1
            self._raise(RE, tier(self.recoveries, RE_RECOVERIES))
        before, after = levels
        for reward, end in enumerate(RO_RANGE_ENDS, start=BRONZE):
            if before < end <= after:
                self._range_over(reward)

    def section(self, section: int, frames: int) -> None:
        """Section ``section`` (0-9) took ``frames`` frames."""
        record = self.records[min(section, SECTIONS - 1)]
        if frames < record:
            self._raise(ST, GOLD)
        elif frames < record + ST_SILVER_MARGIN:
            self._raise(ST, SILVER)
        elif frames < record + ST_BRONZE_MARGIN:
            self._raise(ST, BRONZE)

    def goal(self) -> None:
        """Level 999: the last RO range is judged."""
        self._range_over(GOLD)

    def _range_over(self, reward: int) -> None:
        if self.pieces and self.turns * RO_DEN >= self.pieces * RO_NUM:
            self._raise(RO, reward)
        self.turns = self.pieces = 0

    def shown(self) -> tuple[tuple[str, int], ...]:
        """(name, tier) of each medal earned, in the board's order."""
        return tuple((NAMES[m], t) for m, t in enumerate(self.tiers) if t)

    def text(self) -> str:
        """For the summary: ``AC:gold ST:bronze`` ('' before any)."""
        return " ".join(f"{name}:{TIER_NAMES[t]}" for name, t in self.shown())

    def state(self) -> tuple[Any, ...]:
        return (tuple(self.tiers), self.combo, self.armed, self.recoveries, self.turns,
                self.pieces)

    def restore(self, state: tuple[Any, ...]) -> None:
        tiers, self.combo, self.armed, self.recoveries, self.turns, self.pieces = state
        self.tiers = list(tiers)
