"""The operator's pages and the JSON API's lists (fleet/web.py mounts them behind its login):
the dashboard, with the first page of every list, and each list on a page of its own,
continued by a "next page" link (in the API, a ``Link: <...>; rel="next"`` header, RFC 8288,
beside a plain JSON array). A notice is acknowledged with a form (a per-session token) or
``POST /api/notices/ack``; who and when are kept. Every text from a cabinet is escaped."""

from __future__ import annotations

import hmac
import html
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from fleet import reports, store
from fleet.reports import BadPage, Page
from fleet.sessions import Session
from games.registry import CARTRIDGES

MAX_FORM_BYTES = 4096
STYLE = ("body{font-family:sans-serif;margin:2em;background:#111;color:#eee}"
         "table{border-collapse:collapse;margin-bottom:.6em}td,th{border:1px solid #444;"
         "padding:.3em .6em}th{background:#222}a{color:#8cf}.bad{color:#f88}.ok{color:#8f8}"
         "td.n{text-align:right}p.more{margin:0 0 2em}form{margin:0}"
         "button{background:#333;color:#eee;border:1px solid #666;cursor:pointer}")
e = html.escape


def when(iso: str | None) -> str:
    """An ISO time from the API as the page shows it: to the second, UTC."""
    return f"{iso[:19].replace('T', ' ')} UTC" if iso else "-"


def ago(seconds: int) -> str:
    """A silence's length as an operator reads it: 45 s, 12 min, 3 h 05 min, 2 d 4 h."""
    if seconds < 60:
        return f"{seconds} s"
    minutes = seconds // 60
    if minutes < 60:
        return f"{minutes} min"
    hours = minutes // 60
    if hours < 48:
        return f"{hours} h {minutes % 60:02d} min"
    return f"{hours // 24} d {hours % 24} h"


def columns(game: str, values: dict[str, Any]) -> list[str]:
    """A row's figures in the cartridge's column order (the database keeps JSON keys in an
    order of its own)."""
    cart = CARTRIDGES.get(game)
    order = [c for c in cart.board.ranking.columns if c in values] if cart is not None else []
    return order + [k for k in values if k not in order]


def href(path: str, **query: Any) -> str:
    """``path`` (as Starlette gives it, decoded) with ``query``; parts that are None left out."""
    given = {k: v for k, v in query.items() if v is not None}
    return quote(path) + ("?" + urlencode(given) if given else "")


def _table(head: list[str], rows: list[str], page: Page, more: str, empty: str) -> str:
    """A list's table and, when there is one, the link to its next page (``more`` ends in
    ``after=``, the cursor goes after it)."""
    if not rows:
        return f"<p>{e(empty)}</p>"
    heads = "".join(f"<th>{e(h)}" for h in head)
    link = (f"<p class=more><a href='{e(more + quote(page.next))}'>next page "
            "&rarr;</a></p>" if page.next else "<p class=more></p>")
    return f"<table><tr>{heads}</tr>{''.join(rows)}</table>{link}"


# ---- the lists as HTML ----------------------------------------------------------------------
def offline_html(page: Page, more: str) -> str:
    rows = [f"<tr><td>{e(c['id'])}<td>{e(c['venue'])}<td>{e(when(c['last_seen']))}"
            f"<td class=bad>{e(ago(c['silent_s']))}<td>{e(when(c['last_beat']))}</tr>"
            for c in page.rows]
    return _table(["cabinet", "venue", "offline since (last message)", "silent for",
                   "last heartbeat"], rows, page, more, "every cabinet is online")


def cabinets_html(page: Page, more: str) -> str:
    rows = []
    for c in page.rows:
        beat = c["beat"] or {}
        state = (f"<td class=bad>offline for {e(ago(c['silent_s']))}" if c["offline"]
                 else "<td class=ok>online")
        notes = "; ".join(dict.fromkeys(c["notices"]))
        if c["open_notices"] > len(c["notices"]):
            notes += f" (+{c['open_notices'] - len(c['notices'])} more)"
        rows.append(f"<tr><td>{e(c['id'])}<td>{e(c['venue'])}{state}"
                    f"<td>{e(when(c['last_seen']))}<td>{e(when(c['last_beat']))}"
                    f"<td>{e(str(beat.get('screen', '-')))}<td class=bad>{e(notes)}</tr>")
    return _table(["cabinet", "venue", "state", "last message", "last heartbeat", "screen",
                   "open notices"], rows, page, more, "no cabinet has sent anything yet")


def earnings_html(page: Page, more: str) -> str:
    rows = [f"<tr><td>{e(d['day'])}<td>{e(d['cabinet'])}<td>{e(d['venue'])}"
            f"<td class=n>{d['coins']}<td class=n>{d['credits']}"
            f"<td class=n>{d['service_credits']}<td class=n>{d['plays']}</tr>"
            for d in page.rows]
    return _table(["day (UTC)", "cabinet", "venue", "coins", "credits", "service credits",
                   "plays"], rows, page, more, "no bookkeeping in the last 30 days")


def notices_html(page: Page, more: str, acked: bool, token: str, back: str) -> str:
    rows = []
    for n in page.rows:
        if acked:
            last = f"<td>{e(n['acked_by'] or '-')}<td>{e(when(n['acked_at']))}"
        else:
            last = ("<td><form method=post action=/notices/ack>"
                    f"<input type=hidden name=cabinet value='{e(n['cabinet'])}'>"
                    f"<input type=hidden name=id value='{e(n['id'])}'>"
                    f"<input type=hidden name=token value='{e(token)}'>"
                    f"<input type=hidden name=back value='{e(back)}'>"
                    "<button>acknowledge</button></form>")
        rows.append(f"<tr><td>{e(when(n['at']))}<td>{e(n['cabinet'])}<td>{e(n['venue'])}"
                    f"<td class=bad>{e(n['text'])}{last}</tr>")
    head = ["when", "cabinet", "venue", "notice"]
    head += ["acknowledged by", "at"] if acked else [""]
    return _table(head, rows, page, more,
                  "nothing acknowledged yet" if acked else "no open notice")


def flags_html(page: Page, more: str) -> str:
    rows = [f"<tr><td>{e(when(f['received']))}<td>{e(f['cabinet'] or '-')}"
            f"<td class=bad>{e(f['reason'])}</tr>" for f in page.rows]
    return _table(["when", "cabinet", "why"], rows, page, more, "nothing flagged")


def ranking_html(game: str, page: Page, more: str) -> str:
    rows = []
    for r in page.rows:
        figures = ", ".join(f"{k} {r['values'][k]}" for k in columns(game, r["values"]))
        rid = e(str(r["replay_id"]))
        rows.append(f"<tr><td class=n>{r['rank']}<td>{e(r['initials'])}<td>{e(figures)}"
                    f"<td>{e(r['cabinet'])}<td><a href='/api/replays/{rid}'>{rid}.rpl</a></tr>")
    return _table(["#", "name", "figures", "cabinet", "replay"], rows, page, more,
                  "no verified entry")


def shell(title: str, body: str) -> HTMLResponse:
    return HTMLResponse(
        f"<!doctype html><title>{e(title)}</title><style>{STYLE}</style>"
        "<h1>bloxcab fleet</h1><p><a href=/>dashboard</a> &middot; <a href=/offline>offline"
        "</a> &middot; <a href=/cabinets>cabinets</a> &middot; <a href=/notices>notices</a> "
        "&middot; <a href=/earnings>earnings</a> &middot; <a href=/flags>flagged</a> "
        f"&middot; <a href=/logout>log out</a></p>{body}")


def routes(guarded: Callable[[Callable[[Request, Any], Any], bool], Callable[[Request], Any]],
           session: Callable[[Request], Session | None], db: Callable[[], Any],
           health: Callable[[], dict[str, Any]] | None) -> list[Route]:
    """The dashboard, the list pages and the API's lists; ``guarded`` (web.py) asks for the
    login and opens the database for a view; ``session`` is the request's (fleet/sessions.py)."""

    def operator(request: Request) -> str | None:
        found = session(request)
        return None if found is None else found.operator

    def _token(request: Request) -> str:
        found = session(request)
        return "" if found is None else found.csrf

    def paged(view: Callable[[Request, Any, str | None, int], Response], api: bool,
              ) -> Callable[[Request], Any]:
        def checked(request: Request, conn: Any) -> Response:
            try:
                limit = reports.page_size(request.query_params.get("limit"))
                return view(request, conn, request.query_params.get("after"), limit)
            except BadPage as exc:
                if api:
                    return JSONResponse({"error": str(exc)}, status_code=400)
                return PlainTextResponse(str(exc), status_code=400)
        return guarded(checked, api)

    def listing(page: Page, request: Request, limit: int, **query: Any) -> JSONResponse:
        headers = {}
        if page.next is not None:
            after = href(request.url.path, **query, limit=limit, after=page.next)
            headers["link"] = f'<{after}>; rel="next"'
        return JSONResponse(page.rows, headers=headers)

    def dashboard(request: Request, conn: Any) -> Response:
        parts = []
        if health is not None:
            h = health()
            state = "bad" if h["intake"] != "running" or h["restarts"] else "ok"
            parts.append(
                f"<h2>Intake</h2><p class={state}>intake {e(str(h['intake']))}, "
                f"restarts {h['restarts']}, stored {h['stored']}, refused {h['refused']}, "
                f"database errors {h['db_errors']}"
                + (f", last failure: {e(str(h['last_failure']))}" if h["last_failure"] else "")
                + "</p>")
        size = reports.PAGE_ROWS
        away = reports.offline(conn, limit=size)
        parts.append(f"<h2>Offline (no message for {reports.OFFLINE_AFTER_S // 60} min)</h2>"
                     + offline_html(away, f"/offline?limit={size}&after="))
        parts.append("<h2>Open notices</h2>" + notices_html(
            reports.notices(conn, limit=size), f"/notices?limit={size}&after=",
            False, _token(request), "/"))
        parts.append("<h2>Cabinets</h2>" + cabinets_html(
            reports.cabinets(conn, limit=size), f"/cabinets?limit={size}&after="))
        parts.append("<h2>Earnings and plays per day</h2>" + earnings_html(
            reports.earnings(conn, limit=size), f"/earnings?limit={size}&after="))
        parts.append("<h2>Network rankings</h2>")
        for game, mode in store.tables(conn):
            path = f"/rankings/{quote(game, safe='')}/{quote(mode, safe='')}"
            parts.append(f"<h3>{e(game)} / {e(mode)}</h3>" + ranking_html(
                game, reports.ranking(conn, game, mode, limit=20), path + "?limit=20&after="))
        parts.append("<h2>Flagged</h2>" + flags_html(
            reports.flags(conn, limit=20), "/flags?limit=20&after="))
        return shell("bloxcab fleet", "".join(parts))

    def page_of(title: str, render: Callable[[Page, str], str],
                read: Callable[..., Page]) -> Callable[[Request, Any, str | None, int],
                                                       Response]:
        def view(request: Request, conn: Any, after: str | None, limit: int) -> Response:
            more = href(request.url.path, limit=limit) + "&after="
            return shell(f"bloxcab fleet: {title}",
                         f"<h2>{e(title)}</h2>" + render(read(conn, after=after, limit=limit),
                                                         more))
        return view

    def notices_page(request: Request, conn: Any, after: str | None, limit: int) -> Response:
        acked = request.query_params.get("acked") == "1"
        page = reports.notices(conn, acked=acked, after=after, limit=limit)
        more = href("/notices", acked="1" if acked else None, limit=limit) + "&after="
        other = ("<p><a href=/notices>the open notices</a></p>" if acked else
                 "<p><a href='/notices?acked=1'>the acknowledged notices</a></p>")
        title = "Acknowledged notices" if acked else "Open notices"
        return shell(f"bloxcab fleet: {title}", f"<h2>{title}</h2>{other}"
                     + notices_html(page, more, acked, _token(request), "/notices"))

    def ranking_page(request: Request, conn: Any, after: str | None, limit: int) -> Response:
        game, mode = request.path_params["game"], request.path_params["mode"]
        page = reports.ranking(conn, game, mode, after=after, limit=limit)
        more = href(request.url.path, limit=limit) + "&after="
        return shell(f"bloxcab fleet: {game} / {mode}",
                     f"<h2>{e(game)} / {e(mode)}</h2>" + ranking_html(game, page, more))

    async def acknowledge(request: Request) -> Response:
        """The dashboard's button: a form with the session's token (SameSite=strict already
        keeps other sites' forms out; the token keeps out any page that is not ours)."""
        who = operator(request)
        if who is None:
            return RedirectResponse("/login", status_code=303)
        body = await request.body()
        if len(body) > MAX_FORM_BYTES:
            return PlainTextResponse("form too large", status_code=413)
        form = {k: v[0] for k, v in parse_qs(body.decode("utf-8", "replace")).items()}
        token = _token(request)
        if not token or not hmac.compare_digest(form.get("token", "").encode(),
                                                token.encode()):
            return PlainTextResponse("the form is stale: load the page again", status_code=403)
        cabinet, mid = form.get("cabinet", "")[:200], form.get("id", "")[:200]

        def ack() -> bool | None:
            with db() as conn:
                return reports.acknowledge(conn, cabinet, mid, who)

        if await run_in_threadpool(ack) is None:
            return PlainTextResponse("no such notice", status_code=404)
        back = "/" if form.get("back") == "/" else "/notices"
        return RedirectResponse(back, status_code=303)

    async def api_acknowledge(request: Request) -> Response:
        """``{"cabinet": ..., "id": ...}`` as application/json (a form from another site
        cannot send that type without the browser asking first)."""
        who = operator(request)
        if who is None:
            return JSONResponse({"error": "login required"}, status_code=401)
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return JSONResponse({"error": "send application/json"}, status_code=415)
        body = await request.body()
        try:
            data = json.loads(body) if len(body) <= MAX_FORM_BYTES else None
        except ValueError:
            data = None
        if (not isinstance(data, dict) or not isinstance(data.get("cabinet"), str)
                or not isinstance(data.get("id"), str)):
            return JSONResponse({"error": 'send {"cabinet": "...", "id": "..."}'},
                                status_code=400)
        cabinet, mid = data["cabinet"][:200], data["id"][:200]

        def ack() -> bool | None:
            with db() as conn:
                return reports.acknowledge(conn, cabinet, mid, who)

        done = await run_in_threadpool(ack)
        if done is None:
            return JSONResponse({"error": "no such notice"}, status_code=404)
        return JSONResponse({"acknowledged": done, "by": who})

    def api(read: Callable[..., Page]) -> Callable[[Request, Any, str | None, int], Response]:
        def view(request: Request, conn: Any, after: str | None, limit: int) -> Response:
            return listing(read(conn, after=after, limit=limit), request, limit)
        return view

    def api_notices(request: Request, conn: Any, after: str | None, limit: int) -> Response:
        acked = request.query_params.get("acked") == "1"
        page = reports.notices(conn, acked=acked, after=after, limit=limit)
        return listing(page, request, limit, acked="1" if acked else None)

    def api_ranking(request: Request, conn: Any, after: str | None, limit: int) -> Response:
        page = reports.ranking(conn, request.path_params["game"], request.path_params["mode"],
                               after=after, limit=limit)
        return listing(page, request, limit)

    def api_replay(request: Request, conn: Any) -> Response:
        rid = request.path_params["rid"]
        text = store.replay(conn, rid) if len(rid) == 16 else None
        if text is None:
            return JSONResponse({"error": "no such replay"}, status_code=404)
        return PlainTextResponse(text, headers={
            "content-disposition": f'attachment; filename="{rid}.rpl"'})

    return [
        Route("/", guarded(dashboard, False)),
        Route("/offline", paged(page_of("Offline cabinets", offline_html, reports.offline),
                                False)),
        Route("/cabinets", paged(page_of("Cabinets", cabinets_html, reports.cabinets), False)),
        Route("/earnings", paged(page_of("Earnings and plays per day", earnings_html,
                                         reports.earnings), False)),
        Route("/flags", paged(page_of("Flagged", flags_html, reports.flags), False)),
        Route("/notices", paged(notices_page, False)),
        Route("/notices/ack", acknowledge, methods=["POST"]),
        Route("/rankings/{game}/{mode}", paged(ranking_page, False)),
        Route("/api/cabinets", paged(api(reports.cabinets), True)),
        Route("/api/offline", paged(api(reports.offline), True)),
        Route("/api/earnings", paged(api(reports.earnings), True)),
        Route("/api/coins", paged(api(reports.earnings), True)),  # its first name
        Route("/api/notices", paged(api_notices, True)),
        Route("/api/notices/ack", api_acknowledge, methods=["POST"]),
        Route("/api/rankings/{game}/{mode}", paged(api_ranking, True)),
        Route("/api/flags", paged(api(reports.flags), True)),
        Route("/api/replays/{rid}", guarded(api_replay, True)),
    ]
