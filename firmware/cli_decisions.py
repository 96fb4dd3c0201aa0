"""Limits of the `bloxcab` commands where no source says: past them an argument is a typo or
an attack, not a wish. Each entry is a ``Decision(value, why, source)`` (engine/decision.py);
`bloxcab rules R --json` prints the table with the board's others."""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

# Every entry below is the project's own choice, not a documented fact.
CLI_DECISIONS: dict[str, Decision[Any]] = {
    "pieces_count": Decision(
        1_000_000, "`bloxcab pieces --count` prints at most a million pieces (a few MB of "
        "letters, well under a second); more is a typo, not a sequence anyone reads"),
    "bench_fleet": Decision(
        {"cabinets": 100_000, "seconds": 86_400, "intakes": 64, "rate": 1_000,
         "autosave": 86_400},
        "`bench --fleet` takes 1 or more of each, up to 100,000 cabinets, a day, 64 intakes, "
        "1,000 events a second per cabinet, a broker saving once a day"),
    "bench_load": Decision(
        256, "`bench --pacing --load N`: 0 to 256 busy processes (a Pi has 4 cores)"),
    "config_report_lines": Decision(
        20, "`config check` and the kiosk list the first 20 problems of a cabinet.toml, then "
        "how many more: a hostile file with 60,000 bad keys still reads in one screen"),
}
