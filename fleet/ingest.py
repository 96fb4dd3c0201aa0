"""The fleet service's intake: subscribes to every cabinet's topics (an MQTT shared
subscription, so several `fleet serve` instances split the work), checks each message,
stores it in PostgreSQL, and only then acknowledges it to the broker (paho's manual
acknowledgement): a message whose transaction did not commit is delivered again.
"""

from __future__ import annotations

import logging
import queue
import ssl
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import psycopg
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.reasoncodes import ReasonCode

from firmware.uplink.message import RANK, SERVICE_ID, SUBSCRIPTION
from fleet import store
from fleet.decisions import SERVICE_DECISIONS
from fleet.verify import Refused, check_rank, parse

log = logging.getLogger("bloxcab.fleet")

SHARE_GROUP = "fleet"
DB_RETRY_S = 0.5
BATCH: int = SERVICE_DECISIONS["intake_batch"].value  # messages per transaction


@dataclass
class IntakeConfig:
    host: str
    port: int
    ca: Path
    cert: Path
    key: Path
    db_url: str
    shared: bool = True  # Mosquitto, EMQX, VerneMQ: yes; the embedded amqtt: no
    client_id: str = SERVICE_ID


class Intake:
    def __init__(self, config: IntakeConfig) -> None:
        self.config = config
        self.jobs: queue.Queue[mqtt.MQTTMessage | None] = queue.Queue()
        self.stored = 0
        self.duplicates = 0
        self.refused = 0
        self.db_errors = 0
        self.subscribed = threading.Event()
        self.idle = threading.Condition()
        self.lags: list[float] = []  # seconds from the entry's time to its commit
        self.conn: psycopg.Connection[Any] | None = None
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=config.client_id,
                             clean_session=False, protocol=mqtt.MQTTv311, manual_ack=True)
        client.tls_set(ca_certs=str(config.ca), certfile=str(config.cert),
                       keyfile=str(config.key), cert_reqs=ssl.CERT_REQUIRED,
                       tls_version=ssl.PROTOCOL_TLS_CLIENT)
        client.max_inflight_messages_set(100)
        client.reconnect_delay_set(min_delay=1, max_delay=30)
        client.on_connect = self._on_connect
        client.on_subscribe = lambda *a: self.subscribed.set()
        client.on_message = lambda c, u, msg: self.jobs.put(msg)
        self.client = client
        self.worker = threading.Thread(target=self._work, name="fleet-intake", daemon=True)

    @property
    def topic(self) -> str:
        return f"$share/{SHARE_GROUP}/{SUBSCRIPTION}" if self.config.shared else SUBSCRIPTION

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason: ReasonCode, properties: object) -> None:
        if reason.is_failure:
            log.warning("fleet: the broker refused the connection: %s", reason)
            return
        client.subscribe(self.topic, qos=1)

    def start(self) -> None:
        self.worker.start()
        self.client.connect_async(self.config.host, self.config.port, keepalive=30)
        self.client.loop_start()

    def stop(self) -> None:
        self.jobs.put(None)
        self.worker.join(30)
        self.client.disconnect()
        self.client.loop_stop()
        if self.conn is not None:
            self.conn.close()

    def _db(self) -> psycopg.Connection[Any]:
        if self.conn is None or self.conn.closed:
            self.conn = store.connect(self.config.db_url)
        return self.conn

    def _work(self) -> None:
        """Messages waiting are stored in one transaction (up to BATCH), then acknowledged:
        a commit per batch keeps up with a backlog (amqtt gives up on a delivery not
        acknowledged within 5 s; Mosquitto waits)."""
        while True:
            batch = [self.jobs.get()]
            while len(batch) < BATCH:
                try:
                    batch.append(self.jobs.get_nowait())
                except queue.Empty:
                    break
            stop = None in batch
            msgs = [m for m in batch if m is not None]
            if msgs:
                self._store(msgs)
                for msg in msgs:
                    self.client.ack(msg.mid, msg.qos)
                with self.idle:
                    self.idle.notify_all()
            if stop:
                return

    def _store(self, msgs: list[mqtt.MQTTMessage]) -> None:
        parsed: list[tuple[str, dict[str, Any], tuple[str, str] | None]] = []
        refused: list[str] = []
        for msg in msgs:
            try:
                cabinet, message = parse(msg.topic, msg.payload)
            except Refused as exc:
                refused.append(f"{msg.topic[:80]}: {exc}")
                continue
            verdict = check_rank(message["body"]) if message["kind"] == RANK else None
            parsed.append((cabinet, message, verdict))
        # Cabinet by cabinet (a stable sort: each cabinet's order stays): every batch locks
        # the cabinets' rows in the same order, so intakes sharing the work do not deadlock.
        parsed.sort(key=lambda item: item[0])

        def write(conn: psycopg.Connection[Any]) -> list[str]:
            with conn.transaction():
                for why in refused:
                    store.flag(conn, None, why)
                return [store.ingest(conn, c, m, v) for c, m, v in parsed]

        results = self._retry(write)
        now = time.time()
        self.refused += len(refused)
        for (_, message, _), result in zip(parsed, results, strict=True):
            if result == store.DUPLICATE:
                self.duplicates += 1
            else:
                self.stored += 1
                self.lags.append(now - float(message["at"]))

    def _retry(self, job: Any) -> Any:
        while True:
            try:
                return job(self._db())
            except psycopg.OperationalError as exc:
                self.db_errors += 1
                log.warning("fleet: database unavailable (%s); retrying", str(exc).strip()[:120])
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
                time.sleep(DB_RETRY_S)

    def wait_stored(self, count: int, timeout: float = 60) -> bool:
        """Until ``count`` messages were stored (tests, the bench)."""
        with self.idle:
            return self.idle.wait_for(lambda: self.stored >= count, timeout)
