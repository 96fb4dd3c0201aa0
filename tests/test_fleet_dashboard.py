"""The dashboard and the JSON API on a real server (uvicorn on loopback, pgserver behind):
nothing without a login, the tables once logged in, a row's replay downloadable."""

from __future__ import annotations

import http.cookiejar
import io
import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
import uvicorn

from fleet import store
from fleet.simcab import ranked_game
from fleet.web import create_app
from tests.browser_kit import CHROMIUM, CI, DASHBOARD_SHOT, Browser
from tests.fleet_kit import operator_db


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    db, conn = operator_db(tmp_path_factory.mktemp("db"))
    row = ranked_game("sega88", 5)
    now = time.time()  # the data is today's, so the last-30-days view holds it
    book = {"totals": {"coins.1": 3}, "delta": {"coins.1": 3, "credits_given": 3,
                                                "sega88.plays_1p": 2}}
    for n, (kind, body) in enumerate([("book", book),
                                      ("beat", {"screen": "attract"}),
                                      ("notice", {"text": "JVS ERROR"}),
                                      ("rank", row)], start=1):
        assert store.ingest(conn, "arcade-9", {"id": f"00000000-{n}", "seq": n, "kind": kind,
                                               "at": now - 100 + n, "body": body}) == "stored"
    # A second cabinet, in another venue, silent for two hours with a notice left open.
    for n, (kind, body) in enumerate([("book", {"totals": {"coins.1": 8}, "delta": {
                                          "coins.1": 6, "coins.2": 2, "credits_given": 4,
                                          "tap.plays_2p": 3, "ti.plays_1p": 1}}),
                                      ("notice", {"text": "COIN CHUTE 2 JAMMED"})], start=1):
        assert store.ingest(conn, "arcade-4", {"id": f"00000001-{n}", "seq": n, "kind": kind,
                                               "at": now - 7300 + n, "body": body}) == "stored"
    conn.execute("UPDATE cabinets SET venue = %s, last_seen = now() - interval '2 hours' "
                 "WHERE id = 'arcade-4'", ("Akihabara",))
    conn.execute("UPDATE cabinets SET venue = %s WHERE id = 'arcade-9'", ("Shibuya",))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)  # connections wait in the backlog until uvicorn accepts: no start race
    server = uvicorn.Server(uvicorn.Config(create_app(db.url), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    yield {"base": f"http://127.0.0.1:{sock.getsockname()[1]}", "row": row}
    server.should_exit = True
    thread.join(30)
    conn.close()
    db.close()


def opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def status(op: urllib.request.OpenerDirector, url: str, data: bytes | None = None) -> int:
    try:
        with op.open(url, data=data, timeout=30) as r:
            return int(r.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def test_nothing_without_a_login(site: dict[str, Any]) -> None:
    op = opener()
    for path in ("/api/cabinets", "/api/coins", "/api/rankings/sega88/normal",
                 f"/api/replays/{site['row']['replay_id']}"):
        assert status(op, site["base"] + path) == 401
    with op.open(site["base"] + "/", timeout=30) as r:  # the dashboard sends to the login
        assert r.url.endswith("/login")
    assert status(op, site["base"] + "/login", b"name=ops&password=wrong") == 200
    assert status(op, site["base"] + "/api/cabinets") == 401


def test_logged_in_the_operator_sees_cabinets_coins_rankings_and_replays(
        site: dict[str, Any]) -> None:
    op = opener()
    base, row = site["base"], site["row"]
    with op.open(base + "/login", data=b"name=ops&password=correct+horse", timeout=30) as r:
        assert not r.url.endswith("/login")
        page = r.read().decode()
    assert "arcade-9" in page and "JVS ERROR" in page
    cabinets = json.load(op.open(base + "/api/cabinets", timeout=30))
    assert [(c["id"], c["notices"], c["offline"]) for c in cabinets] == [
        ("arcade-4", ["COIN CHUTE 2 JAMMED"], True), ("arcade-9", ["JVS ERROR"], False)]
    coins = json.load(op.open(base + "/api/coins", timeout=30))
    assert sorted((d["cabinet"], d["coins"], d["plays"]) for d in coins) == [
        ("arcade-4", 8, 4), ("arcade-9", 3, 2)]
    table = json.load(op.open(f"{base}/api/rankings/sega88/{row['mode']}", timeout=30))
    assert [(r["initials"], r["values"]) for r in table] == [(row["initials"], row["values"])]
    with op.open(f"{base}/api/replays/{row['replay_id']}", timeout=30) as r:
        assert r.read().decode() == row["attached"]
    assert status(op, f"{base}/api/replays/{'0' * 16}") == 404


DOCS_SHOT = Path(__file__).resolve().parent.parent / DASHBOARD_SHOT


@pytest.mark.skipif(CHROMIUM is None and not CI,
                    reason="Chromium not installed (Debian chromium; required under .ci/run)")
def test_in_a_real_browser_the_login_leads_to_the_dashboard(site: dict[str, Any],
                                                           tmp_path: Path) -> None:
    """Headless Chromium: the dashboard sends it to the login form; logged in, the page
    shows the cabinets (one offline), their open notices and the ranking row. The
    screenshot goes into docs/ under .ci/run (BLOXCAB_CI=1), else into the test's folder."""
    browser = Browser()
    try:
        browser.open(site["base"] + "/")
        assert browser.run("location.pathname") == "/login"
        browser.submit({"name": "ops", "password": "wrong"})
        assert "wrong name or password" in browser.run("document.body.innerText")
        browser.submit({"name": "ops", "password": "correct horse"})
        assert browser.run("location.pathname") == "/"
        text = browser.run("document.body.innerText")
        shot = browser.screenshot(DOCS_SHOT if CI else tmp_path / "dashboard.png")
    finally:
        browser.close()
    row = site["row"]
    for seen in ("arcade-9", "JVS ERROR", row["initials"], f"{row['replay_id']}.rpl",
                 "offline for 2 h", "COIN CHUTE 2 JAMMED", "acknowledge"):
        assert seen in text
    picture = pygame.image.load(io.BytesIO(shot))
    assert picture.get_width() == 1280 and picture.get_height() >= 900
    # Text drawn on the dark page: many distinct colours, not one blank fill.
    colours = {picture.get_at((x, y))[:3] for x in range(0, 1280, 7) for y in range(0, 400, 3)}
    assert len(colours) > 20
