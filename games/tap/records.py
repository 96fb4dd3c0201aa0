"""TAP's own save section (``games.tap.own``): the section-time records the ST medal is
judged against, Master's and T.A. Death's apart. The board keeps each section's best time of
each mode while it is on and hands the records to every game as the settings ``st_records``
and ``death_st_records`` (so a replay holds them); at power-on they start again from the
defaults, as tetris.wiki's TAP page says of T.A. Death's records (TAP_DECISIONS
medal_st_records and medal_st_records_kept). An earlier version's save holds Master's only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.session import GameSession
from games.cartridge import SaveSection
from games.tap.rules.medals import ST_RECORDS, parse_records, records_text
from games.tap.rules.modes import DEATH, DEATH_RECORDS, MASTER, RECORDS
from games.tap.session import TapSession

KEYS = {MASTER: RECORDS, DEATH: DEATH_RECORDS}  # the mode whose records each key holds


def factory() -> dict[str, Any]:
    return {key: records_text(ST_RECORDS) for key in KEYS.values()}


def load(value: Any) -> dict[str, Any]:
    """What the file held is checked, then the power-on records are kept."""
    if not isinstance(value, dict) or set(value) not in ({RECORDS}, set(KEYS.values())):
        raise ValueError(f"holds other than {RECORDS!r} and {DEATH_RECORDS!r}")
    for key, text in value.items():
        parse_records(text, key)
    return factory()


def _records(own: Mapping[str, Any], key: str) -> tuple[int, ...]:
    return parse_records(own.get(key, records_text(ST_RECORDS)), key)


def session_settings(own: Mapping[str, Any]) -> dict[str, Any]:
    return {key: records_text(_records(own, key)) for key in KEYS.values()}


def keep_after_game(own: Mapping[str, Any], session: GameSession, index: int
                    ) -> dict[str, Any]:
    """Each section a Master (or T.A. Death) game finished faster than its record is that
    mode's new record."""
    kept = {key: list(_records(own, key)) for key in KEYS.values()}
    if isinstance(session, TapSession):
        p = session.players[index]
        key = KEYS.get(p.rules.id) if p is not None else None
        if p is not None and key is not None:
            records = kept[key]
            for section, frames in enumerate(p.section_frames[:len(records)]):
                if 0 < frames < records[section]:
                    records[section] = frames
    return {key: records_text(tuple(records)) for key, records in kept.items()}


SAVE_SECTION = SaveSection(factory=factory, load=load, settings=session_settings,
                           after_game=keep_after_game)
