"""The fleet's PostgreSQL database (psycopg 3): schema migrations, idempotent ingest, and
the queries behind the dashboard and the JSON API.

Migrations are the numbered ``migrations/NNNN_*.sql`` files, each applied once inside a
transaction and recorded in ``schema_migrations``. A message is stored in one transaction
together with its id, so a redelivered message is found by its primary key and ignored.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import hmac
import os
import secrets
import time
from importlib import resources
from typing import Any

import psycopg
from psycopg.pq import TransactionStatus
from psycopg.types.json import Jsonb

from firmware.rankings.check import FAILED, OLDER_RULES, VERIFIED
from firmware.uplink.message import BEAT, BOOK, NOTICE, RANK, RESULT
from fleet.decisions import SERVICE_DECISIONS
from fleet.verify import PENDING, check_rank, claimed_frames, game_digest
from games.registry import CARTRIDGES

STORED, DUPLICATE = "stored", "duplicate"
SCRYPT: dict[str, int] = dict(SERVICE_DECISIONS["password_scrypt"].value)
LOCK_SPACE = 0x626C78  # the fleet's advisory locks' first key ("blx"); 0: migrations


def migrations() -> list[tuple[int, str]]:
    found = []
    for item in resources.files("fleet.migrations").iterdir():
        name = item.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), item.read_text()))
    return sorted(found)


def migrate(conn: psycopg.Connection[Any]) -> list[int]:
    """Apply the migrations not yet applied; the versions applied now. Under a lock of the
    whole database, so instances starting together wait for each other (two ``CREATE TABLE
    IF NOT EXISTS`` at once: one fails on the catalog's unique index)."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_SPACE,))
        conn.execute("CREATE TABLE IF NOT EXISTS schema_migrations ("
                     "version integer PRIMARY KEY, applied timestamptz NOT NULL DEFAULT now())")
        conn.execute("LOCK TABLE schema_migrations")
        done = {r[0] for r in conn.execute("SELECT version FROM schema_migrations")}
        applied = []
        for version, sql in migrations():
            if version in done:
                continue
            conn.execute(sql.encode())
            conn.execute("INSERT INTO schema_migrations (version) VALUES (%s)", (version,))
            applied.append(version)
    return applied


def connect(url: str) -> psycopg.Connection[Any]:
    return psycopg.connect(url, autocommit=True)


def _at(seconds: float) -> datetime.datetime:
    return datetime.datetime.fromtimestamp(seconds, datetime.UTC)


def ingest(conn: psycopg.Connection[Any], cabinet: str, message: dict[str, Any],
           verdict: tuple[str, str] | None = None, received: float | None = None) -> str:
    """Store one parsed message (see verify.parse). Ranking entries are re-simulated (or
    ``verdict``, (status, why), says how that went); a refused one is stored as refused,
    with why, flagged, and never ranks; one played under an older rules version than this
    service plays is stored unverified, with why, and not flagged. The verdict PENDING (the
    intake's) stores it to be re-simulated later (fleet/verifier.py, then ``settle``). Its
    replay is served by digest only once it was verified.

    A message's time is at most ``received`` (now): a cabinet's clock running ahead books
    nothing in the future and cannot make an offline cabinet look alive. A book entry a
    full outbox merged names the ids it holds: the coins of those already stored are taken
    off its delta, and the others are recorded as seen, so each coin counts once whichever
    arrives first.

    Inside the caller's transaction (the intake's batch) it adds no savepoint of its own:
    a repeat is found without an error, and any error aborts the whole batch, which is then
    not acknowledged and comes again (a savepoint per message halved the intake's rate)."""
    kind, body = message["kind"], message["body"]
    at = _at(min(float(message["at"]), time.time() if received is None else received))
    if kind == RANK and verdict is None:
        verdict = check_rank(body)
    idle = conn.info.transaction_status == TransactionStatus.IDLE
    with conn.transaction() if idle else contextlib.nullcontext():
        conn.execute("INSERT INTO cabinets (id) VALUES (%s) ON CONFLICT (id) DO UPDATE "
                     "SET last_seen = now()", (cabinet,))
        row = conn.execute(
            "INSERT INTO messages (cabinet, id, kind, seq, at) VALUES (%s, %s, %s, %s, %s) "
            "ON CONFLICT DO NOTHING RETURNING 1",
            (cabinet, message["id"], kind, message["seq"], at)).fetchone()
        if row is None:
            if kind == BOOK and body.get("merged"):
                return _late_parts(conn, cabinet, message["id"], body, at)
            return DUPLICATE
        key = (cabinet, message["id"], at)
        if kind == BOOK:
            delta = _net_delta(conn, cabinet, message["id"], body, at)
            coins = sum(v for k, v in delta.items() if k.startswith("coins."))
            conn.execute("INSERT INTO book VALUES (%s, %s, %s, %s, %s, %s, %s)",
                         (*key, Jsonb(body["totals"]), Jsonb(delta), coins,
                          bool(body.get("reset", False))))
        elif kind == RESULT:
            conn.execute("INSERT INTO results VALUES (%s, %s, %s, %s, %s, %s)",
                         (*key, str(body.get("game", ""))[:40], int(body.get("player", 0)),
                          Jsonb(body.get("summary", {}))))
        elif kind == NOTICE:
            conn.execute("INSERT INTO notices VALUES (%s, %s, %s, %s)",
                         (*key, str(body.get("text", ""))[:200]))
        elif kind == BEAT:
            conn.execute("UPDATE cabinets SET last_beat = %s, beat = %s WHERE id = %s",
                         (at, Jsonb(body), cabinet))
        elif kind == RANK:
            assert verdict is not None
            status, reason = verdict
            pending = status == PENDING
            conn.execute("INSERT INTO rankings (cabinet, id, at, game, mode, initials, figures,"
                         " score, replay_id, verified, reason, rules_version, pending, "
                         "game_digest) VALUES "
                         "(%s, %s, %s, %s, %s, %s, %s, %s, %s, false, %s, %s, %s, %s)",
                         (*key, body["game"], body["mode"], body["initials"],
                          Jsonb(body["values"]), int(body["values"].get("score", 0)),
                          body["replay_id"], reason, body.get("rules_version", 1), pending,
                          game_digest(body["attached"])))
            if pending:
                conn.execute("INSERT INTO pending_replays VALUES (%s, %s, %s, %s)",
                             (cabinet, message["id"], body["attached"], claimed_frames(body)))
            else:
                _settle(conn, cabinet, message["id"], status, reason, body["replay_id"],
                        body["attached"])
    return STORED


SIMPLE = (BEAT, NOTICE, RESULT)  # kinds stored a batch at a time (ingest_batch)


def ingest_batch(conn: psycopg.Connection[Any],
                 items: list[tuple[str, dict[str, Any], tuple[str, str] | None]],
                 received: float | None = None) -> list[str]:
    """``ingest`` for many messages in the caller's transaction, in their order, with a few
    statements for all of them instead of two or three each: heartbeats, notices and
    results a run at a time (the cabinets, the message ids, then each kind's rows, each one
    statement over arrays); book and ranking entries, whose meaning depends on what came
    before them, one at a time in between. Each result is STORED or DUPLICATE, as
    ``ingest`` answers."""
    now = time.time() if received is None else received
    results: list[str] = []
    run: list[tuple[str, dict[str, Any]]] = []
    for cabinet, message, verdict in items:
        if message["kind"] in SIMPLE:
            run.append((cabinet, message))
            continue
        results += _simple_run(conn, run, now)
        run = []
        results.append(ingest(conn, cabinet, message, verdict, now))
    return results + _simple_run(conn, run, now)


def _simple_run(conn: psycopg.Connection[Any], run: list[tuple[str, dict[str, Any]]],
                now: float) -> list[str]:
    if not run:
        return []
    ats = [_at(min(float(m["at"]), now)) for _, m in run]
    cabinets = sorted({c for c, _ in run})
    # A new cabinet's row first (the messages refer to it); each cabinet's row is then
    # written once, last (a row version per cabinet per batch, not two; and its lock held
    # only until the commit that follows).
    conn.execute("INSERT INTO cabinets (id) SELECT unnest(%s::text[]) ON CONFLICT (id) "
                 "DO NOTHING", (cabinets,))
    new = {(r[0], r[1]) for r in conn.execute(
        "INSERT INTO messages (cabinet, id, kind, seq, at) SELECT * FROM "
        "unnest(%s::text[], %s::text[], %s::text[], %s::bigint[], %s::timestamptz[]) "
        "ON CONFLICT DO NOTHING RETURNING cabinet, id",
        ([c for c, _ in run], [m["id"] for _, m in run], [m["kind"] for _, m in run],
         [m["seq"] for _, m in run], ats)).fetchall()}
    results: list[str] = []
    rows: dict[str, list[tuple[Any, ...]]] = {BEAT: [], NOTICE: [], RESULT: []}
    beats: dict[str, tuple[datetime.datetime, Jsonb]] = {}  # the batch's last, as one by one
    for (cabinet, message), at in zip(run, ats, strict=True):
        key = (cabinet, message["id"])
        if key not in new:  # stored before, or earlier in this batch
            results.append(DUPLICATE)
            continue
        new.discard(key)
        results.append(STORED)
        body = message["body"]
        if message["kind"] == BEAT:
            beats[cabinet] = (at, Jsonb(body))
        elif message["kind"] == NOTICE:
            rows[NOTICE].append((*key, at, str(body.get("text", ""))[:200]))
        else:
            rows[RESULT].append((*key, at, str(body.get("game", ""))[:40],
                                 int(body.get("player", 0)), Jsonb(body.get("summary", {}))))
    # Locked in the cabinets' order (the UPDATE's own order is the plan's): intakes sharing
    # the work wait for each other here instead of deadlocking.
    conn.execute("SELECT 1 FROM cabinets WHERE id = ANY(%s) ORDER BY id FOR NO KEY UPDATE",
                  (cabinets,))
    conn.execute("UPDATE cabinets c SET last_seen = now(), "
                 "last_beat = CASE WHEN b.beat IS NULL THEN c.last_beat ELSE b.at END, "
                 "beat = coalesce(b.beat, c.beat) FROM "
                 "unnest(%s::text[], %s::timestamptz[], %s::jsonb[]) AS b(id, at, beat) "
                 "WHERE c.id = b.id",
                 (cabinets, [beats[c][0] if c in beats else None for c in cabinets],
                  [beats[c][1] if c in beats else None for c in cabinets]))
    if rows[NOTICE]:
        conn.execute("INSERT INTO notices (cabinet, id, at, text) SELECT * FROM "
                     "unnest(%s::text[], %s::text[], %s::timestamptz[], %s::text[])",
                     [list(column) for column in zip(*rows[NOTICE], strict=True)])
    if rows[RESULT]:
        conn.execute("INSERT INTO results (cabinet, id, at, game, player, summary) SELECT * "
                     "FROM unnest(%s::text[], %s::text[], %s::timestamptz[], %s::text[], "
                     "%s::integer[], %s::jsonb[])",
                     [list(column) for column in zip(*rows[RESULT], strict=True)])
    return results


def _settle(conn: psycopg.Connection[Any], cabinet: str, mid: str, status: str, reason: str,
            rid: str, text: str) -> None:
    """A ranking entry's verdict: verified (its replay now served by digest), refused
    (flagged; its replay never stored) or of older rules (neither). A game already ranked
    (the same replay again, or relabelled) is refused: one rank per game."""
    ok = status == VERIFIED
    if ok:
        first = conn.execute(
            "SELECT r.cabinet, r.id FROM rankings r JOIN rankings me ON "
            "me.game_digest = r.game_digest WHERE me.cabinet = %s AND me.id = %s AND "
            "r.verified AND NOT (r.cabinet = %s AND r.id = %s)",
            (cabinet, mid, cabinet, mid)).fetchone()
        if first is not None:
            ok, status = False, FAILED
            reason = f"the same game already ranks (entry {first[1]} of {first[0]})"
    conn.execute("UPDATE rankings SET verified = %s, reason = %s, pending = false, "
                 "checked = now() WHERE cabinet = %s AND id = %s", (ok, reason, cabinet, mid))
    if ok:
        conn.execute("INSERT INTO replays VALUES (%s, %s) ON CONFLICT DO NOTHING", (rid, text))
    elif status != OLDER_RULES:
        conn.execute("INSERT INTO flags (cabinet, reason) VALUES (%s, %s)",
                     (cabinet, f"ranking entry {mid} refused: {reason}"[:300]))


def pending_cabinets(conn: psycopg.Connection[Any]) -> list[str]:
    return [r[0] for r in conn.execute(
        "SELECT DISTINCT cabinet FROM rankings WHERE pending").fetchall()]


def next_pending(conn: psycopg.Connection[Any], cabinet: str) -> dict[str, Any] | None:
    """The cabinet's oldest ranking entry waiting to be re-simulated, as a rank body with
    its id and claimed frames."""
    row = conn.execute(
        "SELECT r.id, r.game, r.mode, r.initials, r.figures, r.replay_id, r.rules_version, "
        "p.text, p.frames FROM rankings r JOIN pending_replays p USING (cabinet, id) "
        "WHERE r.cabinet = %s AND r.pending ORDER BY r.at, r.id LIMIT 1", (cabinet,)).fetchone()
    if row is None:
        return None
    return {"id": row[0], "frames": int(row[8]), "body": {
        "game": row[1], "mode": row[2], "initials": row[3], "values": row[4],
        "replay_id": row[5], "rules_version": row[6], "attached": row[7]}}


def settle(conn: psycopg.Connection[Any], cabinet: str, mid: str, status: str,
           reason: str) -> None:
    """Record the re-simulation's verdict of a pending ranking entry."""
    with conn.transaction():
        row = conn.execute("SELECT p.text, r.replay_id FROM pending_replays p JOIN rankings r "
                           "USING (cabinet, id) WHERE cabinet = %s AND id = %s AND r.pending "
                           "FOR UPDATE", (cabinet, mid)).fetchone()
        if row is None:
            return
        _settle(conn, cabinet, mid, status, reason, row[1], row[0])
        conn.execute("DELETE FROM pending_replays WHERE cabinet = %s AND id = %s",
                     (cabinet, mid))


def _net_delta(conn: psycopg.Connection[Any], cabinet: str, mid: str, body: dict[str, Any],
               at: datetime.datetime) -> dict[str, int]:
    """A book entry's delta less what the entries it merged and that were stored already
    brought (their stored deltas are net too); the others are marked seen."""
    delta: dict[str, int] = dict(body["delta"])
    merged = [m for m in body.get("merged", []) if m != mid]
    if not merged:
        return delta
    delta = _less_stored(conn, cabinet, delta, merged)
    _mark_seen(conn, cabinet, merged, at)
    return {name: value for name, value in delta.items() if value}


def _less_stored(conn: psycopg.Connection[Any], cabinet: str, delta: dict[str, int],
                 ids: list[str]) -> dict[str, int]:
    """``delta`` less the stored (net) deltas of the book entries ``ids``."""
    delta = dict(delta)
    for (part,) in conn.execute("SELECT delta FROM book WHERE cabinet = %s AND id = ANY(%s)",
                                (cabinet, ids)).fetchall():
        for name, value in part.items():
            delta[name] = delta.get(name, 0) - int(value)
    return delta


def _mark_seen(conn: psycopg.Connection[Any], cabinet: str, ids: list[str],
               at: datetime.datetime) -> None:
    """Book entries merged into another: their ids count as received (a late copy is a
    repeat)."""
    conn.execute("INSERT INTO messages (cabinet, id, kind, seq, at) "
                 "SELECT %s, m, %s, split_part(m, '-', 2)::bigint, %s "
                 "FROM unnest(%s::text[]) AS m ON CONFLICT DO NOTHING",
                 (cabinet, BOOK, at, ids))


def _late_parts(conn: psycopg.Connection[Any], cabinet: str, mid: str, body: dict[str, Any],
                at: datetime.datetime) -> str:
    """A merged book entry whose own id was stored before the outbox merged it: the ids it
    merged that never arrived brought coins that are in this entry and nowhere else. They
    are booked under the first of them (the entry's delta less what its stored parts
    brought) and marked seen; a repeat of it then finds nothing new."""
    merged = [m for m in body.get("merged", []) if m != mid]
    seen = {r[0] for r in conn.execute(
        "SELECT id FROM messages WHERE cabinet = %s AND id = ANY(%s)", (cabinet, merged))}
    unseen = [m for m in merged if m not in seen]
    if not unseen:
        return DUPLICATE
    delta = _less_stored(conn, cabinet, body["delta"], [mid, *seen])
    _mark_seen(conn, cabinet, unseen, at)
    if any(value < 0 for value in delta.values()):
        flag(conn, cabinet, f"book entry {mid[:40]} merged {len(unseen)} unseen entries "
                            "but holds less than its stored parts; nothing booked")
        return DUPLICATE
    delta = {name: value for name, value in delta.items() if value}
    coins = sum(v for k, v in delta.items() if k.startswith("coins."))
    conn.execute("INSERT INTO book VALUES (%s, %s, %s, %s, %s, %s, %s)",
                 (cabinet, unseen[0], at, Jsonb(body["totals"]), Jsonb(delta), coins,
                  bool(body.get("reset", False))))
    return STORED


def flag(conn: psycopg.Connection[Any], cabinet: str | None, reason: str) -> None:
    """A line for the operator; its text made storable whatever came in (no NUL, UTF-8)."""
    text = reason[:300].replace("\x00", "\\0").encode("utf-8", "backslashreplace").decode()
    conn.execute("INSERT INTO flags (cabinet, reason) VALUES (%s, %s)", (cabinet, text))


def share_group(conn: psycopg.Connection[Any]) -> str:
    """The intakes' shared subscription group: made once, a secret (a cabinet subscribing to
    ``$share/<guess>/...`` forms a group of its own and takes nothing from the service)."""
    conn.execute("INSERT INTO settings VALUES ('share_group', %s) ON CONFLICT DO NOTHING",
                 (f"fleet-{secrets.token_hex(16)}",))
    row = conn.execute("SELECT value FROM settings WHERE name = 'share_group'").fetchone()
    assert row is not None
    return str(row[0])


# ---- operators ---------------------------------------------------------------------------
def _hash(password: str, salt: bytes) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, **SCRYPT)


def set_operator(conn: psycopg.Connection[Any], name: str, password: str) -> None:
    """Add an operator or set a new password, which ends the sessions opened with the old."""
    salt = os.urandom(16)
    with conn.transaction():
        conn.execute("INSERT INTO operators VALUES (%s, %s, %s) ON CONFLICT (name) DO UPDATE "
                     "SET salt = EXCLUDED.salt, hash = EXCLUDED.hash",
                     (name, salt, _hash(password, salt)))
        conn.execute("DELETE FROM sessions WHERE operator = %s", (name,))


def delete_operator(conn: psycopg.Connection[Any], name: str) -> bool:
    """Remove an operator and, with them, every session of theirs (migration 0009);
    False if there was none of that name."""
    return conn.execute("DELETE FROM operators WHERE name = %s", (name,)).rowcount == 1


def check_operator(conn: psycopg.Connection[Any], name: str, password: str) -> bool:
    row = conn.execute("SELECT salt, hash FROM operators WHERE name = %s", (name,)).fetchone()
    if row is None:
        _hash(password, b"0" * 16)  # same time whether the name exists or not
        return False
    return hmac.compare_digest(_hash(password, bytes(row[0])), bytes(row[1]))


# ---- the dashboard's questions ------------------------------------------------------------
def cabinets(conn: psycopg.Connection[Any]) -> list[dict[str, Any]]:
    rows = conn.execute(
        "SELECT c.id, c.venue, c.last_seen, c.last_beat, c.beat, "
        "(SELECT coalesce(json_agg(n.text ORDER BY n.at DESC), '[]') FROM "
        " (SELECT text, at FROM notices WHERE cabinet = c.id ORDER BY at DESC LIMIT 5) n) "
        "FROM cabinets c ORDER BY c.id").fetchall()
    return [{"id": r[0], "venue": r[1], "last_seen": r[2].isoformat(),
             "last_beat": r[3].isoformat() if r[3] else None, "beat": r[4], "notices": r[5]}
            for r in rows]


def coins_per_day(conn: psycopg.Connection[Any], days: int = 30) -> list[dict[str, Any]]:
    rows = conn.execute(
        "SELECT (b.at AT TIME ZONE 'UTC')::date AS day, b.cabinet, c.venue, sum(b.coins) "
        "FROM book b JOIN cabinets c ON c.id = b.cabinet "
        "WHERE b.at > now() - make_interval(days => %s) "
        "GROUP BY 1, 2, 3 ORDER BY 1, 2", (days,)).fetchall()
    return [{"day": r[0].isoformat(), "cabinet": r[1], "venue": r[2], "coins": int(r[3])}
            for r in rows]


def ranking(conn: psycopg.Connection[Any], game: str, mode: str,
            limit: int = 20) -> list[dict[str, Any]]:
    """The network ranking in the cartridge's own order (its ranking key: a grade, a time...,
    higher first; an equal key ranks the earlier entry first)."""
    rows = conn.execute(
        "SELECT cabinet, initials, figures, replay_id, at, rules_version FROM rankings "
        "WHERE game = %s AND mode = %s AND verified ORDER BY at",
        (game, mode)).fetchall()
    cart = CARTRIDGES.get(game)
    if cart is not None:  # (the intake stores no other game's rows)
        rows = sorted(rows, key=lambda r: cart.board.ranking.key(r[2]), reverse=True)  # stable
    rows = rows[:limit]
    return [{"rank": i, "cabinet": r[0], "initials": r[1], "values": r[2], "replay_id": r[3],
             "at": r[4].isoformat(), "rules_version": r[5]} for i, r in enumerate(rows, start=1)]


def tables(conn: psycopg.Connection[Any]) -> list[tuple[str, str]]:
    return [(r[0], r[1]) for r in conn.execute(
        "SELECT DISTINCT game, mode FROM rankings ORDER BY 1, 2").fetchall()]


def replay(conn: psycopg.Connection[Any], rid: str) -> str | None:
    row = conn.execute("SELECT text FROM replays WHERE replay_id = %s", (rid,)).fetchone()
    return None if row is None else str(row[0])


def flags(conn: psycopg.Connection[Any], limit: int = 50) -> list[dict[str, Any]]:
    rows = conn.execute("SELECT cabinet, received, reason FROM flags ORDER BY n DESC LIMIT %s",
                        (limit,)).fetchall()
    return [{"cabinet": r[0], "received": r[1].isoformat(), "reason": r[2]} for r in rows]
