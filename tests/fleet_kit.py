"""Real fleet service parts for the tests, on loopback only: a CA, the embedded broker (amqtt) in a
child process that can be stopped and started again, and an MQTT subscriber with the fleet
service's certificate that records what arrives."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from firmware.uplink.message import SERVICE_ID
from firmware.uplink.pki import enroll, issue, new_ca, sign
from fleet import mosquitto
from tests.postgres_kit import SystemPostgres, need_server_bin, pgserver_installed

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def need_mosquitto(why: str) -> None:
    """Skip without Debian's Mosquitto, saying ``why`` the test needs it; under .ci/run
    (BLOXCAB_CI=1), which installs it, fail instead."""
    if mosquitto.binary() is not None:
        return
    if os.environ.get("BLOXCAB_CI") == "1":
        pytest.fail("mosquitto is not installed (apt install mosquitto)")
    pytest.skip(f"needs Debian's mosquitto ({why})")

class Pki:
    def __init__(self, where: Path) -> None:
        self.dir = where
        new_ca(where / "ca")
        self.ca = where / "ca"
        self.ca_crt = where / "ca" / "ca.crt"

    def cabinet(self, name: str) -> tuple[Path, Path]:
        """Enrolled as a cabinet does, signed as the operator does: (key, cert)."""
        home = self.dir / name
        key, csr = enroll(name, home)
        crt = home / "cabinet.crt"
        crt.write_bytes(sign(self.ca, csr.read_bytes()))
        return key, crt

    def service(self) -> tuple[Path, Path]:
        return issue(self.ca, SERVICE_ID, self.dir / "service")


# BLOXCAB_FLEET_BROKER=mosquitto (set by .ci/run): the broker tests run against Debian's
# Mosquitto with the configuration docs/fleet.md gives; otherwise the embedded amqtt.
KIND = os.environ.get("BLOXCAB_FLEET_BROKER", "amqtt")


class BrokerProcess:
    def __init__(self, pki: Pki, work: Path) -> None:
        self.pki = pki
        self.work = work
        self.port = free_port()
        self.kind = KIND
        self.shared = KIND == "mosquitto"  # amqtt has no $share/ subscriptions
        self.proc: subprocess.Popen[str] | None = None
        work.mkdir(parents=True, exist_ok=True)

    def start(self) -> None:
        if self.kind == "mosquitto":
            assert mosquitto.binary(), "BLOXCAB_FLEET_BROKER=mosquitto but no mosquitto"
            self.proc = mosquitto.start(mosquitto.configure(self.pki.ca, self.port, self.work))
            return
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fleet.broker", str(self.pki.ca), str(self.port),
             str(self.work)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line == "ready\n", f"broker said {line!r}"

    def stop(self, sig: int | None = None) -> None:
        """amqtt is killed (its sessions are in SQLite); Mosquitto gets SIGTERM so it
        writes its persistence file, as `systemctl restart mosquitto` does."""
        if sig is None:
            sig = signal.SIGTERM if self.kind == "mosquitto" else signal.SIGKILL
        if self.proc is not None:
            os.kill(self.proc.pid, sig)
            self.proc.wait(30)
            self.proc = None


def client(pki: Pki, name: str, key: Path, crt: Path) -> mqtt.Client:
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=name, clean_session=False,
                    protocol=mqtt.MQTTv311)
    c.tls_set(ca_certs=str(pki.ca_crt), certfile=str(crt), keyfile=str(key),
              cert_reqs=ssl.CERT_REQUIRED, tls_version=ssl.PROTOCOL_TLS_CLIENT)
    c.reconnect_delay_set(min_delay=1, max_delay=2)
    return c


def publish_acked(c: mqtt.Client, port: int, messages: list[tuple[str, bytes]],
                  timeout: float = 60) -> None:
    """Connect ``c``, publish each (topic, payload) at QoS 1 and wait until the broker
    acknowledged every one, then disconnect. It waits on paho's callbacks, not on
    ``wait_for_publish``: that raises at once for a message published while the client
    was not connected (a connection dropped and resumed under load), though paho sends
    it again when it reconnects."""
    cond = threading.Condition()
    acked: set[int] = set()
    up = threading.Event()

    def on_connect(cl: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if not reason.is_failure:
            up.set()

    def on_publish(cl: Any, userdata: Any, mid: int, reason: Any, props: Any) -> None:
        with cond:
            acked.add(mid)
            cond.notify_all()

    c.on_connect = on_connect
    c.on_publish = on_publish
    c.connect("127.0.0.1", port)
    c.loop_start()
    try:
        assert up.wait(timeout), "no connection to the broker"
        mids = {c.publish(topic, payload, qos=1).mid for topic, payload in messages}
        with cond:
            assert cond.wait_for(lambda: mids <= acked, timeout), (
                f"{len(mids - acked)} of {len(mids)} not acknowledged")
    finally:
        c.disconnect()
        c.loop_stop()


class Collector:
    """Subscribes as the fleet service; ``wait(n)`` until n distinct message ids came."""

    def __init__(self, pki: Pki, port: int, topic: str = "bloxcab/+/+") -> None:
        key, crt = pki.service()
        self.messages: list[tuple[str, dict[str, Any]]] = []
        self.ids: set[str] = set()
        self.cond = threading.Condition()
        self.subscribed = threading.Event()
        self.topic = topic
        self.c = client(pki, SERVICE_ID, key, crt)
        self.c.on_connect = self._connect
        self.c.on_subscribe = lambda *a: self.subscribed.set()
        self.c.on_message = self._message
        self.c.connect("127.0.0.1", port)
        self.c.loop_start()
        assert self.subscribed.wait(30)

    def _connect(self, c: mqtt.Client, *args: Any) -> None:
        c.subscribe(self.topic, qos=1)

    def _message(self, c: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        data = json.loads(msg.payload)
        with self.cond:
            self.messages.append((msg.topic, data))
            self.ids.add(data["id"])
            self.cond.notify_all()

    def wait(self, count: int, timeout: float = 60) -> bool:
        with self.cond:
            return self.cond.wait_for(lambda: len(self.ids) >= count, timeout)

    def close(self) -> None:
        self.c.disconnect()
        self.c.loop_stop()


class Database:
    """PostgreSQL in a temporary folder (a unix socket, no TCP): PyPI's pgserver where it has a
    wheel, else the system's server programs (tests/postgres_kit.py); ``system=True`` takes the
    system's even where pgserver is installed."""

    def __init__(self, where: Path, system: bool = False) -> None:
        """``where`` is not used for the data: pgserver runs PostgreSQL as its own user when
        we are root, which must traverse the folders above the data, and pytest makes its
        temporary root 0700 again whenever a worker starts. A folder of our own in /tmp."""
        self.own: SystemPostgres | None = None
        if system or not pgserver_installed():
            self.own = SystemPostgres(need_server_bin())
            self.home, self.pgdata, self.url = self.own.home, self.own.pgdata, self.own.url
            return
        import pgserver

        self.home = Path(tempfile.mkdtemp(prefix="bloxcab-pg-"))
        self.pgdata = self.home / "pgdata"
        self.server = pgserver.get_server(self.pgdata, cleanup_mode="stop")
        self.url = self.server.get_uri()

    def _ctl(self, *args: str) -> None:
        from pgserver import _commands

        _commands.pg_ctl(["-w", *args], pgdata=self.pgdata, user=self.server.system_user,
                         timeout=30)

    def stop(self) -> None:
        if self.own is not None:
            self.own.stop()
            return
        self._ctl("stop", "-m", "fast")

    def start(self) -> None:
        """As pgserver starts it: no TCP at all, the socket in the data folder."""
        if self.own is not None:
            self.own.start()
            return
        self._ctl("start", "-o", f"-h '' -k {self.pgdata}")

    def close(self) -> None:
        if self.own is not None:
            self.own.close()
            return
        self.server.cleanup()
        shutil.rmtree(self.home, ignore_errors=True)


class Service:
    """The whole fleet service on loopback for a test module: a CA, PostgreSQL, the broker
    (amqtt, or Mosquitto under .ci/run) and one intake; ``publish`` sends raw payloads as a
    cabinet's own client does."""

    def __init__(self, where: Path, **config: Any) -> None:
        """``config``: IntakeConfig's fields to change (the verifier's budgets)."""
        from fleet import store
        from fleet.ingest import Intake, IntakeConfig

        self.pki = Pki(where / "pki")
        self.db = Database(where / "db")
        self.conn = store.connect(self.db.url)
        store.migrate(self.conn)
        self.broker = BrokerProcess(self.pki, where / "broker")
        self.broker.start()
        key, crt = self.pki.service()
        self.config = IntakeConfig("127.0.0.1", self.broker.port, self.pki.ca_crt, crt, key,
                                   self.db.url, shared=self.broker.shared, **config)
        self.intake = Intake(self.config)
        self.intake.start()
        assert self.intake.subscribed.wait(30)

    def new_intake(self) -> None:
        """The intake stopped (if it runs) and a new one started, as a restarted service."""
        from fleet.ingest import Intake

        self.intake.stop()
        self.intake = Intake(self.config)
        self.intake.start()
        assert self.intake.subscribed.wait(30)

    def handled(self) -> int:
        i = self.intake
        return int(i.stored + i.duplicates + i.refused)

    def publish(self, cabinet: str, messages: list[tuple[str, bytes]],
                sign: bool = True) -> None:
        """QoS 1, each acknowledged by the broker, on ``bloxcab/<cabinet>/<kind>``; a ranking
        entry signed with the cabinet's key as its uplink does (unless ``sign`` is false)."""
        from firmware.uplink.pki import sign_rank

        key, crt = self.pki.cabinet(cabinet)
        signed = []
        for kind, payload in messages:
            if kind == "rank" and sign:  # as the uplink signs it
                with contextlib.suppress(ValueError):  # not JSON: sent as it is
                    payload = sign_rank(payload, cabinet, key, crt)
            signed.append((f"bloxcab/{cabinet}/{kind}", payload))
        publish_acked(client(self.pki, cabinet, key, crt), self.broker.port, signed)

    def count(self, sql: str, *args: object) -> int:
        row = self.conn.execute(sql, args).fetchone()
        return int(row[0] or 0)

    def close(self) -> None:
        self.intake.stop()
        self.broker.stop()
        self.conn.close()
        self.db.close()


def operator_db(where: Path) -> tuple[Database, Any]:
    """A migrated fleet database with the dashboard's test operator (ops / correct horse),
    and a connection to it: (database, connection)."""
    from fleet import store

    database = Database(where)
    conn = store.connect(database.url)
    store.migrate(conn)
    store.set_operator(conn, "ops", "correct horse")
    return database, conn
