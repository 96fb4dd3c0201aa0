"""The cabinet's side of the fleet: choices no source gives for the outbox, the feed, the
uplink and the certificates. Each entry is a ``Decision(value, why, source)``
(engine/decision.py); `bloxcab rules R --json` prints it with the board's tables, beside the
fleet service's own (fleet/decisions.py). No network code here: the kiosk imports it."""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

# Every entry below is the project's own choice, not a documented fact.
LINK_DECISIONS: dict[str, Decision[Any]] = {
    "outbox_limits": Decision(
        {"entries": 20_000, "bytes": 64 * 1024 * 1024},
        "a heartbeat a minute fills 20,000 entries in two weeks offline, and 64 MiB holds a "
        "dozen of the largest replays the store accepts"),
    "feed_every_frames": Decision(
        {"bookkeeping": 60, "heartbeat": 3600},
        "bookkeeping is looked at once a second, a heartbeat goes once a minute"),
    "uplink_window": Decision(
        32, "32 entries in flight (paho's default is 20): enough to catch up a backlog at "
        "broker speed, few enough that a restart re-sends little"),
    "certificate_days": Decision(
        {"cabinet": 730, "ca": 3650},
        "cabinet certificates last 2 years, the fleet's CA 10 (re-enrolling is one command)"),
}
