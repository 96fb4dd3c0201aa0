"""The fleet's choices no source gives, one table per side: the cabinet's (outbox, feed,
uplink, certificates) and the operator's service (intake, store, the simulated cabinet).
Each entry is a ``Decision(value, why, source)`` (engine/decision.py); `bloxcab rules R
--json` prints both with the board's tables. No network code here: the kiosk may import it."""

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

SERVICE_DECISIONS: dict[str, Decision[Any]] = {
    "intake_batch": Decision(200, "the intake commits its messages 200 to a transaction"),
    "password_scrypt": Decision(
        {"n": 2**14, "r": 8, "p": 1}, "operator passwords are hashed with scrypt at OWASP's "
        "minimum cost", "OWASP Password Storage Cheat Sheet (scrypt)"),
    "simulated_game_frames": Decision(
        20_000, "a simulated cabinet's game stops after 20,000 frames (5.5 minutes) if not "
        "over by then"),
}
