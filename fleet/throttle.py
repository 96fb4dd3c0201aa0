"""Failed dashboard logins, counted per operator name and per client address in PostgreSQL
(migration 0009), so every `fleet serve` instance sees the same counts. ``attempt`` decides,
checks and counts under a transaction-scoped lock on both keys: parallel guesses at one name
or from one address queue behind each other instead of slipping past the count. The limits
are ``login_throttle`` in fleet/decisions.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg

from fleet.decisions import SERVICE_DECISIONS

LIMITS: dict[str, int] = dict(SERVICE_DECISIONS["login_throttle"].value)


@dataclass(frozen=True)
class Verdict:
    ok: bool  # the password was right
    blocked_s: int = 0  # > 0: throttled, the password not even checked; seconds left


def keys(address: str, operator: str) -> dict[str, int]:
    """The counters an attempt touches, each with its limit."""
    return {f"operator:{operator}": LIMITS["operator"], f"address:{address}": LIMITS["address"]}


def attempt(conn: psycopg.Connection[Any], address: str, operator: str,
            check: Callable[[], bool]) -> Verdict:
    counters = keys(address, operator)
    with conn.transaction():
        for key in sorted(counters):
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 35))", (key,))
        row = conn.execute(
            "SELECT ceil(extract(epoch FROM max(blocked_until) - now())) FROM login_failures "
            "WHERE key = ANY(%s) AND blocked_until > now()", (list(counters),)).fetchone()
        if row is not None and row[0] is not None:
            return Verdict(False, max(1, int(row[0])))
        if check():
            conn.execute("DELETE FROM login_failures WHERE key = %s",
                         (f"operator:{operator}",))
            return Verdict(True)
        conn.execute("DELETE FROM login_failures WHERE since < now() - make_interval("
                     "secs => %s) AND (blocked_until IS NULL OR blocked_until < now())",
                     (LIMITS["window_s"],))
        for key, limit in counters.items():
            conn.execute(
                "INSERT INTO login_failures AS f (key, failures, since) VALUES (%s, 1, now()) "
                "ON CONFLICT (key) DO UPDATE SET failures = f.failures + 1, "
                "blocked_until = CASE WHEN f.failures + 1 >= %s THEN now() + "
                "make_interval(secs => %s) END", (key, limit, LIMITS["lockout_s"]))
        return Verdict(False)
