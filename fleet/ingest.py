"""The fleet service's intake: subscribes to every cabinet's topics (an MQTT shared
subscription whose group name is a secret kept in the database, so several `fleet serve`
instances split the work and no cabinet can join them), checks each message,
stores it in PostgreSQL, and only then acknowledges it to the broker (paho's manual
acknowledgement): a message whose transaction did not commit is delivered again. After the
commit it publishes each cabinet's receipt (firmware/uplink/receipt.py), the ids it is done
with, and only on that does the cabinet delete them from its outbox: a broker that dies
with messages it had acknowledged loses none the cabinets deleted. The first receipt to a
cabinet in an intake's life is retained by the broker, so a cabinet's uplink that starts
later knows at once this service sends receipts.

A ranking entry is stored at once as pending and re-simulated off the intake
(fleet/verifier.py), within a frame budget per entry and per cabinet, so a costly replay
delays no one's messages.

A message that is not of the format, or that the database will not take, is refused: flagged
with why, acknowledged (so it never comes again) and passed over; the others go on. A
supervisor thread starts the worker again should it ever die, and ``health()`` says so (the
dashboard and its /health endpoint show it).
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

from firmware.uplink.message import RANK, SERVICE_ID, SUBSCRIPTION, TOPIC_ROOT
from firmware.uplink.receipt import RECEIPT, encode_receipt, message_id_of, receipt_topic
from fleet import store
from fleet.decisions import SERVICE_DECISIONS
from fleet.lag import LagHistogram
from fleet.members import Membership
from fleet.verifier import Verifier
from fleet.verify import Refused, first_look, parse

log = logging.getLogger("bloxcab.fleet")

DB_RETRY_S = 0.5
BATCH: int = SERVICE_DECISIONS["intake_batch"].value  # messages per transaction
SUPERVISE_S: float = SERVICE_DECISIONS["intake_supervisor_s"].value
VERIFY: dict[str, int] = SERVICE_DECISIONS["verify_budget"].value


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
    # Named instances (fleet/members.py): the folder holding the other members' certificates,
    # to take over a lost member's session; None: a lone instance, nothing to take over.
    members: Path | None = None
    verify_workers: int = VERIFY["workers"]
    entry_frames: int = VERIFY["entry_frames"]  # one ranking entry's re-simulation
    cabinet_frames: int = VERIFY["cabinet_frames_per_hour"]


REFUSED = "refused"


class TakenOver:
    """A lost member's session served by this intake's worker: what arrives is stored and
    acknowledged as this intake's own; ``stop`` leaves it (unacknowledged messages stay in the
    session, for whoever serves it next)."""

    def __init__(self, client: mqtt.Client) -> None:
        self.client = client

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def _refusal(where: str, why: str) -> tuple[str | None, str]:
    """(cabinet, reason) to flag for a message refused on topic ``where``."""
    parts = where.split("/")
    cabinet = parts[1][:63] if len(parts) == 3 and parts[0] == TOPIC_ROOT else None
    if cabinet is not None and not cabinet.isprintable():
        cabinet = None
    return cabinet, f"message on {where[:80]!r} refused: {why}"[:300]


def _done_with(done: dict[str, list[str]], cabinet: str | None,
               msg: mqtt.MQTTMessage) -> None:
    """A refused message's id, if it can be read, goes in its cabinet's receipt: it will
    never be taken, so the cabinet need not send it again."""
    mid = message_id_of(msg.payload)
    if cabinet is not None and mid is not None:
        done.setdefault(cabinet, []).append(mid)


class Intake:
    def __init__(self, config: IntakeConfig) -> None:
        self.config = config
        # Each message with the client (own, or a taken-over member's) that acknowledges it.
        self.jobs: queue.Queue[tuple[mqtt.Client, mqtt.MQTTMessage] | None] = queue.Queue()
        self.stored = 0
        self.batches = 0  # transactions committed (the bench's messages per batch)
        self.duplicates = 0
        self.refused = 0
        self.db_errors = 0
        self.restarts = 0
        self.disconnects = 0
        self.group = ""  # the shared subscription's group (a secret from the database)
        self.receipted: set[str] = set()  # cabinets sent a (retained) receipt already
        self.last_failure: str | None = None
        self.stopping = threading.Event()
        self.subscribed = threading.Event()
        self.idle = threading.Condition()
        self.lags = LagHistogram()  # seconds from the entry's time to its commit
        self.conn: psycopg.Connection[Any] | None = None
        self.ca_pem = config.ca.read_bytes()  # a ranking entry's signer's CA
        self.link = threading.Lock()  # the own client: connected, left, replaced, stopped
        self.client = self._own_client()
        self.members = (None if config.members is None else
                        Membership(config.db_url, config.client_id, config.members,
                                   self._take_over, self._member_changed))
        self.verifier = Verifier(config.db_url, workers=config.verify_workers,
                                 cabinet_frames=config.cabinet_frames)
        self.worker = self._new_worker()
        self.supervisor = threading.Thread(target=self._supervise, name="fleet-supervisor",
                                           daemon=True)

    def _client(self, client_id: str, cert: Path, key: Path) -> mqtt.Client:
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                             clean_session=False, protocol=mqtt.MQTTv311, manual_ack=True)
        client.tls_set(ca_certs=str(self.config.ca), certfile=str(cert), keyfile=str(key),
                       cert_reqs=ssl.CERT_REQUIRED, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        client.max_inflight_messages_set(100)
        client.reconnect_delay_set(min_delay=1, max_delay=30)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = lambda c, u, msg: self.jobs.put((c, msg))
        return client

    def _own_client(self) -> mqtt.Client:
        client = self._client(self.config.client_id, self.config.cert, self.config.key)
        client.on_subscribe = self._on_subscribe
        return client

    def _on_subscribe(self, *args: object) -> None:
        log.info("fleet: intake %s subscribed", self.config.client_id)
        self.subscribed.set()

    def _take_over(self, name: str) -> TakenOver:
        """A lost member's session, served from here (fleet/members.py)."""
        assert self.config.members is not None
        client = self._client(name, self.config.members / f"{name}.crt",
                              self.config.members / f"{name}.key")
        client.on_subscribe = lambda *a: log.info(
            "fleet: intake %s serves %s's session", self.config.client_id, name)
        client.connect_async(self.config.host, self.config.port, keepalive=30)
        client.loop_start()
        return TakenOver(client)

    def _new_worker(self) -> threading.Thread:
        return threading.Thread(target=self._work, name="fleet-intake", daemon=True)

    def _supervise(self) -> None:
        """Start the worker again whenever it died (and say so in the log and health)."""
        while not self.stopping.wait(SUPERVISE_S):
            if not self.worker.is_alive() and not self.stopping.is_set():
                self.restarts += 1
                log.error("fleet: the intake worker died (%s); started again (restart %d)",
                          self.last_failure or "no error", self.restarts)
                self.worker = self._new_worker()
                self.worker.start()
                with self.idle:
                    self.idle.notify_all()

    def health(self) -> dict[str, Any]:
        """The intake's state for the dashboard and /health."""
        alive = self.worker.is_alive()
        return {"intake": "running" if alive else "down", "restarts": self.restarts,
                "stored": self.stored, "duplicates": self.duplicates,
                "refused": self.refused, "db_errors": self.db_errors,
                "disconnects": self.disconnects,
                "last_failure": self.last_failure, "queued": self.jobs.qsize(),
                "serving": sorted(self.members.serving) if self.members is not None else [],
                "verifier": "running" if self.verifier.thread.is_alive() else "down",
                "rankings_checked": self.verifier.checked,
                "over_frame_budget": sorted(self.verifier.waiting_budget)}

    @property
    def topic(self) -> str:
        return f"$share/{self.group}/{SUBSCRIPTION}" if self.config.shared else SUBSCRIPTION

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason: ReasonCode, properties: object) -> None:
        if reason.is_failure:
            log.warning("fleet: the broker refused the connection: %s", reason)
            return
        client.subscribe(self.topic, qos=1)

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object,
                       reason: ReasonCode, properties: object) -> None:
        if not reason.is_failure:  # ours: leaving the broker, or stopping
            return
        self.disconnects += 1
        log.warning("fleet: the intake lost the broker (%d times); reconnecting",
                    self.disconnects)

    def start(self) -> None:
        if self.config.shared:
            self.group = self._retry(store.share_group)
        self.worker.start()
        self.supervisor.start()
        self.verifier.start()
        if self.members is None:
            self._connect()
            return
        self.members.start()  # connects through _member_changed

    def _connect(self) -> None:
        with self.link:
            if not self.stopping.is_set():
                self.client.connect_async(self.config.host, self.config.port, keepalive=30)
                self.client.loop_start()

    def _member_changed(self, held: bool) -> None:
        """Connected while this member holds its own lock, and only then (fleet/members.py):
        whoever serves its session meanwhile connects with its client id, and two clients
        with one id push each other off at the broker."""
        if held:
            self._connect()
            return
        log.warning("fleet: %s lost its own lock: off the broker until it holds it again",
                    self.config.client_id)
        with self.link:
            left = self.client
            left.disconnect()
            # A fresh client for the next connection: the acknowledgements still due on
            # this one must not reach the session through it, where the survivor may have
            # reused their packet ids for other messages (those not acknowledged come again).
            self.client = self._own_client()
        left.loop_stop()

    def stop(self) -> None:
        self.stopping.set()
        self.jobs.put(None)
        self.worker.join(30)
        with self.link:
            self.client.disconnect()
            self.client.loop_stop()
        if self.members is not None:
            self.members.stop()
        self.verifier.stop()
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
                try:
                    done = self._store([msg for _, msg in msgs])
                    self.batches += 1
                except Exception as exc:  # a fault of ours: the supervisor starts us again
                    self.last_failure = f"{type(exc).__name__}: {str(exc)[:200]}"
                    raise
                self._receipt(done)
                for client, msg in msgs:
                    client.ack(msg.mid, msg.qos)
                with self.idle:
                    self.idle.notify_all()
            if stop:
                return

    def _receipt(self, done: dict[str, list[str]]) -> None:
        """Each cabinet's ids now committed (stored, found again or refused), on its receipt
        topic; one lost is no harm: the cabinet sends again and the repeat is receipted."""
        for cabinet, ids in done.items():
            first = cabinet not in self.receipted
            self.client.publish(receipt_topic(cabinet), encode_receipt(ids), qos=1,
                                retain=first)
            self.receipted.add(cabinet)

    def _store(self, msgs: list[mqtt.MQTTMessage]) -> dict[str, list[str]]:
        """Store a batch; each cabinet's message ids it is done with (for its receipt)."""
        parsed: list[tuple[str, dict[str, Any], tuple[str, str] | None]] = []
        refused: list[tuple[str | None, str]] = []
        done: dict[str, list[str]] = {}
        for msg in msgs:
            if msg.topic.endswith(f"/{RECEIPT}"):  # a receipt (a broker's older ACL)
                continue
            try:
                cabinet, message = parse(msg.topic, msg.payload)
                verdict = (first_look(message["body"], self.config.entry_frames, cabinet,
                                      self.ca_pem)
                           if message["kind"] == RANK else None)
            except Refused as exc:
                refused.append(_refusal(msg.topic, str(exc)))
                _done_with(done, refused[-1][0], msg)
                continue
            except Exception as exc:  # a check that broke on it: refused all the same
                refused.append(_refusal(msg.topic, f"could not be checked: "
                                                   f"{type(exc).__name__}: {exc}"))
                _done_with(done, refused[-1][0], msg)
                continue
            parsed.append((cabinet, message, verdict))
        # Cabinet by cabinet (a stable sort: each cabinet's order stays): every batch locks
        # the cabinets' rows in the same order, so intakes sharing the work do not deadlock.
        parsed.sort(key=lambda item: item[0])

        def write(conn: psycopg.Connection[Any]) -> list[str]:
            with conn.transaction():
                for cabinet, why in refused:
                    store.flag(conn, cabinet, why)
                return store.ingest_batch(conn, parsed)

        try:
            results = self._retry(write)
        except psycopg.Error:  # one of them the database will not take: one at a time
            results = [self._retry(lambda conn, item=item: self._one(conn, *item))
                       for item in parsed]
            self._retry(lambda conn: self._flag_all(conn, refused))
        now = time.time()
        self.refused += len(refused) + results.count(REFUSED)
        if any(m["kind"] == RANK for _, m, _ in parsed):
            self.verifier.wake.set()
        for (_, message, _), result in zip(parsed, results, strict=True):
            if result == store.DUPLICATE:
                self.duplicates += 1
            elif result == store.STORED:
                self.stored += 1
                self.lags.add(now - float(message["at"]))
        for cabinet, message, _ in parsed:
            done.setdefault(cabinet, []).append(message["id"])
        return done

    @staticmethod
    def _flag_all(conn: psycopg.Connection[Any], refused: list[tuple[str | None, str]]) -> None:
        with conn.transaction():
            for cabinet, why in refused:
                store.flag(conn, cabinet, why)

    def _one(self, conn: psycopg.Connection[Any], cabinet: str, message: dict[str, Any],
             verdict: tuple[str, str] | None) -> str:
        """Store one message in its own transaction; one the database refuses is flagged."""
        try:
            with conn.transaction():
                return store.ingest(conn, cabinet, message, verdict)
        except psycopg.OperationalError:
            raise
        except psycopg.Error as exc:
            why = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            with conn.transaction():
                store.flag(conn, cabinet, f"message {message['id']} refused by the database: "
                                          f"{why[:160]}")
            return REFUSED

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

    def wait_handled(self, count: int, timeout: float = 60) -> bool:
        """Until ``count`` messages were stored, found again or refused (tests)."""
        with self.idle:
            return self.idle.wait_for(
                lambda: self.stored + self.duplicates + self.refused >= count, timeout)

    def wait_stored(self, count: int, timeout: float = 60) -> bool:
        """Until ``count`` messages were stored (tests, the bench)."""
        with self.idle:
            return self.idle.wait_for(lambda: self.stored >= count, timeout)
