"""The dashboard's sessions, server-side in PostgreSQL (migration 0009): a login makes a
random token for the cookie and keeps only its SHA-256 with the operator, a per-session form
token and the expiry. Logging out deletes the session; deleting an operator (or setting a new
password) deletes all of theirs, so a copied cookie stops working at once."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

import psycopg

from fleet.decisions import SERVICE_DECISIONS

HOURS: int = SERVICE_DECISIONS["session_hours"].value
MAX_TOKEN = 100  # a cookie value longer than any token we make is not looked up


@dataclass(frozen=True)
class Session:
    operator: str
    csrf: str  # the token the dashboard's forms carry


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def create(conn: psycopg.Connection[Any], operator: str) -> str:
    """A new session for ``operator``; the cookie's token (shown nowhere else)."""
    token = secrets.token_urlsafe(32)
    conn.execute("DELETE FROM sessions WHERE expires < now()")
    conn.execute("INSERT INTO sessions (token_hash, operator, csrf, expires) VALUES "
                 "(%s, %s, %s, now() + make_interval(hours => %s))",
                 (_digest(token), operator, secrets.token_urlsafe(24), HOURS))
    return token


def find(conn: psycopg.Connection[Any], token: str) -> Session | None:
    if not token or len(token) > MAX_TOKEN:
        return None
    row = conn.execute("SELECT operator, csrf FROM sessions WHERE token_hash = %s AND "
                       "expires > now()", (_digest(token),)).fetchone()
    return None if row is None else Session(str(row[0]), str(row[1]))


def revoke(conn: psycopg.Connection[Any], token: str) -> None:
    conn.execute("DELETE FROM sessions WHERE token_hash = %s", (_digest(token),))


def revoke_all(conn: psycopg.Connection[Any], operator: str) -> int:
    """Every session of ``operator``; how many there were."""
    return conn.execute("DELETE FROM sessions WHERE operator = %s", (operator,)).rowcount
