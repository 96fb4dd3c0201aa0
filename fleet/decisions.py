"""The fleet service's choices no source gives (intake, store, the simulated cabinet); the
cabinet's side has its own table (firmware/uplink/decisions.py). Each entry is a
``Decision(value, why, source)`` (engine/decision.py); `bloxcab rules R --json` prints it
with the board's tables, so this module imports nothing of the server's dependencies."""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

# Every entry below is the project's own choice, unless it names its source.
SERVICE_DECISIONS: dict[str, Decision[Any]] = {
    "intake_batch": Decision(200, "the intake commits its messages 200 to a transaction"),
    "lag_buckets": Decision(
        {"low_s": 0.0001, "high_s": 100_000.0, "ratio": 1.02},
        "the intake counts its lags (a message's time to its commit) in about 1,050 buckets "
        "from 0.1 ms to 28 hours, each 2 % wider than the one before: fixed memory however "
        "many messages come, a percentile within 1 % of the real figure"),
    "intake_supervisor_s": Decision(
        1.0, "the supervisor looks at the intake's worker once a second and starts it again "
        "if it died"),
    "member_check_s": Decision(
        1.0, "a `fleet serve` instance serving a lost member's session looks once a second "
        "whether it was asked for it back (the request itself comes at once, as a "
        "notification), and whether it is stopping"),
    "verify_budget": Decision(
        {"workers": 1, "entry_frames": 216_000, "cabinet_frames_per_hour": 1_080_000},
        "ranking entries are re-simulated by one worker process beside the intake (a core "
        "left for it on a two-core host); one entry may claim at most 216,000 frames (an "
        "hour of play at 60 frames a second: ranked games last minutes), and one cabinet's "
        "entries take at most 1,080,000 frames an hour (five hours of play each hour, so a "
        "cabinet back from days offline catches up); more waits, stored as pending, while "
        "other cabinets' entries go first"),
    "refuse_unnamed_replay": Decision(
        False,
        "a ranking entry whose replay names no cabinet is taken as its sender's, not "
        "refused: kiosks before the release that names the cabinet wrote no name, and their "
        "ranked games wait in outboxes for as long as the cabinet was offline (the outbox "
        "never drops a ranking entry), so refusing would throw honest rows away; the name "
        "adds little that the rest does not already hold: the sender's signature binds the "
        "entry to the sender, a replay naming another cabinet is refused, and one rank per "
        "game (the digest that leaves out the header's meta) stops a copy of a game another "
        "cabinet ranked, name stripped or not. What is left is a copy sent before its owner "
        "sent the game, which an older kiosk's entry cannot be told from; once no kiosk of "
        "the older release remains, this turns to True"),
    "password_scrypt": Decision(
        {"n": 2**14, "r": 8, "p": 1}, "operator passwords are hashed with scrypt at OWASP's "
        "minimum cost", "OWASP Password Storage Cheat Sheet (scrypt)"),
    "login_throttle": Decision(
        {"operator": 5, "address": 20, "window_s": 900, "lockout_s": 900},
        "failed logins are counted per operator name and per client address: 5 failures of "
        "one name, or 20 from one address (an office behind one address has several "
        "operators), within 15 minutes block that name or address for 15 minutes. A blocked "
        "attempt is answered 429 without its password being checked (no scrypt spent, no "
        "answer to learn from); a good login clears its name's count. The count is kept in "
        "the database, so every `fleet serve` instance sees it. A temporary block, not a "
        "lockout an administrator must lift: an attacker can at most keep one name blocked",
        "OWASP Authentication Cheat Sheet (account lockout: threshold, observation window, "
        "lockout duration; the counter kept with the account, not only the source address)"),
    "session_hours": Decision(
        12, "a dashboard session lasts 12 hours (a working day) from its login; it is kept in "
        "the database, so logging out, deleting the operator or changing their password "
        "ends it at once"),
    "offline_after_s": Decision(
        180, "a cabinet not heard from for 3 minutes is shown offline: it sends a heartbeat "
        "a minute, so three in a row were missed (one late heartbeat or a broker restart is "
        "not an outage)"),
    "page_rows": Decision(
        {"default": 50, "max": 200},
        "every list of the dashboard and the API comes a page at a time: 50 rows unless "
        "asked, at most 200 (a page of the widest list stays under 100 KB), with a link to "
        "the next"),
    "simulated_game_frames": Decision(
        20_000, "a simulated cabinet's game stops after 20,000 frames (5.5 minutes) if not "
        "over by then"),
}
