"""The operator's questions, a page at a time (the dashboard's lists and the JSON API): which
cabinets are offline and since when, every cabinet with its open notices, earnings and plays
per cabinet per day, notices to acknowledge, flagged messages, a network ranking.

Every list is read in a fixed order and continued from a cursor, the last row's sort key
(keyset paging: a page costs the same however deep it is, and rows arriving meanwhile
neither repeat nor skip one). A cursor travels as URL-safe base64 of a JSON array and is
checked like any input; a bad one is ``BadPage``, said in one line.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import psycopg

from fleet import store
from fleet.decisions import SERVICE_DECISIONS

OFFLINE_AFTER_S: int = SERVICE_DECISIONS["offline_after_s"].value
PAGE_ROWS: int = SERVICE_DECISIONS["page_rows"].value["default"]
MAX_PAGE_ROWS: int = SERVICE_DECISIONS["page_rows"].value["max"]
MAX_CURSOR = 600  # characters: the longest key is a time, a cabinet's name and a message id
EARNING_DAYS = 30


class BadPage(ValueError):
    """A page asked for with a limit or cursor that is not one of ours."""


@dataclass(frozen=True)
class Page:
    rows: list[dict[str, Any]]
    next: str | None  # the cursor of the next page; None on the last


# ---- cursors --------------------------------------------------------------------------------
def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime.date) else value


def cursor(key: list[Any]) -> str:
    raw = json.dumps([_plain(v) for v in key], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _day(text: Any) -> datetime.date:
    if not isinstance(text, str) or len(text) != 10:
        raise ValueError("not a day")
    return datetime.date.fromisoformat(text)


def _time(text: Any) -> datetime.datetime:
    if not isinstance(text, str) or len(text) > 40:
        raise ValueError("not a time")
    at = datetime.datetime.fromisoformat(text)
    if at.tzinfo is None:
        raise ValueError("a time without its zone")
    return at


def _text(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 200 or "\x00" in value:
        raise ValueError("not a name")
    return value


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**62:
        raise ValueError("not a count")
    return value


def uncursor(text: str | None, shape: tuple[Callable[[Any], Any], ...]) -> list[Any] | None:
    """A cursor read back into its sort key, each part checked by ``shape``; None: the first
    page."""
    if text is None or text == "":
        return None
    if len(text) > MAX_CURSOR:
        raise BadPage("the page cursor is too long")
    try:
        key = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
        if not isinstance(key, list) or len(key) != len(shape):
            raise ValueError("wrong shape")
        return [check(part) for check, part in zip(shape, key, strict=True)]
    except (ValueError, TypeError, binascii.Error):
        raise BadPage("the page cursor is not one of this list's") from None


def page_size(text: str | None) -> int:
    if text is None or text == "":
        return PAGE_ROWS
    if not text.isdigit() or not 1 <= int(text) <= MAX_PAGE_ROWS:
        raise BadPage(f"limit must be 1 to {MAX_PAGE_ROWS}")
    return int(text)


def _page(rows: list[dict[str, Any]], limit: int, key: Callable[[dict[str, Any]], list[Any]],
          hidden: str | None = None) -> Page:
    """``rows`` were fetched one past ``limit``: is there a next page, and from where
    (``hidden``: a field the key needs that the page does not show)."""
    more = len(rows) > limit
    rows = rows[:limit]
    after = cursor(key(rows[-1])) if more else None
    if hidden is not None:
        rows = [{k: v for k, v in row.items() if k != hidden} for row in rows]
    return Page(rows, after)


# ---- cabinets -------------------------------------------------------------------------------
_CABINET = (
    "SELECT c.id, c.venue, c.last_seen, c.last_beat, c.beat, "
    "extract(epoch FROM now() - c.last_seen)::float8, "
    "(SELECT coalesce(json_agg(n.text ORDER BY n.at DESC), '[]') FROM "
    " (SELECT text, at FROM notices WHERE cabinet = c.id AND acked_at IS NULL "
    "  ORDER BY at DESC LIMIT 5) n), "
    "(SELECT count(*) FROM notices WHERE cabinet = c.id AND acked_at IS NULL) "
    "FROM cabinets c ")


def _cabinet_row(r: tuple[Any, ...], offline_s: int) -> dict[str, Any]:
    silent = max(0.0, float(r[5]))
    return {"id": r[0], "venue": r[1], "last_seen": r[2].isoformat(),
            "last_beat": r[3].isoformat() if r[3] else None, "beat": r[4],
            "offline": silent > offline_s, "silent_s": round(silent),
            "notices": r[6], "open_notices": int(r[7])}


def cabinets(conn: psycopg.Connection[Any], after: str | None = None, limit: int = PAGE_ROWS,
             offline_s: int = OFFLINE_AFTER_S) -> Page:
    """Every cabinet by name: when it was last heard from (any message), whether that is
    longer ago than ``offline_s``, its latest open notices."""
    key = uncursor(after, (_text,))
    rows = conn.execute(
        _CABINET + ("WHERE c.id > %s " if key else "") + "ORDER BY c.id LIMIT %s",
        (*(key or []), limit + 1)).fetchall()
    return _page([_cabinet_row(r, offline_s) for r in rows], limit, lambda r: [r["id"]])


def offline(conn: psycopg.Connection[Any], after: str | None = None, limit: int = PAGE_ROWS,
            offline_s: int = OFFLINE_AFTER_S) -> Page:
    """The cabinets not heard from for longer than ``offline_s``, silent longest first;
    ``last_seen`` is since when."""
    key = uncursor(after, (_time, _text))
    rows = conn.execute(
        _CABINET + "WHERE c.last_seen < now() - make_interval(secs => %s) "
        + ("AND (c.last_seen, c.id) > (%s, %s) " if key else "")
        + "ORDER BY c.last_seen, c.id LIMIT %s",
        (offline_s, *(key or []), limit + 1)).fetchall()
    return _page([{**_cabinet_row(r, offline_s), "_at": r[2]} for r in rows], limit,
                 lambda r: [r["_at"], r["id"]], "_at")


# ---- earnings -------------------------------------------------------------------------------
_DAY = (
    "SELECT b.cabinet, c.venue, sum(b.coins),"
    " sum(coalesce((b.delta->>'credits_given')::bigint, 0)),"
    " sum(coalesce((b.delta->>'service_credits')::bigint, 0)),"
    " sum((SELECT coalesce(sum(value::bigint), 0) FROM jsonb_each_text(b.delta)"
    "      WHERE right(key, 9) IN ('.plays_1p', '.plays_2p'))) "
    "FROM book b JOIN cabinets c ON c.id = b.cabinet "
    "WHERE b.at >= %(day)s::timestamp AT TIME ZONE 'UTC' "
    "AND b.at < (%(day)s::date + 1)::timestamp AT TIME ZONE 'UTC' "
    "AND b.at > now() - make_interval(days => %(days)s) AND b.cabinet > %(after)s "
    "GROUP BY b.cabinet, c.venue ORDER BY b.cabinet LIMIT %(rows)s")


def earnings(conn: psycopg.Connection[Any], after: str | None = None, limit: int = PAGE_ROWS,
             days: int = EARNING_DAYS) -> Page:
    """Per cabinet per day (UTC) over the last ``days``, newest day first, then by cabinet:
    coins (every chute), credits given for them, service credits, and plays (games started,
    one or two players), each the sum of the day's book deltas.

    Read a day at a time from the cursor's (the book's time index, then its cabinet order):
    a page adds up the book entries it shows and no others, however deep it is."""
    key = uncursor(after, (_day, _text))
    span = conn.execute("SELECT (now() AT TIME ZONE 'UTC')::date, ((now() - make_interval("
                        "days => %s)) AT TIME ZONE 'UTC')::date", (days,)).fetchone()
    assert span is not None
    day, first = span
    cabinet = ""
    if key:
        day, cabinet = min(key[0], day), key[1]
    found: list[dict[str, Any]] = []
    while day >= first and len(found) <= limit:
        rows = conn.execute(_DAY, {"day": day, "days": days, "after": cabinet,
                                   "rows": limit + 1 - len(found)}).fetchall()
        found += [{"day": day.isoformat(), "cabinet": r[0], "venue": r[1], "coins": int(r[2]),
                   "credits": int(r[3]), "service_credits": int(r[4]), "plays": int(r[5])}
                  for r in rows]
        day, cabinet = day - datetime.timedelta(days=1), ""
    return _page(found, limit, lambda r: [r["day"], r["cabinet"]])


# ---- notices --------------------------------------------------------------------------------
def notices(conn: psycopg.Connection[Any], acked: bool = False, after: str | None = None,
            limit: int = PAGE_ROWS) -> Page:
    """The open notices, newest first, or (``acked``) those acknowledged, the latest
    acknowledged first, with who and when."""
    key = uncursor(after, (_time, _text, _text))
    order = "n.acked_at" if acked else "n.at"
    rows = conn.execute(
        "SELECT n.cabinet, n.id, n.at, n.text, n.acked_by, n.acked_at, c.venue "
        "FROM notices n JOIN cabinets c ON c.id = n.cabinet WHERE n.acked_at IS "
        + ("NOT NULL " if acked else "NULL ")
        + (f"AND ({order}, n.cabinet, n.id) < (%s, %s, %s) " if key else "")
        + f"ORDER BY {order} DESC, n.cabinet DESC, n.id DESC LIMIT %s",
        (*(key or []), limit + 1)).fetchall()
    found = [{"cabinet": r[0], "id": r[1], "at": r[2].isoformat(), "text": r[3],
              "acked_by": r[4], "acked_at": r[5].isoformat() if r[5] else None, "venue": r[6],
              "_at": r[5] if acked else r[2]} for r in rows]
    return _page(found, limit, lambda r: [r["_at"], r["cabinet"], r["id"]], "_at")


def acknowledge(conn: psycopg.Connection[Any], cabinet: str, mid: str,
                operator: str) -> bool | None:
    """The operator acknowledged a notice: True, now; False, it was already; None: no such
    notice."""
    with conn.transaction():
        row = conn.execute("UPDATE notices SET acked_by = %s, acked_at = now() "
                           "WHERE cabinet = %s AND id = %s AND acked_at IS NULL RETURNING 1",
                           (operator, cabinet, mid)).fetchone()
        if row is not None:
            return True
        seen = conn.execute("SELECT 1 FROM notices WHERE cabinet = %s AND id = %s",
                            (cabinet, mid)).fetchone()
    return False if seen is not None else None


# ---- flags and rankings ---------------------------------------------------------------------
def flags(conn: psycopg.Connection[Any], after: str | None = None,
          limit: int = PAGE_ROWS) -> Page:
    """Refused messages and ranking entries, the latest first."""
    key = uncursor(after, (_count,))
    rows = conn.execute(
        "SELECT n, cabinet, received, reason FROM flags "
        + ("WHERE n < %s " if key else "") + "ORDER BY n DESC LIMIT %s",
        (*(key or []), limit + 1)).fetchall()
    found = [{"cabinet": r[1], "received": r[2].isoformat(), "reason": r[3], "_n": r[0]}
             for r in rows]
    return _page(found, limit, lambda r: [r["_n"]], "_n")


def ranking(conn: psycopg.Connection[Any], game: str, mode: str, after: str | None = None,
            limit: int = PAGE_ROWS) -> Page:
    """A network ranking, ``limit`` ranks at a time (the cursor is the last rank shown: the
    order is the cartridge's, worked out in Python)."""
    key = uncursor(after, (_count,))
    start = key[0] if key else 0
    rows = store.ranking(conn, game, mode, limit=start + limit + 1)[start:]
    return _page(rows, limit, lambda r: [r["rank"]])

