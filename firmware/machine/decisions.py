"""Cabinet behaviour no public source gives: the project's decisions, in one table.

Each entry is a ``Decision(value, why, source)`` (engine/decision.py); the machine reads the
frame counts through ``frames(name)``.
"""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

# Every entry below is the project's own choice, not a documented fact.
CABINET_DECISIONS: dict[str, Decision[Any]] = {
    "title_frames": Decision(600, "10 s of title in the attract loop"),
    "demo_frames": Decision(2400, "at most 40 s of demo play, long enough to show a level"),
    "rankings_frames": Decision(480, "8 s of rankings, time to read ten lines"),
    "top_play_every": Decision(
        2, "every 2nd attract cycle replays the best ranked game instead of the demo"
    ),
    "notice_frames": Decision(
        300, "'BACKUP DATA CLEARED' stays 5 s (any start skips it), long enough to read"
    ),
    "game_over_frames": Decision(
        300, "5 s game-over screen; also the window for a same-sequence restart"
    ),
    "game_over_field_frames": Decision(
        120, "the final field stays 2 s before GAME OVER, so the player sees how it ended"
    ),
    "name_entry_after_frames": Decision(
        240,
        "a ranked game's initials are asked for 4 s into the game-over screen (2 s of the "
        "final field, then 2 s of GAME OVER), as the boards show GAME OVER first; Start "
        "waits until they are entered, then attract mode follows",
    ),
    "name_entry_default": Decision(
        "AAA",
        "initials kept when the timer runs out with none entered (or only spaces): the "
        "letter the cursor starts on, as if the shown letter were confirmed three times; a "
        "ranking row is never blank",
    ),
    "name_repeat_frames": Decision(8, "a held lever steps one letter every 8 frames"),
    "name_first_repeat_frames": Decision(
        24, "a held lever's first repeat waits 24 frames (0.4 s), three times the next ones, "
        "so one short push moves one letter"),
    "power_on_commit_frames": Decision(
        3600, "power-on time is saved once a minute, few writes for the SD card"
    ),
    "test_hold_frames": Decision(
        30,
        "during a game TEST must be held 0.5 s before the test mode opens and the game is "
        "abandoned: a bump or a glitch must not end a paid game (between games it opens at "
        "once)",
        "boards that ask for TEST to be held or confirmed before leaving a game",
    ),
    "tilt": Decision(
        "ends every game, unranked",
        "tilt ends every game in progress without ranking it; credits on the board stay",
    ),
    "ranking_mode": Decision(
        "normal",
        "every finished non-versus game is ranked in the 'normal' table",
    ),
    "name_entry_order": Decision(
        "after all games, player 1 first",
        "initials are entered after every game on the cabinet has ended and GAME OVER was "
        "shown, player 1 first",
    ),
}


def frames(name: str) -> int:
    """A whole-number decision's value: a frame count (``frames("title_frames")``) or a
    count such as ``top_play_every``."""
    value = CABINET_DECISIONS[name].value
    if not isinstance(value, int):
        raise TypeError(f"cabinet decision {name!r} is not a frame count")
    return value


# Source: issue "kiosk" (20 s name-entry countdown).
NAME_ENTRY_FRAMES = 20 * 60
