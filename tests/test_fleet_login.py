"""Issue 35 item 9: the dashboard's login, on real servers (uvicorn on loopback, plain, behind a
declared proxy, and over HTTPS; PostgreSQL behind). Failed logins are throttled per operator
and per client address, a throttled attempt answered 429 without its password checked; the
password's check runs off the event loop; the session cookie is HttpOnly, SameSite=strict and
Secure over HTTPS; sessions live in the database, so logging out, deleting the operator or
changing the password makes a copied cookie worthless."""

from __future__ import annotations

import http.client
import socket
import ssl
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
import uvicorn

from firmware.cli import main
from firmware.uplink.pki import issue, new_ca
from fleet import store
from fleet.decisions import SERVICE_DECISIONS
from fleet.web import COOKIE, create_app
from tests.fleet_kit import Database, operator_db

LIMITS = SERVICE_DECISIONS["login_throttle"].value
HEALTHY = {"intake": "running", "restarts": 0, "refused": 0, "queued": 0}


class Site:
    """The dashboard on a socket bound before the server starts (requests wait in the
    backlog), run as `fleet serve` runs it: uvicorn's own proxy headers off."""

    def __init__(self, db_url: str, proxies: list[str] | None = None,
                 tls: tuple[Path, Path, Path] | None = None) -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        self.port = sock.getsockname()[1]
        extra: dict[str, Any] = {}
        self.context: ssl.SSLContext | None = None
        if tls is not None:
            key, crt, ca = tls
            extra = {"ssl_certfile": str(crt), "ssl_keyfile": str(key)}
            self.context = ssl.create_default_context(cafile=str(ca))
        app = create_app(db_url, health=lambda: HEALTHY, proxies=proxies)
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning",
                                                    proxy_headers=False, **extra))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]},
                                       daemon=True)
        self.thread.start()

    def call(self, method: str, path: str, form: dict[str, str] | None = None,
             cookie: str | None = None, headers: dict[str, str] | None = None,
             ) -> tuple[int, http.client.HTTPMessage, str]:
        if self.context is not None:
            conn: http.client.HTTPConnection = http.client.HTTPSConnection(
                "127.0.0.1", self.port, timeout=60, context=self.context)
        else:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        sent = dict(headers or {})
        if cookie is not None:
            sent["cookie"] = f"{COOKIE}={cookie}"
        body = None
        if form is not None:
            body = urlencode(form)
            sent["content-type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=body, headers=sent)
            r = conn.getresponse()
            return r.status, r.headers, r.read().decode()
        finally:
            conn.close()

    def login(self, name: str, password: str, **kw: Any) -> tuple[int, str | None, str]:
        """(status, the Set-Cookie line for the session, body)."""
        status, headers, body = self.call("POST", "/login", {"name": name,
                                                             "password": password}, **kw)
        cookies = [c for c in headers.get_all("set-cookie") or [] if c.startswith(COOKIE)]
        return status, cookies[0] if cookies else None, body

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)


def token(set_cookie: str | None) -> str:
    assert set_cookie is not None
    return set_cookie.split(";")[0].split("=", 1)[1]


def attributes(set_cookie: str | None) -> set[str]:
    assert set_cookie is not None
    return {part.strip().lower() for part in set_cookie.split(";")[1:]}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Database, Any]]:
    database, conn = operator_db(tmp_path_factory.mktemp("db"))
    yield database, conn
    conn.close()
    database.close()


@pytest.fixture
def conn(db: tuple[Database, Any]) -> Any:
    """A fresh count of failures for each test."""
    db[1].execute("DELETE FROM login_failures")
    return db[1]


@pytest.fixture(scope="module")
def site(db: tuple[Database, Any]) -> Iterator[Site]:
    s = Site(db[0].url)
    yield s
    s.close()


@pytest.fixture(scope="module")
def proxied(db: tuple[Database, Any]) -> Iterator[Site]:
    s = Site(db[0].url, proxies=["127.0.0.1"])
    yield s
    s.close()


@pytest.fixture(scope="module")
def secure(db: tuple[Database, Any], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    where = tmp_path_factory.mktemp("tls")
    new_ca(where / "ca")
    key, crt = issue(where / "ca", "dashboard", where, server_names=["127.0.0.1"])
    s = Site(db[0].url, tls=(key, crt, where / "ca" / "ca.crt"))
    yield s
    s.close()


# ---- the cookie ------------------------------------------------------------------------------
def test_over_plain_http_the_cookie_is_httponly_and_samesite_but_not_secure(
        site: Site, conn: Any) -> None:
    status, cookie, _ = site.login("ops", "correct horse")
    assert status == 303
    assert {"httponly", "samesite=strict", "path=/"} <= attributes(cookie)
    assert "secure" not in attributes(cookie)
    # A client's own X-Forwarded-Proto is not believed without a declared proxy.
    _, cookie, _ = site.login("ops", "correct horse", headers={"x-forwarded-proto": "https"})
    assert "secure" not in attributes(cookie)


def test_over_https_the_cookie_is_secure(secure: Site, conn: Any) -> None:
    status, cookie, _ = secure.login("ops", "correct horse")
    assert status == 303
    assert {"secure", "httponly", "samesite=strict"} <= attributes(cookie)
    assert secure.call("GET", "/api/cabinets", cookie=token(cookie))[0] == 200


def test_behind_a_declared_proxy_its_https_makes_the_cookie_secure(proxied: Site,
                                                                   conn: Any) -> None:
    _, cookie, _ = proxied.login("ops", "correct horse", headers={"x-forwarded-proto": "https"})
    assert {"secure", "httponly", "samesite=strict"} <= attributes(cookie)
    _, cookie, _ = proxied.login("ops", "correct horse", headers={"x-forwarded-proto": "http"})
    assert "secure" not in attributes(cookie)


# ---- sessions in the database ----------------------------------------------------------------
def test_a_stolen_cookie_stops_working_after_logout(site: Site, conn: Any) -> None:
    _, cookie, _ = site.login("ops", "correct horse")
    stolen = token(cookie)
    assert site.call("GET", "/api/cabinets", cookie=stolen)[0] == 200
    status, headers, _ = site.call("GET", "/logout", cookie=stolen)
    assert status == 303
    cleared = [c for c in headers.get_all("set-cookie") or [] if c.startswith(COOKIE)]
    assert cleared and 'max-age=0' in cleared[0].lower()
    assert site.call("GET", "/api/cabinets", cookie=stolen)[0] == 401  # the copy, replayed
    assert site.call("GET", "/", cookie=stolen)[0] == 303


def test_the_database_keeps_no_usable_token(site: Site, conn: Any) -> None:
    _, cookie, _ = site.login("ops", "correct horse")
    stored = [bytes(r[0]) for r in conn.execute("SELECT token_hash FROM sessions")]
    assert stored and token(cookie).encode() not in stored
    assert all(len(h) == 32 for h in stored)


def test_deleting_an_operator_ends_all_their_sessions(
        db: tuple[Database, Any], site: Site, conn: Any,
        capsys: pytest.CaptureFixture[str]) -> None:
    store.set_operator(conn, "eve", "eve's password")
    cookies = [token(site.login("eve", "eve's password")[1]) for _ in range(2)]
    ours = token(site.login("ops", "correct horse")[1])
    assert [site.call("GET", "/api/cabinets", cookie=c)[0] for c in cookies] == [200, 200]
    assert main(["fleet", "operator", "eve", "--db", db[0].url, "--delete"]) == 0
    assert [site.call("GET", "/api/cabinets", cookie=c)[0] for c in cookies] == [401, 401]
    assert site.call("GET", "/api/cabinets", cookie=ours)[0] == 200  # others keep theirs
    assert site.login("eve", "eve's password")[0] == 200  # no such operator now
    capsys.readouterr()
    assert main(["fleet", "operator", "eve", "--db", db[0].url, "--delete"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no operator 'eve'" in err


def test_a_new_password_ends_the_old_sessions(site: Site, conn: Any) -> None:
    store.set_operator(conn, "kim", "first password")
    old = token(site.login("kim", "first password")[1])
    store.set_operator(conn, "kim", "second password")
    assert site.call("GET", "/api/cabinets", cookie=old)[0] == 401


# ---- throttling ------------------------------------------------------------------------------
def test_failures_of_one_operator_block_it_and_a_blocked_attempt_is_not_checked(
        db: tuple[Database, Any], site: Site, conn: Any) -> None:
    store.set_operator(conn, "lee", "lee's password")
    for _ in range(LIMITS["operator"]):
        assert site.login("lee", "guess")[0] == 200
    # The right password now: refused, and not checked at all. While the operators table
    # is locked, any check would wait on the lock; the blocked attempt answers at once.
    blocker = store.connect(db[0].url)
    try:
        with blocker.transaction():
            blocker.execute("LOCK TABLE operators IN ACCESS EXCLUSIVE MODE")
            status, cookie, body = site.login("lee", "lee's password")
            assert status == 429 and cookie is None
            assert "too many failed logins" in body
    finally:
        blocker.close()
    status, headers, _ = site.call("POST", "/login", {"name": "lee", "password": "x"})
    assert status == 429
    retry = int(headers["retry-after"])
    assert 0 < retry <= LIMITS["lockout_s"]
    # Another operator from the same address is not blocked by lee's failures.
    assert site.login("ops", "correct horse")[0] == 303


def test_a_good_login_clears_its_operators_count(site: Site, conn: Any) -> None:
    store.set_operator(conn, "max", "max's password")
    for _ in range(LIMITS["operator"] - 1):
        assert site.login("max", "guess")[0] == 200
    assert site.login("max", "max's password")[0] == 303
    for _ in range(LIMITS["operator"] - 1):
        assert site.login("max", "guess")[0] == 200
    assert site.login("max", "max's password")[0] == 303


def test_failures_from_one_address_block_that_address(proxied: Site, conn: Any) -> None:
    """Behind the declared proxy the client's address is the forwarded one: each name
    fails fewer times than its own limit, the address reaches its."""
    guesser = {"x-forwarded-for": "203.0.113.9"}
    names = [f"user-{n}" for n in range(LIMITS["address"])]
    for name in names:
        assert proxied.login(name, "guess", headers=guesser)[0] == 200
    assert proxied.login("ops", "correct horse", headers=guesser)[0] == 429
    assert proxied.login("ops", "correct horse",
                         headers={"x-forwarded-for": "198.51.100.4"})[0] == 303
    assert conn.execute("SELECT count(*) FROM login_failures WHERE key = "
                        "'address:203.0.113.9' AND blocked_until > now()").fetchone()[0] == 1


def test_parallel_guesses_do_not_slip_past_the_count(site: Site, conn: Any) -> None:
    """Twice the limit at once: the count is taken under a lock, so no more than the limit
    are checked, the rest are answered 429."""
    store.set_operator(conn, "pat", "pat's password")
    results: list[int] = []
    lock = threading.Lock()

    def guess() -> None:
        status = site.login("pat", "guess")[0]
        with lock:
            results.append(status)

    threads = [threading.Thread(target=guess) for _ in range(2 * LIMITS["operator"])]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert sorted(results) == [200] * LIMITS["operator"] + [429] * LIMITS["operator"]


# ---- off the event loop ----------------------------------------------------------------------
def test_the_loop_answers_health_while_a_login_is_being_checked(
        db: tuple[Database, Any], site: Site, conn: Any) -> None:
    """The login's check (its database query, then scrypt) is held inside a worker thread
    by a lock on the operators table; meanwhile the event loop answers /health."""
    blocker = store.connect(db[0].url)
    done: list[int] = []
    try:
        with blocker.transaction():
            blocker.execute("LOCK TABLE operators IN ACCESS EXCLUSIVE MODE")
            login = threading.Thread(
                target=lambda: done.append(site.login("ops", "correct horse")[0]))
            login.start()
            waiting = 0
            for _ in range(100_000):  # until the check waits on our lock (each a query)
                row = conn.execute("SELECT count(*) FROM pg_locks l JOIN pg_class c ON "
                                   "c.oid = l.relation WHERE c.relname = 'operators' AND "
                                   "NOT l.granted").fetchone()
                waiting = int(row[0])
                if waiting or not login.is_alive():
                    break
            assert waiting == 1 and login.is_alive() and not done
            status, _, body = site.call("GET", "/health")
            assert status == 200 and '"running"' in body
            assert login.is_alive()  # still held in its thread
    finally:
        blocker.close()
    login.join(60)
    assert done == [303]
