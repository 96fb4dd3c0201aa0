"""The operator's dashboard and JSON API (Starlette). Every page and endpoint needs a login
(operators are in the database, scrypt-hashed); the session cookie is signed, HTTP-only and
SameSite=strict."""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse
from starlette.routing import Route

from fleet import store
from games.registry import CARTRIDGES

MAX_FORM_BYTES = 4096
STYLE = ("body{font-family:sans-serif;margin:2em;background:#111;color:#eee}"
         "table{border-collapse:collapse;margin-bottom:2em}td,th{border:1px solid #444;"
         "padding:.3em .6em}th{background:#222}a{color:#8cf}.bad{color:#f88}")


def when(iso: str | None) -> str:
    """An ISO time from the API as the page shows it: to the second, UTC."""
    return f"{iso[:19].replace('T', ' ')} UTC" if iso else "-"


def columns(game: str, values: dict[str, Any]) -> list[str]:
    """A row's figures in the cartridge's column order (the database keeps JSON keys in an
    order of its own)."""
    cart = CARTRIDGES.get(game)
    order = [c for c in cart.board.ranking.columns if c in values] if cart is not None else []
    return order + [k for k in values if k not in order]


def create_app(db_url: str, secret: str | None = None,
               health: Callable[[], dict[str, Any]] | None = None) -> Starlette:
    """``health`` is the intake's (fleet/ingest.py): shown on the dashboard and, without a
    login, at /health (HTTP 503 while the intake is down)."""
    def db() -> Any:
        return store.connect(db_url)

    def operator(request: Request) -> str | None:
        name = request.session.get("operator")
        return name if isinstance(name, str) else None

    def guarded(view: Callable[[Request, Any], Any], api: bool) -> Callable[[Request], Any]:
        def endpoint(request: Request) -> Any:
            if operator(request) is None:
                if api:
                    return JSONResponse({"error": "login required"}, status_code=401)
                return RedirectResponse("/login", status_code=303)
            with db() as conn:
                return view(request, conn)
        return endpoint

    async def login(request: Request) -> Any:
        error = ""
        if request.method == "POST":
            body = await request.body()
            if len(body) > MAX_FORM_BYTES:
                return PlainTextResponse("form too large", status_code=413)
            form = parse_qs(body.decode("utf-8", "replace"))
            name = form.get("name", [""])[0][:64]
            password = form.get("password", [""])[0][:256]
            with db() as conn:
                ok = store.check_operator(conn, name, password)
            if ok:
                request.session["operator"] = name
                return RedirectResponse("/", status_code=303)
            error = "<p class=bad>wrong name or password</p>"
        return HTMLResponse(
            f"<!doctype html><title>bloxcab fleet: login</title><style>{STYLE}</style>"
            f"<h1>bloxcab fleet</h1>{error}<form method=post>"
            "<p><label>operator <input name=name autofocus></label></p>"
            "<p><label>password <input name=password type=password></label></p>"
            "<p><button>log in</button></p></form>")

    def logout(request: Request) -> Any:
        request.session.clear()
        return RedirectResponse("/login", status_code=303)

    def dashboard(request: Request, conn: Any) -> HTMLResponse:
        e = html.escape
        parts = [f"<!doctype html><title>bloxcab fleet</title><style>{STYLE}</style>",
                 "<h1>bloxcab fleet</h1><p><a href=/logout>log out</a></p>"]
        if health is not None:
            h = health()
            state = "bad" if h["intake"] != "running" or h["restarts"] else ""
            parts.append(
                f"<h2>Intake</h2><p class={state or 'ok'}>intake {e(str(h['intake']))}, "
                f"restarts {h['restarts']}, stored {h['stored']}, refused {h['refused']}, "
                f"database errors {h['db_errors']}"
                + (f", last failure: {e(str(h['last_failure']))}" if h["last_failure"] else "")
                + "</p>")
        parts += [
                 "<h2>Cabinets</h2><table><tr><th>cabinet<th>venue<th>last heartbeat"
                 "<th>screen<th>notices</tr>"]
        for c in store.cabinets(conn):
            beat = c["beat"] or {}
            parts.append(f"<tr><td>{e(c['id'])}<td>{e(c['venue'])}<td>{e(when(c['last_beat']))}"
                         f"<td>{e(str(beat.get('screen', '-')))}"
                         f"<td class=bad>{e('; '.join(dict.fromkeys(c['notices'])))}</tr>")
        parts.append("</table><h2>Coins per day</h2><table><tr><th>day<th>cabinet<th>venue"
                     "<th>coins</tr>")
        for d in store.coins_per_day(conn):
            parts.append(f"<tr><td>{e(d['day'])}<td>{e(d['cabinet'])}<td>{e(d['venue'])}"
                         f"<td>{d['coins']}</tr>")
        parts.append("</table><h2>Network rankings</h2>")
        for game, mode in store.tables(conn):
            parts.append(f"<h3>{e(game)} / {e(mode)}</h3><table><tr><th>#<th>name<th>figures"
                         "<th>cabinet<th>replay</tr>")
            for r in store.ranking(conn, game, mode):
                figures = ", ".join(f"{k} {r['values'][k]}" for k in columns(game, r["values"]))
                parts.append(f"<tr><td>{r['rank']}<td>{e(r['initials'])}<td>{e(figures)}"
                             f"<td>{e(r['cabinet'])}<td><a href='/api/replays/{r['replay_id']}'>"
                             f"{r['replay_id']}.rpl</a></tr>")
            parts.append("</table>")
        parts.append("<h2>Flagged</h2><table><tr><th>when<th>cabinet<th>why</tr>")
        for f in store.flags(conn, 20):
            parts.append(f"<tr><td>{e(when(f['received']))}<td>{e(f['cabinet'] or '-')}"
                         f"<td class=bad>{e(f['reason'])}</tr>")
        parts.append("</table>")
        return HTMLResponse("".join(parts))

    def health_check(request: Request) -> JSONResponse:
        if health is None:
            return JSONResponse({"intake": "none"})
        h = health()
        public = {k: h[k] for k in ("intake", "restarts", "refused", "queued")}
        return JSONResponse(public, status_code=200 if h["intake"] == "running" else 503)

    def api_cabinets(request: Request, conn: Any) -> JSONResponse:
        return JSONResponse(store.cabinets(conn))

    def api_coins(request: Request, conn: Any) -> JSONResponse:
        return JSONResponse(store.coins_per_day(conn))

    def api_ranking(request: Request, conn: Any) -> JSONResponse:
        return JSONResponse(store.ranking(conn, request.path_params["game"],
                                          request.path_params["mode"]))

    def api_flags(request: Request, conn: Any) -> JSONResponse:
        return JSONResponse(store.flags(conn))

    def api_replay(request: Request, conn: Any) -> Any:
        rid = request.path_params["rid"]
        text = store.replay(conn, rid) if len(rid) == 16 else None
        if text is None:
            return JSONResponse({"error": "no such replay"}, status_code=404)
        return PlainTextResponse(text, headers={
            "content-disposition": f'attachment; filename="{rid}.rpl"'})

    routes = [
        Route("/login", login, methods=["GET", "POST"]),
        Route("/logout", logout),
        Route("/health", health_check),
        Route("/", guarded(dashboard, api=False)),
        Route("/api/cabinets", guarded(api_cabinets, api=True)),
        Route("/api/coins", guarded(api_coins, api=True)),
        Route("/api/rankings/{game}/{mode}", guarded(api_ranking, api=True)),
        Route("/api/flags", guarded(api_flags, api=True)),
        Route("/api/replays/{rid}", guarded(api_replay, api=True)),
    ]
    middleware = [Middleware(SessionMiddleware, secret_key=secret or secrets.token_hex(32),
                             same_site="strict", https_only=False, max_age=12 * 3600)]
    return Starlette(routes=routes, middleware=middleware)
