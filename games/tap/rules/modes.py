"""The four single-player rule sets: Normal, Master, TGM+ and T.A. Death."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache, partial
from typing import Any

from games.arika.rules import ArikaRules, Referee, kit_options, x99_stops
from games.arika.speeds import MASTER_GRAVITY, NORMAL_DELAYS, NORMAL_GRAVITY
from games.arika.timing import DelayRow
from games.tap.rules.decisions import TAP_DECISIONS
from games.tap.rules.medals import ST_RECORDS, parse_records
from games.tap.rules.referees import DeathReferee, MasterReferee, NormalReferee, PlusReferee
from games.tap.rules.tables import (
    DEATH_DELAYS,
    DEATH_GRAVITY,
    MASTER_DELAYS,
    NORMAL_GOAL,
    PLUS_ROLL_FRAMES,
    ROLL_FRAMES,
)

NORMAL = "tap-normal"
MASTER = "tap-master"
PLUS = "tap-plus"
DEATH = "tap-death"
MODES: tuple[str, ...] = (NORMAL, MASTER, PLUS, DEATH)
TITLES = {NORMAL: "NORMAL", MASTER: "MASTER", PLUS: "TGM+", DEATH: "T.A.DEATH"}

DEFAULT_SETTINGS: dict[str, Any] = {"boundaries": "wiki", "das_step": 901}
BOUNDARIES: tuple[str, ...] = ("wiki", "x00")  # the settings' values (check_settings)
DAS_STEPS: tuple[int, ...] = (900, 901)


# The board's section records (games/tap/records.py), Master's and T.A. Death's, handed to
# each game; without them a game is judged against the power-on records (medals.ST_RECORDS).
RECORDS = "st_records"
DEATH_RECORDS = "death_st_records"


def check_settings(settings: Mapping[str, Any]) -> tuple[str, int]:
    """(boundaries, das_step) from a settings mapping; ValueError (one line) if bad."""
    unknown = set(settings) - set(DEFAULT_SETTINGS) - {RECORDS, DEATH_RECORDS}
    if unknown:
        raise ValueError(f"unknown TAP setting {sorted(unknown)[0]!r}; known: "
                         f"{', '.join((*DEFAULT_SETTINGS, RECORDS, DEATH_RECORDS))}")
    st_records(settings)
    st_records(settings, DEATH)
    boundaries = settings.get("boundaries", "wiki")
    das_step = settings.get("das_step", 901)
    if boundaries not in BOUNDARIES:
        raise ValueError(f"boundaries must be 'wiki' or 'x00', not {boundaries!r}")
    if das_step not in DAS_STEPS:
        raise ValueError(f"das_step must be 900 or 901, not {das_step!r}")
    return str(boundaries), int(das_step)


def st_records(settings: Mapping[str, Any], mode: str = MASTER) -> tuple[int, ...]:
    """The section records a ``mode`` game's ST medal is judged against (T.A. Death has its
    own)."""
    key = DEATH_RECORDS if mode == DEATH else RECORDS
    if key not in settings:
        return ST_RECORDS
    return parse_records(settings[key], key)


def _x00(rows: tuple[DelayRow, ...]) -> tuple[DelayRow, ...]:
    """The clones' reading: every change at the hundred (x01 -> x00, keep x00 rows)."""
    out: dict[int, DelayRow] = {}
    for row in rows:
        level = row.from_level - 1 if row.from_level % 100 == 1 else row.from_level
        out[level] = DelayRow(level, row.are, row.line_are, row.das, row.lock, row.line_clear)
    return tuple(out[k] for k in sorted(out))


def _master_delays(boundaries: str, das_step: int) -> tuple[DelayRow, ...]:
    rows = MASTER_DELAYS if boundaries == "wiki" else _x00(MASTER_DELAYS)
    if das_step == 900 and all(r.from_level != 900 for r in rows):
        at = [r for r in rows if r.from_level <= 900][-1]
        extra = DelayRow(900, at.are, at.line_are, 6, at.lock, at.line_clear)
        rows = tuple(sorted((*rows, extra), key=lambda r: r.from_level))
    return rows


@cache
def rules_for(rules_id: str, boundaries: str = "wiki", das_step: int = 901,
              records: tuple[int, ...] = ST_RECORDS) -> ArikaRules:
    common = kit_options(TAP_DECISIONS)
    referee: Callable[[], Referee]
    if rules_id == NORMAL:
        referee = NormalReferee
        return ArikaRules(NORMAL, "TAP NORMAL", NORMAL_GRAVITY, NORMAL_DELAYS, NORMAL_GOAL,
                          frozenset({NORMAL_GOAL - 1}), referee, roll_frames=ROLL_FRAMES,
                          **common)
    if rules_id == MASTER:
        referee = partial(MasterReferee, records)
        return ArikaRules(MASTER, "TAP MASTER", MASTER_GRAVITY,
                          _master_delays(boundaries, das_step), 999, x99_stops(), referee,
                          roll_frames=ROLL_FRAMES, **common)
    if rules_id == PLUS:
        referee = PlusReferee
        return ArikaRules(PLUS, "TAP TGM+", MASTER_GRAVITY, NORMAL_DELAYS, 999, x99_stops(),
                          referee, roll_frames=PLUS_ROLL_FRAMES, **common)
    if rules_id == DEATH:
        referee = partial(DeathReferee, records)
        delays = DEATH_DELAYS if boundaries == "wiki" else _x00(DEATH_DELAYS)
        return ArikaRules(DEATH, "TAP T.A.DEATH", DEATH_GRAVITY, delays, 999, x99_stops(),
                          referee, roll_frames=ROLL_FRAMES, **common)
    raise ValueError(f"unknown rules {rules_id!r}; choose one of: {', '.join(MODES)}")


def rules_from_settings(rules_id: str, settings: Mapping[str, Any]) -> ArikaRules:
    return rules_for(rules_id, *check_settings(settings), st_records(settings, rules_id))
