"""A poison message is refused, never fatal: each message that once killed the intake (a NUL
in a notice, ``"player": "x"``, ``1e999``, ``seq`` 2^70, a body nested 100,000 deep) is
refused by the format, flagged, acknowledged and passed over while the rest are stored; one
the database itself will not take is refused alone; a worker that dies anyway is started
again, and the dashboard and /health say so. Real broker and real PostgreSQL."""

from __future__ import annotations

import json
import socket
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
import uvicorn

from firmware.uplink.message import Refused, decode
from fleet import store
from fleet.web import create_app
from tests.fleet_kit import Service

GOOD_BEAT = {"id": "0a1b2c3d-1", "seq": 1, "kind": "beat", "at": 1_700_000_000,
             "body": {"screen": "attract"}}


def raw(kind: str, n: int, body: str, seq: str | None = None) -> bytes:
    """A message as text, so it can hold what json.dumps would not write."""
    return (f'{{"id":"0a1b2c3d-{n}","seq":{seq or n},"kind":"{kind}","at":1700000000,'
            f'"body":{body}}}').encode()


POISON = [
    ("notice", raw("notice", 1, '{"text":"COIN\\u0000JAM"}')),
    ("result", raw("result", 2, '{"game":"sega88","player":"x","summary":{}}')),
    ("beat", raw("beat", 3, '{"screen":"attract","credits":1e999}')),
    ("result", raw("result", 4, '{"game":"sega88","player":0,"summary":{"score":1e999}}')),
    ("beat", raw("beat", 5, "{}", seq=str(2**70))),
    ("beat", raw("beat", 6, "[" * 100_000 + "]" * 100_000)),
    ("result", raw("result", 7, '{"game":"sega88","player":0,"summary":'
                   + '{"a":' * 100_000 + "1" + "}" * 100_000 + "}")),
    ("notice", raw("notice", 8, '{"text":"half \\ud800 pair"}')),
    ("beat", raw("beat", 9, '{"screen":"attract","credits":NaN}')),
    ("book", raw("book", 10, '{"totals":{"coins.1":1},"delta":{"coins.1":1},"reset":"no"}')),
    ("result", raw("result", 11, '{"game":"sega88","player":0,"summary":{"s":"\\u0000"}}')),
    ("notice", raw("notice", 12, '{"text":"' + "X" * 5000 + '"}')),
    ("beat", raw("beat", 13, '{"screen":{"nested":1}}')),
    ("rank", raw("rank", 14, '{"game":"sega88","mode":"normal","replay_id":"x",'
                 '"initials":"AAA","values":{},"attached":""}')),
]


def test_every_poison_message_is_refused_by_the_format() -> None:
    assert decode("bloxcab/cab-x/beat", json.dumps(GOOD_BEAT).encode())[0] == "cab-x"
    for kind, payload in POISON:
        with pytest.raises(Refused):
            decode(f"bloxcab/cab-x/{kind}", payload)


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    service = Service(tmp_path_factory.mktemp("poison"))
    yield service
    service.close()


def test_poison_messages_are_refused_and_flagged_and_the_intake_goes_on(
        svc: Service) -> None:
    intake, conn = svc.intake, svc.conn
    before, refused = svc.handled(), intake.refused
    good = [("beat", raw("beat", 100 + n, '{"screen":"attract"}')) for n in range(3)]
    mixed = [good[0], *POISON[:7], good[1], *POISON[7:], good[2]]
    svc.publish("cab-poison", mixed)
    assert intake.wait_handled(before + len(mixed), 60), intake.health()
    assert intake.refused - refused == len(POISON)
    assert svc.count("SELECT count(*) FROM messages WHERE cabinet = %s", "cab-poison") == 3
    flagged = [f for f in store.flags(conn, 100) if f["cabinet"] == "cab-poison"]
    assert len(flagged) == len(POISON)
    assert intake.health()["intake"] == "running" and intake.restarts == 0


def test_a_message_the_database_will_not_take_is_refused_alone(
        svc: Service) -> None:
    """A rule of the database's own (a trigger here) refuses one notice: the batch it came
    in is stored without it, and it is flagged."""
    intake, conn = svc.intake, svc.conn
    conn.execute("CREATE FUNCTION no_jam() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                 "IF NEW.text = 'DATABASE SAYS NO' THEN RAISE EXCEPTION 'no such notice'; "
                 "END IF; RETURN NEW; END $$")
    conn.execute("CREATE TRIGGER no_jam BEFORE INSERT ON notices FOR EACH ROW "
                 "EXECUTE FUNCTION no_jam()")
    before, refused = svc.handled(), intake.refused
    batch = [("notice", raw("notice", 1, '{"text":"COIN 1 JAMMED"}')),
             ("notice", raw("notice", 2, '{"text":"DATABASE SAYS NO"}')),
             ("notice", raw("notice", 3, '{"text":"COIN 2 JAMMED"}'))]
    svc.publish("cab-dbno", batch)
    assert intake.wait_handled(before + 3, 60), intake.health()
    assert intake.refused - refused == 1
    notices = {c["id"]: c["notices"] for c in store.cabinets(conn)}["cab-dbno"]
    assert sorted(notices) == ["COIN 1 JAMMED", "COIN 2 JAMMED"]
    assert any("refused by the database" in f["reason"] and f["cabinet"] == "cab-dbno"
               for f in store.flags(conn))


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return int(r.status), r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_a_dead_worker_is_started_again_and_health_says_so(svc: Service) -> None:
    intake, conn = svc.intake, svc.conn
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    server = uvicorn.Server(uvicorn.Config(create_app(svc.db.url, health=intake.health),
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    try:
        status, text = get(base + "/health")
        assert status == 200 and json.loads(text)["intake"] == "running"
        dead = intake.worker
        intake.jobs.put(None)  # the worker ends as if it had died
        dead.join(30)
        with intake.idle:
            assert intake.idle.wait_for(lambda: intake.restarts >= 1, 30)
        before = svc.handled()
        svc.publish("cab-again", [("beat", raw("beat", 1, '{"screen":"attract"}'))])
        assert intake.wait_handled(before + 1, 60)
        assert svc.count("SELECT count(*) FROM messages WHERE cabinet = %s", "cab-again") == 1
        status, text = get(base + "/health")
        assert status == 200
        assert json.loads(text)["restarts"] >= 1
        store.set_operator(conn, "ops", "pw")
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(base + "/login", data=b"name=ops&password=pw", timeout=30) as r:
            page = r.read().decode()
        assert "intake running, restarts 1" in page
    finally:
        server.should_exit = True
        thread.join(30)
