"""The operator's dashboard and JSON API (Starlette). Every page and endpoint needs a login
(operators are in the database, scrypt-hashed); the session cookie is signed, HTTP-only and
SameSite=strict. The pages and lists themselves are in fleet/views.py."""

from __future__ import annotations

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

from fleet import store, views

MAX_FORM_BYTES = 4096
STYLE = ("body{font-family:sans-serif;margin:2em;background:#111;color:#eee}"
         "table{border-collapse:collapse;margin-bottom:2em}td,th{border:1px solid #444;"
         "padding:.3em .6em}th{background:#222}a{color:#8cf}.bad{color:#f88}")


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

    def health_check(request: Request) -> JSONResponse:
        if health is None:
            return JSONResponse({"intake": "none"})
        h = health()
        public = {k: h[k] for k in ("intake", "restarts", "refused", "queued")}
        return JSONResponse(public, status_code=200 if h["intake"] == "running" else 503)

    routes = [
        Route("/login", login, methods=["GET", "POST"]),
        Route("/logout", logout),
        Route("/health", health_check),
        *views.routes(guarded, operator, db, health),
    ]
    middleware = [Middleware(SessionMiddleware, secret_key=secret or secrets.token_hex(32),
                             same_site="strict", https_only=False, max_age=12 * 3600)]
    return Starlette(routes=routes, middleware=middleware)
