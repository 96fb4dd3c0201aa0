"""How the board reads and writes its files where no source says: the sizes past which a
file is damage, not data, the save writer's retry, and how hard the ranking check may
work. Each entry is a
``Decision(value, why, source)`` (engine/decision.py); the readers take the values from
here, and `bloxcab rules R --json` prints the table with the board's others."""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

# Every entry below is the project's own choice, not a documented fact.
FILE_DECISIONS: dict[str, Decision[Any]] = {
    "replay_file_bytes": Decision(
        16 << 20, "16 MiB holds the longest replay the codec accepts (4 hours, a token per "
        "frame)"),
    "ranking_replay_bytes": Decision(
        4 << 20, "a ranking's replay file over 4 MiB is not a real game (a 30-minute game is "
        "~40 KB)"),
    "ranking_check_nice": Decision(
        10, "the kiosk's ranking check re-simulates replays on a thread niced by 10 (at most "
        "19): the frame loop keeps the CPU it needs and the check takes what is left"),
    "save_depth": Decision(
        16, "save data nests 5 levels today; 16 leaves room for new sections, and more is "
        "damage (a deep payload would otherwise exhaust the parser's recursion)"),
    "save_payload_bytes": Decision(
        1 << 20, "a save bank larger than 1 MiB is garbage, not save data (keeps a bad file "
        "from eating RAM)"),
    "shutdown_replay_wait_s": Decision(
        5.0, "at a stop the kiosk waits up to 5 s for the replays of rows still waiting for "
        "them (a replay takes milliseconds to write; systemd allows 90 s to stop); a row "
        "whose replay is not on disk by then is kept without it"),
    "save_retry_s": Decision(
        {"first": 0.05, "max": 5.0},
        "a failed save write is retried after 0.05 s, the wait doubling up to 5 s between "
        "attempts"),
    "config_nesting": Decision(
        8, "cabinet.toml nests 4 levels (inputs.gpio.pins plus an inline table); 8 leaves "
        "room, deeper is not a cabinet.toml"),
    "config_bytes": Decision(1 << 20, "a cabinet.toml is a few kilobytes; 1 MiB is not one"),
    "config_ranges": Decision(
        {"window_scale": [1, 8], "debounce_ms": [0, 100], "pulse_ms": [0, 100]},
        "cabinet.toml's bounds (lowest, highest) catch typos without second-guessing an "
        "owner"),
    "script_frame": Decision(
        10**9, "input script frame numbers go up to 10^9 (about 193 days at 60 Hz); larger "
        "is a typo or damage"),
    "stage_file_bytes": Decision(
        16 << 10, "an operator's stage file over 16 KiB is not a stage file (the built-in "
        "100 Flash Point stages are 11 KB); the text a ranked replay carries then stays well "
        "inside a replay header, even escaped"),
    "script_bytes": Decision(
        16 << 20, "16 MiB of input script is far past any test or soak; larger is not an "
        "input script"),
}


def bounds(name: str) -> range:
    """A ``config_ranges`` entry as the range of values cabinet.toml accepts."""
    low, high = FILE_DECISIONS["config_ranges"].value[name]
    return range(low, high + 1)
