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
    "receipt_wait_s": Decision(
        {"first": 60, "most": 3600},
        "an entry the broker acknowledged but no receipt from the fleet service named is "
        "sent again once the service has receipted an entry acknowledged after it and 60 s "
        "have passed since its own acknowledgement (the intake commits a batch in well under "
        "a second, so by then it was lost, not slow), then after twice as long each time up "
        "to an hour. A service that is down or catching up receipts nothing newer, so "
        "nothing is sent again and its backlog at the broker does not grow by repeats. A "
        "reconnection to the broker sends every waiting entry again at once: a broker that "
        "restarted may have lost what it acknowledged, and only it loses acknowledged "
        "messages"),
    "message_limits": Decision(
        {"depth": 16, "text": 200, "name": 40, "keys": 256, "number": 2**53, "player": 8,
         "delta": 1_000_000},
        "a message nests at most 16 levels (a game's summary nests 3 today), a notice is at "
        "most 200 characters, a game, mode or screen name 40, an object has at most 256 keys, "
        "a whole number stays under 2^53 (exact in every JSON reader), a game has at most 8 "
        "players, and a book entry's counter moves by 0 to 1,000,000 (11 days of a coin "
        "every second without a pause: more than any cabinet takes in the two weeks a full "
        "outbox's merged entries hold)"),
    "certificate_days": Decision(
        {"cabinet": 730, "ca": 3650},
        "cabinet certificates last 2 years, the fleet's CA 10 (re-enrolling is one command)"),
}
