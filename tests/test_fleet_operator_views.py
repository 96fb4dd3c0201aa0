"""What an operator asks the dashboard and the API, on a real server (uvicorn on loopback,
PostgreSQL behind): which cabinets are offline and since when, earnings and plays per cabinet
per day, notices acknowledged (who, when) leaving the open list, and every list a page at a
time, followed to its end by its "next" links, with every text escaped."""

from __future__ import annotations

import datetime
import http.cookiejar
import json
import re
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from fleet import reports, store
from fleet.web import create_app
from tests.fleet_kit import operator_db

CABINETS = 120
DAYS = 3
HOSTILE = "<script>alert('x')</script> & \"quoted\""
OFFLINE = reports.OFFLINE_AFTER_S


def name(n: int) -> str:
    return f"cab-{n:03d}"


def expected_day(n: int, day: int) -> dict[str, int]:
    """What cabinet ``n`` booked ``day`` days ago, in two book entries (see ``site``)."""
    return {"coins": 2 * (n % 5 + 1) + day, "credits": n % 5 + 1, "service_credits": day,
            "plays": 3 + n % 4}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    db, conn = operator_db(tmp_path_factory.mktemp("db"))
    now = time.time()
    midnight = datetime.datetime.now(datetime.UTC).replace(hour=0, minute=0, second=0,
                                                           microsecond=0).timestamp()
    seq = 0

    def send(cabinet: str, kind: str, body: dict[str, Any], at: float) -> None:
        nonlocal seq
        seq += 1
        message = {"id": f"0a0b0c0d-{seq}", "seq": seq, "kind": kind, "at": at, "body": body}
        assert store.ingest(conn, cabinet, message) == "stored"

    with conn.transaction():
        for n in range(CABINETS):
            cabinet = name(n)
            for day in range(DAYS):
                want = expected_day(n, day)
                at = midnight - day * 86_400 + 1  # inside that UTC day, and past
                plays = want["plays"]
                # Two entries a day: the day's sums are what the page shows.
                send(cabinet, "book", {"totals": {}, "delta": {
                    "coins.1": want["coins"] - day, "credits_given": want["credits"],
                    "tgm.plays_1p": plays - 1}}, at)
                send(cabinet, "book", {"totals": {}, "delta": {
                    "coins.2": day, "service_credits": day, "tap.plays_2p": 1,
                    "tap.play_frames": 5000}}, at + 1)
            send(cabinet, "beat", {"screen": "attract"}, now - 30)
        send(name(3), "notice", {"text": HOSTILE}, now - 20)
        for k in range(60):  # more open notices than one page
            send(name(k), "notice", {"text": f"COIN CHUTE {k} JAMMED"}, now - 10 + k / 100)
        # The first ten went silent 2 h ago and more (their last message then); one just
        # under the threshold, one just over.
        for n in range(10):
            conn.execute("UPDATE cabinets SET last_seen = now() - make_interval(mins => %s) "
                         "WHERE id = %s", (120 + n, name(n)))
        conn.execute("UPDATE cabinets SET last_seen = now() - make_interval(secs => %s) "
                     "WHERE id = %s", (OFFLINE - 100, name(10)))
        conn.execute("UPDATE cabinets SET last_seen = now() - make_interval(secs => %s) "
                     "WHERE id = %s", (OFFLINE + 20, name(11)))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)  # connections wait in the backlog until uvicorn accepts: no start race
    server = uvicorn.Server(uvicorn.Config(create_app(db.url), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    yield {"base": f"http://127.0.0.1:{sock.getsockname()[1]}", "conn": conn}
    server.should_exit = True
    thread.join(30)
    conn.close()
    db.close()


class Operator:
    """A logged-in browser without a browser: a cookie jar."""

    def __init__(self, base: str, login: bool = True) -> None:
        self.base = base
        self.op = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        if login:
            with self.op.open(base + "/login", data=b"name=ops&password=correct+horse",
                              timeout=30) as r:
                assert not r.url.endswith("/login")

    def get(self, path: str) -> tuple[int, dict[str, str], bytes]:
        return self.send(urllib.request.Request(self.base + path))

    def send(self, request: urllib.request.Request) -> tuple[int, dict[str, str], bytes]:
        try:
            with self.op.open(request, timeout=30) as r:
                return int(r.status), dict(r.headers), r.read()
        except urllib.error.HTTPError as exc:
            return exc.code, dict(exc.headers), exc.read()

    def post_json(self, path: str, body: Any, kind: str = "application/json",
                  ) -> tuple[int, Any]:
        status, _, data = self.send(urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), headers={"content-type": kind}))
        return status, json.loads(data)

    def api_all(self, path: str) -> tuple[list[dict[str, Any]], int]:
        """Every row of an API list, following its Link headers; and how many pages."""
        rows: list[dict[str, Any]] = []
        pages = 0
        while path:
            status, headers, data = self.get(path)
            assert status == 200, data
            rows += json.loads(data)
            pages += 1
            link = headers.get("link") or headers.get("Link")
            found = re.fullmatch(r'<([^>]+)>; rel="next"', link) if link else None
            path = found[1] if found else ""
        return rows, pages


def test_the_offline_cabinets_and_since_when(site: dict[str, Any]) -> None:
    ops = Operator(site["base"])
    away, pages = ops.api_all("/api/offline?limit=4")
    # Silent longest first: cab-009 (129 min) ... cab-000 (120 min), then cab-011 (3 min 20 s).
    assert [c["id"] for c in away] == [name(n) for n in range(9, -1, -1)] + [name(11)]
    assert pages == 3
    assert all(c["offline"] for c in away)
    assert abs(away[0]["silent_s"] - 129 * 60) < 60
    since = datetime.datetime.fromisoformat(away[0]["last_seen"])
    assert abs(time.time() - 129 * 60 - since.timestamp()) < 60
    every, _ = ops.api_all("/api/cabinets?limit=200")
    state = {c["id"]: c["offline"] for c in every}
    assert state[name(10)] is False and state[name(11)] is True and state[name(50)] is False
    status, _, page = ops.get("/")
    text = page.decode()
    assert status == 200
    assert f"Offline (no message for {OFFLINE // 60} min)" in text
    assert re.search(r"<td>cab-009<td>[^<]*<td>[^<]+UTC<td class=bad>2 h 09 min", text)


def test_earnings_and_plays_per_cabinet_per_day(site: dict[str, Any]) -> None:
    ops = Operator(site["base"])
    rows, pages = ops.api_all("/api/earnings?limit=50")
    assert len(rows) == CABINETS * DAYS and pages == (CABINETS * DAYS + 49) // 50
    today = datetime.datetime.now(datetime.UTC).date()
    want = [{"day": (today - datetime.timedelta(days=day)).isoformat(), "cabinet": name(n),
             "venue": "", **expected_day(n, day)}
            for day in range(DAYS) for n in range(CABINETS)]
    assert rows == want  # newest day first, then by cabinet
    # The old name of the list still answers, with the same rows.
    old, _ = ops.api_all("/api/coins?limit=200")
    assert old == rows


def test_a_notice_acknowledged_leaves_the_open_list_with_who_and_when(
        site: dict[str, Any]) -> None:
    ops = Operator(site["base"])
    status, _, page = ops.get("/notices?limit=200")
    text = page.decode()
    token = re.search(r"name=token value='([^']+)'", text)
    assert status == 200 and token is not None
    mine = re.search(r"name=cabinet value='(cab-005)'><input type=hidden name=id "
                     r"value='([^']+)'", text)
    assert mine is not None
    form = f"cabinet=cab-005&id={mine[2]}&token={token[1]}&back=/notices".encode()
    # Without the page's token, or before logging in, nothing happens.
    stale = f"cabinet=cab-005&id={mine[2]}&token=guess&back=/".encode()
    assert ops.send(urllib.request.Request(site["base"] + "/notices/ack", data=stale))[0] == 403
    anonymous = Operator(site["base"], login=False)
    status, _, _ = anonymous.send(urllib.request.Request(site["base"] + "/notices/ack",
                                                         data=form))
    assert status == 200  # sent to the login form
    assert any(n["cabinet"] == "cab-005" for n in ops.api_all("/api/notices?limit=200")[0])
    before = time.time()
    status, _, page = ops.send(urllib.request.Request(site["base"] + "/notices/ack",
                                                      data=form))
    assert status == 200 and "Open notices" in page.decode()  # back to the list
    open_now, _ = ops.api_all("/api/notices?limit=200")
    assert not any(n["cabinet"] == "cab-005" for n in open_now)
    done, _ = ops.api_all("/api/notices?acked=1")
    assert [(n["cabinet"], n["acked_by"]) for n in done] == [("cab-005", "ops")]
    at = datetime.datetime.fromisoformat(done[0]["acked_at"]).timestamp()
    assert before - 5 <= at <= time.time() + 5
    # The JSON API: the same, once; again says it was already; an unknown one is 404.
    target = next(n for n in open_now if n["cabinet"] == "cab-006")
    assert ops.post_json("/api/notices/ack", {"cabinet": "cab-006", "id": target["id"]}) == (
        200, {"acknowledged": True, "by": "ops"})
    assert ops.post_json("/api/notices/ack", {"cabinet": "cab-006", "id": target["id"]}) == (
        200, {"acknowledged": False, "by": "ops"})
    assert ops.post_json("/api/notices/ack", {"cabinet": "cab-006", "id": "nope"})[0] == 404
    assert ops.post_json("/api/notices/ack", {"cabinet": "cab-007", "id": "x"},
                         kind="text/plain")[0] == 415
    assert ops.post_json("/api/notices/ack", ["cab-007"])[0] == 400
    left, _ = ops.api_all("/api/notices?limit=200")
    assert len(left) == len(open_now) - 1
    # The cabinets' list shows open notices only.
    cabinets = {c["id"]: c for c in ops.api_all("/api/cabinets?limit=200")[0]}
    assert cabinets["cab-005"]["notices"] == [] and cabinets["cab-005"]["open_notices"] == 0
    assert cabinets["cab-008"]["notices"] == ["COIN CHUTE 8 JAMMED"]


def test_every_list_comes_a_page_at_a_time_to_its_end(site: dict[str, Any]) -> None:
    ops = Operator(site["base"])
    cabinets, pages = ops.api_all("/api/cabinets?limit=7")
    assert [c["id"] for c in cabinets] == [name(n) for n in range(CABINETS)]
    assert pages == (CABINETS + 6) // 7
    flagged = site["conn"]
    for k in range(30):
        store.flag(flagged, name(k), f"refused {k}")
    flags, pages = ops.api_all("/api/flags?limit=8")
    assert [f["reason"] for f in flags[:30]] == [f"refused {k}" for k in range(29, -1, -1)]
    assert pages == 4
    for path in ("/api/cabinets?limit=201", "/api/cabinets?limit=0", "/api/flags?limit=x",
                 "/api/cabinets?after=%%%", "/api/earnings?after=WyJ4Il0",
                 "/api/notices?after=" + "A" * 700):
        status, _, body = ops.get(path)
        assert status == 400 and "\n" not in json.loads(body)["error"]
    # The HTML pages: followed by their "next page" links, every cabinet once.
    path, seen = "/cabinets", []
    while path:
        status, _, page = ops.get(path)
        assert status == 200
        text = page.decode()
        seen += re.findall(r"<tr><td>(cab-\d+)<td>", text)
        found = re.search(r"<a href='([^']+)'>next page", text)
        path = found[1].replace("&amp;", "&") if found else ""
    assert seen == [name(n) for n in range(CABINETS)]


def test_a_full_page_is_bounded_and_the_dashboard_shows_first_pages(
        site: dict[str, Any]) -> None:
    ops = Operator(site["base"])
    status, _, page = ops.get(f"/earnings?limit={reports.MAX_PAGE_ROWS}")
    assert status == 200
    assert page.decode().count("<tr><td>") == reports.MAX_PAGE_ROWS
    assert len(page) < 100_000 and b"next page" in page
    status, _, page = ops.get("/")
    text = page.decode()
    assert status == 200
    assert text.count("<tr><td>") <= 5 * reports.PAGE_ROWS + 20 + 20
    for list_path in ("/notices?limit=50&amp;after=", "/cabinets?limit=50&amp;after=",
                      "/earnings?limit=50&amp;after="):
        assert list_path in text


def test_every_text_is_escaped(site: dict[str, Any]) -> None:
    ops = Operator(site["base"])
    for path in ("/", "/notices?limit=200", "/cabinets?limit=200"):
        status, _, page = ops.get(path)
        text = page.decode()
        assert status == 200
        assert "<script>" not in text
        assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &quot;quoted&quot;" in text


def test_each_migration_has_a_version_of_its_own() -> None:
    versions = [v for v, _ in store.migrations()]
    assert len(versions) == len(set(versions))
    names = sorted(p.name for p in (Path(store.__file__).parent / "migrations").glob("*.sql"))
    assert len(names) == len(versions)
