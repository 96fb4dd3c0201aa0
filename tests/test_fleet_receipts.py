"""A broker power cut loses nothing a cabinet deleted: the uplink removes an outbox entry
only once the fleet service's receipt says it is committed in PostgreSQL (the broker's
PUBACK no longer suffices), and sends again what was acknowledged but never receipted.
Cabinets' real uplinks and outboxes, the broker killed with SIGKILL mid-stream and started
again, real PostgreSQL; the embedded amqtt here, Debian's Mosquitto with the shipped
configuration under .ci/run. A cabinet facing an older service (no receipts) still empties
its outbox on the broker's acknowledgement, as before."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path
from typing import Any

from firmware.uplink.client import Uplink, UplinkConfig
from firmware.uplink.message import BEAT, SERVICE_ID
from firmware.uplink.outbox import Outbox, entries
from firmware.uplink.receipt import decode_receipt, encode_receipt, receipt_topic
from fleet import store
from tests.fleet_kit import BrokerProcess, Collector, Pki, Service, client

CABINETS = 3
WARM = "ffffffff-1"  # the message each cabinet sent before the test
ENTRIES = 400  # each cabinet's backlog: sent at broker speed, the kill lands mid-stream


def backlog(outbox: Path, count: int) -> set[str]:
    """``count`` entries (book and beat) written as the kiosk does; their message ids."""
    ids: set[str] = set()
    box = Outbox(outbox, on_written=lambda mid, seq: ids.add(mid))
    for n in range(count):
        if n % 4 == 0:
            box.book({"coins.1": n})
        else:
            box.post(BEAT, {"screen": "attract", "n": n})
    assert box.close(60)
    assert len(ids) == count
    return ids


def uplink(svc: Service, name: str, outbox: Path) -> Uplink:
    key, crt = svc.pki.cabinet(name)
    return Uplink(UplinkConfig(name, outbox, "127.0.0.1", svc.broker.port, svc.pki.ca_crt,
                               crt, key, retry_max_s=2))


def test_a_broker_killed_mid_stream_loses_no_entry_a_cabinet_deleted(tmp_path: Path) -> None:
    svc = Service(tmp_path / "svc")
    names = [f"cab-cut-{n}" for n in range(CABINETS)]
    for name in names:  # each has talked to this service before: its last receipt is kept
        svc.publish(name, [(BEAT, json.dumps({"id": WARM, "seq": 1, "kind": BEAT,
                                                "at": 1_700_000_000, "body": {}}).encode())])
    assert svc.intake.wait_handled(CABINETS, 60)
    written = {name: backlog(tmp_path / name, ENTRIES) for name in names}
    ups = {name: uplink(svc, name, tmp_path / name) for name in names}
    runners = [threading.Thread(target=up.run) for up in ups.values()]
    try:
        for runner in runners:
            runner.start()
        # Mid-stream: every cabinet has had entries taken off its outbox, none is done.
        for up in ups.values():
            assert up.receipts.wait(60)  # the kept receipt: deleted means committed
            assert up.wait_sent(ENTRIES // 8, 120)
        svc.broker.stop(signal.SIGKILL)
        svc.broker.start()
        for name, up in ups.items():
            assert up.wait_sent(ENTRIES, 300), (name, up.sent, len(entries(tmp_path / name)))
            assert entries(tmp_path / name) == []
        total = CABINETS * ENTRIES
        svc.intake.wait_handled(CABINETS + total, 60)  # with receipts, committed already
        for name in names:
            stored = {r[0] for r in svc.conn.execute(
                "SELECT id FROM messages WHERE cabinet = %s", (name,)).fetchall()} - {WARM}
            missing = written[name] - stored
            assert not missing, f"{name}: {len(missing)} deleted entries not in PostgreSQL"
            assert stored == written[name]
            # None doubled: each book entry's coins counted once (the totals go 0, 4, 8...).
            assert svc.count("SELECT sum(coins) FROM book WHERE cabinet = %s", name) == \
                (ENTRIES - 1) // 4 * 4
    finally:
        for up in ups.values():
            up.stop.set()
            up.wake.set()
        for runner in runners:
            runner.join(60)
        svc.close()


def test_an_entry_waits_for_its_receipt_not_for_the_broker(tmp_path: Path) -> None:
    """The service stopped: the broker acknowledges and keeps the entries for the service's
    session, and the cabinet keeps them too until the service, back, has committed them."""
    svc = Service(tmp_path / "svc")
    try:
        ids = backlog(tmp_path / "box", 1)  # the first one: the cabinet learns of receipts
        up = uplink(svc, "cab-wait", tmp_path / "box")
        runner = threading.Thread(target=up.run)
        runner.start()
        assert up.wait_sent(1, 60)
        assert up.receipts.wait(60)
        svc.intake.stop()
        ids |= backlog(tmp_path / "box", 20)
        assert up.wait_acked(21, 60)  # the broker has them all
        assert len(entries(tmp_path / "box")) == 20  # and the cabinet still does
        svc.new_intake()
        assert up.wait_sent(21, 120)
        assert entries(tmp_path / "box") == []
        stored = {r[0] for r in svc.conn.execute(
            "SELECT id FROM messages WHERE cabinet = 'cab-wait'").fetchall()}
        assert stored == ids
    finally:
        up.stop.set()
        up.wake.set()
        runner.join(60)
        svc.close()


def test_a_cabinet_facing_an_older_service_empties_its_outbox_on_the_brokers_ack(
        tmp_path: Path) -> None:
    """An older service publishes no receipts: the uplink, having never seen one, deletes
    each entry on the broker's acknowledgement as the uplink before receipts did."""
    svc = Service(tmp_path / "svc")
    svc.intake.stop()  # the older service: a plain subscriber that sends no receipt
    older = Collector(svc.pki, svc.broker.port, "$share/old/bloxcab/+/+"
                      if svc.broker.shared else "bloxcab/+/+")
    try:
        backlog(tmp_path / "box", 50)
        up = uplink(svc, "cab-old", tmp_path / "box")
        assert up.run(until_empty=True) == 50
        assert entries(tmp_path / "box") == []
        assert older.wait(50, 60)
        assert not up.receipts.is_set()
    finally:
        older.close()
        svc.close()


def test_a_cabinet_receives_its_own_receipts_and_no_one_elses(tmp_path: Path) -> None:
    """However widely a cabinet subscribes, the broker hands it only its own receipt topic
    (Mosquitto: ``pattern read bloxcab/%u/receipt``; amqtt: ``allowed``); the service's own
    receipts are not delivered back to the intake (nothing refused or flagged)."""
    svc = Service(tmp_path / "svc")
    key, crt = svc.pki.cabinet("cab-r1")
    c = client(svc.pki, "cab-r1", key, crt)
    got: list[tuple[str, list[str]]] = []
    cond = threading.Condition()
    subscribed = threading.Event()

    def received(cl: Any, userdata: Any, msg: Any) -> None:
        with cond:
            got.append((msg.topic, decode_receipt(msg.payload)))
            cond.notify_all()

    c.on_message = received
    c.on_subscribe = lambda *a: subscribed.set()
    c.connect("127.0.0.1", svc.broker.port)
    c.loop_start()
    try:
        c.subscribe([("bloxcab/#", 1), ("bloxcab/+/receipt", 1), ("bloxcab/cab-r2/receipt", 1),
                     ("bloxcab/cab-r1/receipt", 1)])
        assert subscribed.wait(30)
        svc.publish("cab-r2", [(BEAT, beat("0a0a0a0a-1"))])  # another cabinet's
        assert svc.intake.wait_handled(1, 60)
        c.publish("bloxcab/cab-r1/beat", beat("0b0b0b0b-1"), qos=1).wait_for_publish(30)
        with cond:
            assert cond.wait_for(lambda: any("0b0b0b0b-1" in ids for _, ids in got), 60)
        assert {topic for topic, _ in got} == {"bloxcab/cab-r1/receipt"}
        assert not any("0a0a0a0a-1" in ids for _, ids in got)
        assert svc.intake.refused == 0 and svc.count("SELECT count(*) FROM flags") == 0
    finally:
        c.disconnect()
        c.loop_stop()
        svc.close()


def beat(mid: str) -> bytes:
    return json.dumps({"id": mid, "seq": 1, "kind": BEAT, "at": 1_700_000_000,
                       "body": {}}).encode()


def test_an_entry_the_service_skipped_is_sent_again_one_it_has_yet_to_reach_is_not(
        tmp_path: Path) -> None:
    """The test is the service's side of the broker here (the real service loses nothing
    without a broker restart, so it cannot show this): it receipts the second entry and
    not the first, as if the first were lost on the way. The uplink sends the first again
    once its wait (0 here) is over, because a later one was receipted; an entry with no
    later receipt (a service down or catching up) is not sent again."""
    pki = Pki(tmp_path / "pki")
    broker = BrokerProcess(pki, tmp_path / "broker")
    broker.start()
    skey, scrt = pki.service()
    service = client(pki, SERVICE_ID, skey, scrt)
    seen: list[str] = []
    cond = threading.Condition()

    def arrived(cl: Any, userdata: Any, msg: Any) -> None:
        with cond:
            seen.append(json.loads(msg.payload)["id"])
            cond.notify_all()

    subscribed = threading.Event()
    service.on_message = arrived
    service.on_subscribe = lambda *a: subscribed.set()
    service.connect("127.0.0.1", broker.port)
    service.loop_start()
    key, crt = pki.cabinet("cab-lossy")
    up = Uplink(UplinkConfig("cab-lossy", tmp_path / "box", "127.0.0.1", broker.port,
                             pki.ca_crt, crt, key, retry_max_s=2,
                             receipt_wait_s={"first": 0, "most": 0}))
    runner = threading.Thread(target=up.run)
    try:
        service.subscribe("bloxcab/+/+", qos=1)
        assert subscribed.wait(30)
        # This service has receipted the cabinet before: its last receipt is kept.
        service.publish(receipt_topic("cab-lossy"), encode_receipt(["00000000-1"]), qos=1,
                        retain=True).wait_for_publish(30)
        runner.start()
        assert up.receipts.wait(60)
        first, second = sorted(backlog(tmp_path / "box", 2), key=lambda m: int(m[9:]))
        with cond:
            assert cond.wait_for(lambda: {first, second} <= set(seen), 60)
        assert up.wait_acked(2, 60)
        assert up.sent == 0  # the broker's word deletes nothing
        service.publish(receipt_topic("cab-lossy"), encode_receipt([second]), qos=1)
        assert up.wait_sent(1, 60)
        with cond:  # the first, skipped, comes again
            assert cond.wait_for(lambda: seen.count(first) == 2, 60)
        service.publish(receipt_topic("cab-lossy"), encode_receipt([first]), qos=1)
        assert up.wait_sent(2, 60)
        assert entries(tmp_path / "box") == []
        (third,) = backlog(tmp_path / "box", 1)  # the service now receipts nothing
        assert up.wait_acked(4, 60)
        with cond:  # the broker's PUBACK can come before its delivery to the service
            assert cond.wait_for(lambda: third in seen, 60)
        (kept,) = up.out.values()
        up.resend_overdue()  # its wait is over, but nothing newer was receipted
        assert list(up.out.values()) == [kept] and kept.mid == third
        assert up.out[kept.entry.seq] is kept  # not forgotten, so not published again
        assert up.acked == 4 and seen.count(third) == 1
    finally:
        up.stop.set()
        up.wake.set()
        if runner.is_alive():
            runner.join(60)
        service.disconnect()
        service.loop_stop()
        broker.stop()


def test_an_entry_the_service_refuses_is_receipted_and_leaves_the_outbox(
        tmp_path: Path) -> None:
    """A refused entry (flagged) is named in the receipt too: it will never be taken, so the
    cabinet does not keep sending it."""
    svc = Service(tmp_path / "svc")
    svc.publish("cab-bad", [(BEAT, beat(WARM))])  # this service has receipted it before
    assert svc.intake.wait_handled(1, 60)
    box = tmp_path / "box"
    up = uplink(svc, "cab-bad", box)
    runner = threading.Thread(target=up.run)
    try:
        runner.start()
        assert up.receipts.wait(60)
        backlog(box, 1)
        # Written by hand: a notice longer than the service takes (the kiosk writes none).
        (box / "000000000099.notice.json").write_text(json.dumps(
            {"id": "0c0c0c0c-99", "seq": 99, "kind": "notice", "at": 1_700_000_000,
             "body": {"text": "X" * 1000}}))
        up.wake.set()
        assert up.wait_sent(2, 120), (up.sent, up.acked, entries(box))
        assert entries(box) == []
        assert svc.intake.refused == 1
        assert any(f["cabinet"] == "cab-bad" and "text is not a line" in f["reason"]
                   for f in store.flags(svc.conn, 10))
    finally:
        up.stop.set()
        up.wake.set()
        runner.join(60)
        svc.close()
