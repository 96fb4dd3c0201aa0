"""Cabinet isolation at the broker, with the shipped configuration (the embedded amqtt here;
Debian's Mosquitto with fleet/conf/ under .ci/run): the certificate's name is the client id,
so a cabinet asking for the service's id pushes no one off; a cabinet subscribing to shared
groups takes no one's messages; a packet over the limit is refused before it is read."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import paho.mqtt.client as mqtt
import pytest

from firmware.uplink.message import SERVICE_ID
from fleet.mosquitto import MAX_PACKET
from tests.fleet_kit import Service, client


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    service = Service(tmp_path_factory.mktemp("rules"))
    yield service
    service.close()


def beats(first: int, count: int) -> list[tuple[str, bytes]]:
    return [("beat", json.dumps({"id": f"0a1b2c3d-{n}", "seq": n, "kind": "beat",
                                 "at": 1_700_000_000 + n, "body": {"screen": "attract"}}
                                ).encode()) for n in range(first, first + count)]


class Cabinet:
    """A cabinet's own MQTT client (its certificate), asking for ``client_id``."""

    def __init__(self, svc: Service, name: str, client_id: str) -> None:
        key, crt = svc.pki.cabinet(name)
        self.c = client(svc.pki, client_id, key, crt)
        self.connected = threading.Event()
        self.gone = threading.Event()
        self.received: list[str] = []
        self.granted: list[Any] = []
        self.subscribed = threading.Event()
        self.c.on_connect = lambda *a: self.connected.set()
        self.c.on_disconnect = lambda *a: self.gone.set()
        self.c.on_message = lambda c, u, msg: self.received.append(msg.topic)
        self.c.on_subscribe = self._subscribed
        self.c.connect("127.0.0.1", svc.broker.port)
        self.c.loop_start()
        assert self.connected.wait(30)

    def _subscribed(self, c: mqtt.Client, userdata: Any, mid: int, codes: list[Any],
                    properties: Any) -> None:
        self.granted.extend(codes)
        self.subscribed.set()

    def close(self) -> None:
        self.c.disconnect()
        self.c.loop_stop()


def test_a_cabinet_asking_for_the_services_client_id_pushes_no_one_off(svc: Service) -> None:
    intake = svc.intake
    disconnects = intake.disconnects
    evil = Cabinet(svc, "cab-evil", SERVICE_ID)
    try:
        before = svc.handled()
        svc.publish("cab-honest", beats(1, 100))
        assert intake.wait_handled(before + 100, 30), intake.health()
        assert svc.count("SELECT count(*) FROM messages WHERE cabinet = 'cab-honest'") == 100
        assert intake.disconnects == disconnects
        assert not evil.gone.is_set()
    finally:
        evil.close()


def test_a_cabinet_subscribing_to_shared_groups_takes_nothing(svc: Service) -> None:
    thief = Cabinet(svc, "cab-thief", "cab-thief")
    try:
        thief.c.subscribe([("$share/fleet/bloxcab/+/+", 1), ("$share/x/bloxcab/#", 1),
                           ("bloxcab/#", 1)])
        assert thief.subscribed.wait(30)
        before = svc.handled()
        svc.publish("cab-victim", beats(1, 100))
        assert svc.intake.wait_handled(before + 100, 30), svc.intake.health()
        assert svc.count("SELECT count(*) FROM messages WHERE cabinet = 'cab-victim'") == 100
        assert thief.received == []
    finally:
        thief.close()


def test_a_packet_over_the_limit_ends_the_connection_unread(svc: Service) -> None:
    big = Cabinet(svc, "cab-big", "cab-big")
    try:
        info = big.c.publish("bloxcab/cab-big/beat", b" " * (MAX_PACKET + 1), qos=1)
        assert big.gone.wait(30)
        assert not info.is_published()
    finally:
        big.close()
    before = svc.handled()
    svc.publish("cab-big", beats(1, 1))  # the cabinet connects again and is served
    assert svc.intake.wait_handled(before + 1, 30)
