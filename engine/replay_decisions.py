"""How much a replay file may hold: the project's limits, past which a file is damage, not
a game (no source gives them). Each entry is a ``Decision(value, why, source)``
(engine/decision.py); engine/replay.py reads the values from here."""

from __future__ import annotations

from engine.decision import Decision

# Every entry below is the project's own choice, not a documented fact.
REPLAY_DECISIONS: dict[str, Decision[int]] = {
    "max_frames": Decision(
        4 * 60 * 60 * 60, "a replay holds at most 4 hours of play (60 Hz); longer is damage, "
        "not a game"),
    "max_header_chars": Decision(
        1 << 16, "a real replay header is a few hundred characters; 64 Ki is not a header"),
    "max_entries": Decision(
        64, "at most this many settings, seeds, meta entries or joins in a replay header"),
}
