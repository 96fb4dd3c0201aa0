"""Several `fleet serve` instances share the work and survive one's loss. Two real
`bloxcab fleet serve --name` processes (fleet-service-a and fleet-service-b, each its own
certificate) against Debian's Mosquitto with the shipped configuration, one PostgreSQL:

- both start at once on an empty database (the migrations run once, under a lock);
- they split a shared subscription; b is frozen (SIGSTOP) while cabinets send, so its share
  waits in flight to it or queued in its session, then killed (SIGKILL);
- a takes b's session over and stores what was b's, and what comes after;
- b started again gets its session back, and a hands it over;
- every message sent is stored exactly once;
- an operator logged in on one instance's dashboard is logged in on the other's (the
  sessions are in the database).

Needs Mosquitto (the embedded amqtt has no shared subscriptions): skipped without it, and a
failure under .ci/run, which installs it.
"""

from __future__ import annotations

import http.cookiejar
import shutil
import signal
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.uplink.pki import issue
from fleet import mosquitto, store
from fleet.broker import allowed
from fleet.service_names import member_id
from tests.fleet_kit import Database, Pki, free_port, need_mosquitto
from tests.members_kit import CABINETS, START_S, STORE_S, Instance, send, until

PER_PHASE = 150  # messages per cabinet in each phase


def login(instance: Instance, name: str, password: str) -> str:
    """The session cookie of a login on ``instance``'s dashboard."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    body = urllib.parse.urlencode({"name": name, "password": password}).encode()

    def answered() -> bool:
        try:
            with opener.open(f"http://127.0.0.1:{instance.http}/login", data=body, timeout=30):
                return True
        except OSError:  # not listening yet
            return False

    assert until(answered, START_S)
    cookies = [f"{c.name}={c.value}" for c in jar]
    assert cookies, "no session after logging in"
    return "; ".join(cookies)


def api_status(instance: Instance, cookie: str) -> int:
    request = urllib.request.Request(f"http://127.0.0.1:{instance.http}/api/cabinets",
                                     headers={"Cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return int(r.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


@pytest.fixture
def fleet(tmp_path: Path) -> Iterator[tuple[Pki, Database, Path, int]]:
    need_mosquitto("the embedded broker has no shared subscriptions")
    pki = Pki(tmp_path / "pki")
    db = Database(tmp_path / "db")
    keys = tmp_path / "keys"
    for name in ("a", "b"):
        issue(pki.ca, member_id(name), keys)
    shutil.copy(pki.ca_crt, keys / "ca.crt")
    port = free_port()
    broker = mosquitto.start(mosquitto.configure(
        pki.ca, port, tmp_path / "broker", members=[member_id("a"), member_id("b")]))
    try:
        yield pki, db, keys, port
    finally:
        broker.terminate()
        broker.wait(30)
        db.close()


def test_the_named_instances_have_the_service_rights_and_no_cabinet_has() -> None:
    from amqtt.contexts import Action

    for user in ("fleet-service-a", "fleet-service-b-2"):
        assert allowed(user, "bloxcab/cab-1/beat", Action.RECEIVE)
        assert allowed(user, "$share/g/bloxcab/+/+", Action.SUBSCRIBE)
        assert not allowed(user, f"bloxcab/{user}/beat", Action.PUBLISH)
    assert not allowed("cab-1", "bloxcab/cab-2/beat", Action.RECEIVE)
    assert not allowed("cab-1", "$share/g/bloxcab/+/+", Action.SUBSCRIBE)
    text = mosquitto.acl(["fleet-service-a"])
    own = text.split("user fleet-service\n")[1].split("pattern")[0]
    assert "topic read" in own and f"user fleet-service-a\n{own}" in text


def test_one_instance_killed_mid_stream_loses_nothing_and_doubles_nothing(
        fleet: tuple[Pki, Database, Path, int]) -> None:
    pki, db, keys, port = fleet
    a = Instance("a", keys, db.url, port)  # both at once, on an empty database
    b = Instance("b", keys, db.url, port)
    conn = store.connect(db.url)

    def stored() -> int:
        row = conn.execute("SELECT count(*) FROM messages").fetchone()
        return int(row[0]) if row else 0

    try:
        a.said(r"intake fleet-service-a subscribed", START_S)
        b.said(r"intake fleet-service-b subscribed", START_S)
        total = 0
        send(pki, port, 1, PER_PHASE)  # both take their share
        total += PER_PHASE * len(CABINETS)
        assert until(lambda: stored() == total, STORE_S), (stored(), total)
        store.set_operator(conn, "ops", "correct horse")
        cookie = login(a, "ops", "correct horse")
        assert api_status(a, cookie) == 200
        assert api_status(b, cookie) == 200  # logged in on a: logged in on b
        assert api_status(b, "session=forged") == 401

        b.kill(signal.SIGSTOP)  # b's share of what comes now waits for b, at the broker
        send(pki, port, 1 + PER_PHASE, PER_PHASE)
        total += PER_PHASE * len(CABINETS)
        held_by_b = total - stored()
        b.kill(signal.SIGKILL)
        b.proc.wait(30)
        assert held_by_b > 0, "b took none of the messages: nothing to take over"
        send(pki, port, 1 + 2 * PER_PHASE, PER_PHASE)  # while b is away
        total += PER_PHASE * len(CABINETS)
        assert until(lambda: stored() == total, STORE_S), (stored(), total)
        a.said(r"fleet-service-b is gone: fleet-service-a takes over", 0)

        mark = len(a.lines)
        b = Instance("b", keys, db.url, port)  # back: a hands its session over
        a.said(r"fleet-service-b is back: fleet-service-a hands", START_S, after=mark)
        b.said(r"intake fleet-service-b subscribed", START_S)
        send(pki, port, 1 + 3 * PER_PHASE, PER_PHASE)
        total += PER_PHASE * len(CABINETS)
        assert until(lambda: stored() == total, STORE_S), (stored(), total)

        rows = conn.execute("SELECT cabinet, id FROM messages").fetchall()
        expected = {(c, f"0a1b2c3d-{n}") for c in CABINETS for n in range(1, 4 * PER_PHASE + 1)}
        assert len(rows) == len(expected) and set(rows) == expected  # each once, none missing
        applied = conn.execute("SELECT count(*) FROM schema_migrations").fetchone()
        assert applied is not None and applied[0] == len(store.migrations())
    finally:
        conn.close()
        for instance in (a, b):
            instance.stop()
