"""The operator's dashboard and JSON API (Starlette). Every page and endpoint needs a login
(operators are in the database, scrypt-hashed). A login is throttled per operator name and
per client address (fleet/throttle.py) and its password hashed in a worker thread, never on
the event loop. The session is server-side (fleet/sessions.py): the cookie carries only a
random token, HttpOnly, SameSite=strict, and Secure when the request came over HTTPS, directly
or through a proxy the operator declared (``proxies``: its X-Forwarded-Proto and
X-Forwarded-For are believed, nobody else's). The pages and lists are in fleet/views.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from fleet import sessions, store, throttle, views
from fleet.sessions import Session

MAX_FORM_BYTES = 4096
COOKIE = "fleet_session"
_SCOPE_KEY = "fleet.session"
STYLE = ("body{font-family:sans-serif;margin:2em;background:#111;color:#eee}"
         "table{border-collapse:collapse;margin-bottom:2em}td,th{border:1px solid #444;"
         "padding:.3em .6em}th{background:#222}a{color:#8cf}.bad{color:#f88}")


class SessionLookup:
    """Finds the request's session (a database query, in a worker thread) before any
    endpoint runs, so the endpoints on the event loop only read it."""

    def __init__(self, app: ASGIApp, find: Callable[[str], Session | None]) -> None:
        self.app = app
        self.find = find

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            token = Request(scope).cookies.get(COOKIE)
            scope[_SCOPE_KEY] = await run_in_threadpool(self.find, token) if token else None
        await self.app(scope, receive, send)


def session(request: Request) -> Session | None:
    found = request.scope.get(_SCOPE_KEY)
    return found if isinstance(found, Session) else None


def login_page(error: str = "", status_code: int = 200,
               headers: dict[str, str] | None = None) -> HTMLResponse:
    return HTMLResponse(
        f"<!doctype html><title>bloxcab fleet: login</title><style>{STYLE}</style>"
        f"<h1>bloxcab fleet</h1>{error}<form method=post>"
        "<p><label>operator <input name=name autofocus></label></p>"
        "<p><label>password <input name=password type=password></label></p>"
        "<p><button>log in</button></p></form>", status_code=status_code, headers=headers)


def create_app(db_url: str, health: Callable[[], dict[str, Any]] | None = None,
               proxies: list[str] | None = None) -> Starlette:
    """``health`` is the intake's (fleet/ingest.py): shown on the dashboard and, without a
    login, at /health (HTTP 503 while the intake is down). ``proxies``: the addresses (or
    networks) of the reverse proxies in front, whose forwarded headers are believed.
    Run it with uvicorn's own proxy_headers off (fleet/serve.py does), or uvicorn believes
    any local client's."""
    def db() -> Any:
        return store.connect(db_url)

    def find(token: str) -> Session | None:
        with db() as conn:
            return sessions.find(conn, token)

    def operator(request: Request) -> str | None:
        found = session(request)
        return None if found is None else found.operator

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
        if request.method != "POST":
            return login_page()
        body = await request.body()
        if len(body) > MAX_FORM_BYTES:
            return PlainTextResponse("form too large", status_code=413)
        form = parse_qs(body.decode("utf-8", "replace"))
        name = form.get("name", [""])[0][:64]
        password = form.get("password", [""])[0][:256]
        address = request.client.host if request.client else "unknown"

        def attempt() -> tuple[throttle.Verdict, str | None]:
            """Off the event loop: the database and scrypt."""
            with db() as conn:
                verdict = throttle.attempt(conn, address, name,
                                           lambda: store.check_operator(conn, name, password))
                return verdict, sessions.create(conn, name) if verdict.ok else None

        verdict, token = await run_in_threadpool(attempt)
        if verdict.blocked_s:
            minutes = -(-verdict.blocked_s // 60)
            return login_page(f"<p class=bad>too many failed logins: try again in {minutes} "
                              "min</p>", 429, {"retry-after": str(verdict.blocked_s)})
        if token is None:
            return login_page("<p class=bad>wrong name or password</p>")
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(COOKIE, token, max_age=sessions.HOURS * 3600, path="/",
                            secure=request.url.scheme == "https", httponly=True,
                            samesite="strict")
        return response

    async def logout(request: Request) -> Any:
        token = request.cookies.get(COOKIE)
        if token:
            def revoke() -> None:
                with db() as conn:
                    sessions.revoke(conn, token)
            await run_in_threadpool(revoke)
        response = RedirectResponse("/login", status_code=303)
        response.delete_cookie(COOKIE, path="/", secure=request.url.scheme == "https",
                               httponly=True, samesite="strict")
        return response

    def health_check(request: Request) -> JSONResponse:
        if health is None:
            return JSONResponse({"intake": "none"})
        h = health()
        public = {k: h[k] for k in ("intake", "restarts", "refused", "queued")}
        return JSONResponse(public, status_code=200 if h["intake"] == "running" else 503)

    routes = [
        Route("/login", login, methods=["GET", "POST"]),
        Route("/logout", logout, methods=["GET", "POST"]),
        Route("/health", health_check),
        *views.routes(guarded, session, db, health),
    ]
    middleware = [Middleware(SessionLookup, find=find)]
    if proxies:  # outermost: the session's lookup and the cookie see the client's scheme
        middleware.insert(0, Middleware(ProxyHeadersMiddleware, trusted_hosts=proxies))
    return Starlette(routes=routes, middleware=middleware)
