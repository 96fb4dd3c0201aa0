"""The uplink against a real broker on loopback (the embedded amqtt under `make test`):
QoS 1 with TLS client certificates, entries removed only once acknowledged, order kept,
a broker restart survived, a cabinet refused outside its own topic."""

from __future__ import annotations

import ssl
import threading
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

from firmware.uplink.client import Uplink, UplinkConfig
from firmware.uplink.message import BEAT
from firmware.uplink.outbox import Outbox, entries
from tests.fleet_kit import BrokerProcess, Collector, Pki, client


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return Pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture
def broker(pki: Pki, tmp_path: Path) -> Iterator[BrokerProcess]:
    b = BrokerProcess(pki, tmp_path / "broker")
    b.start()
    yield b
    b.stop()


def uplink(pki: Pki, port: int, outbox: Path, name: str = "cab-a") -> Uplink:
    key, crt = pki.cabinet(name)
    # Reconnect within 2 s: a loaded machine restarts the broker slowly, and the default
    # back-off (up to 60 s) would outlast the test's wait.
    return Uplink(UplinkConfig(name, outbox, "127.0.0.1", port, pki.ca_crt, crt, key,
                               retry_max_s=2))


def fill(outbox: Path, count: int, start: int = 0) -> None:
    box = Outbox(outbox)
    for n in range(start, start + count):
        if n % 3 == 0:
            box.book({"coins.1": n})
        else:
            box.post(BEAT, {"n": n})
    assert box.close(timeout=300)  # every entry written and synced: slow under emulation


def test_backlog_arrives_whole_in_order_and_leaves_the_outbox(
        pki: Pki, broker: BrokerProcess, tmp_path: Path) -> None:
    outbox = tmp_path / "outbox"
    fill(outbox, 300)  # a cabinet offline for a while
    expected = [e.seq for e in entries(outbox)]
    got = Collector(pki, broker.port)
    try:
        sent = uplink(pki, broker.port, outbox).run(until_empty=True)
        assert got.wait(300)
    finally:
        got.close()
    assert sent == 300
    assert entries(outbox) == []
    assert [m["seq"] for _, m in got.messages] == expected
    assert {t for t, _ in got.messages} == {"bloxcab/cab-a/beat", "bloxcab/cab-a/book"}


def test_a_broker_restart_loses_nothing(pki: Pki, broker: BrokerProcess,
                                        tmp_path: Path) -> None:
    outbox = tmp_path / "outbox"
    got = Collector(pki, broker.port)
    up = uplink(pki, broker.port, outbox)
    runner = threading.Thread(target=up.run)
    runner.start()
    try:
        fill(outbox, 50)
        assert got.wait(50)
        assert up.wait_sent(50)  # acknowledged after routing: may come after the delivery
        broker.stop()
        fill(outbox, 50, start=50)  # written while the broker is down
        assert len(entries(outbox)) == 50
        broker.start()
        assert got.wait(100)
        assert up.wait_sent(100)
    finally:
        up.stop.set()
        up.wake.set()
        runner.join(30)
        got.close()
    assert entries(outbox) == []
    assert len(got.ids) == 100


def test_what_waits_for_the_service_survives_a_broker_restart(
        pki: Pki, broker: BrokerProcess, tmp_path: Path) -> None:
    """The service is away (its persistent session stays): the broker queues for it, is
    killed and started again, and still hands over every message, in order."""
    Collector(pki, broker.port).close()  # subscribed once, then gone
    outbox = tmp_path / "outbox"
    fill(outbox, 40)
    expected = [e.seq for e in entries(outbox)]
    assert uplink(pki, broker.port, outbox).run(until_empty=True) == 40
    broker.stop()
    broker.start()
    got = Collector(pki, broker.port)
    try:
        assert got.wait(40)
    finally:
        got.close()
    assert [m["seq"] for _, m in got.messages] == expected


def test_a_cabinet_cannot_publish_under_another_cabinets_topic(
        pki: Pki, broker: BrokerProcess) -> None:
    got = Collector(pki, broker.port)
    key, crt = pki.cabinet("cab-b")
    c = client(pki, "cab-b", key, crt)
    connected = threading.Event()
    c.on_connect = lambda *a: connected.set()
    c.connect("127.0.0.1", broker.port)
    c.loop_start()
    try:
        assert connected.wait(30)
        c.publish("bloxcab/cab-a/book", b'{"id": "forged"}', qos=1)
        c.publish("bloxcab/cab-b/beat", b'{"id": "own"}', qos=1).wait_for_publish(30)
        assert got.wait(1)
    finally:
        c.loop_stop()
        got.close()
    # MQTT keeps one client's order: had the forged one passed, it would have come first.
    assert [m["id"] for _, m in got.messages] == ["own"]


def test_a_client_without_a_certificate_is_turned_away(broker: BrokerProcess,
                                                       pki: Pki) -> None:
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="cab-x")
    c.tls_set(ca_certs=str(pki.ca_crt), cert_reqs=ssl.CERT_REQUIRED,
              tls_version=ssl.PROTOCOL_TLS_CLIENT)
    accepted: list[bool] = []
    done = threading.Event()

    def on_connect(c: object, u: object, f: object, reason: mqtt.ReasonCode, p: object) -> None:
        accepted.append(not reason.is_failure)
        done.set()

    c.on_connect = on_connect
    c.on_disconnect = lambda *a: done.set()
    refused_by_tls = False
    try:
        c.connect("127.0.0.1", broker.port)
        c.loop_start()
        assert done.wait(30)
    except (OSError, ssl.SSLError):
        refused_by_tls = True
    finally:
        c.loop_stop()
    # Turned away either in the TLS handshake or by the broker's CONNACK; never accepted.
    assert refused_by_tls or accepted == [False] or (done.is_set() and accepted == [])
