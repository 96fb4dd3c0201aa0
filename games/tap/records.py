"""TAP's own save section (``games.tap.own``): the section-time records Master's ST medal is
judged against. The board keeps each section's best Master time while it is on and hands
the records to every game as the setting ``st_records`` (so a replay holds them); at
power-on they start again from the defaults, as tetris.wiki's TAP page says of T.A. Death's
records (TAP_DECISIONS medal_st_records and medal_st_records_kept)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.session import GameSession
from games.cartridge import SaveSection
from games.tap.rules.medals import ST_RECORDS, parse_records, records_text
from games.tap.rules.modes import MASTER, RECORDS
from games.tap.session import TapSession


def factory() -> dict[str, Any]:
    return {RECORDS: records_text(ST_RECORDS)}


def load(value: Any) -> dict[str, Any]:
    """What the file held is checked, then the power-on records are kept."""
    if not isinstance(value, dict) or set(value) != {RECORDS}:
        raise ValueError(f"holds other than {RECORDS!r}")
    parse_records(value[RECORDS])
    return factory()


def session_settings(own: Mapping[str, Any]) -> dict[str, Any]:
    return {RECORDS: records_text(parse_records(own.get(RECORDS, factory()[RECORDS])))}


def keep_after_game(own: Mapping[str, Any], session: GameSession, index: int
                    ) -> dict[str, Any]:
    """Each section a Master game finished faster than its record is the new record."""
    records = list(parse_records(own.get(RECORDS, factory()[RECORDS])))
    if isinstance(session, TapSession):
        p = session.players[index]
        if p is not None and p.rules.id == MASTER:
            for section, frames in enumerate(p.section_frames[:len(records)]):
                if 0 < frames < records[section]:
                    records[section] = frames
    return {RECORDS: records_text(tuple(records))}


SAVE_SECTION = SaveSection(factory=factory, load=load, settings=session_settings,
                           after_game=keep_after_game)
