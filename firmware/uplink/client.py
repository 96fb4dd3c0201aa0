"""The uplink: the outbox to the broker, oldest entry first, MQTT QoS 1 over TLS with the
cabinet's own certificate, a persistent session (clean session off).

An entry's file is deleted once the fleet service's receipt names it
(firmware/uplink/receipt.py): the service publishes one after its transaction committed, so
an entry leaves the cabinet only once it is in the fleet's database, and a broker killed
with messages it had acknowledged but not yet handed on (or written to disk) loses nothing.
An entry the broker acknowledged but no receipt named is sent again after a wait that
doubles each time (``receipt_wait_s``), and at once after a reconnection; the service
ignores a repeat by its message id, and receipts it again.

A service older than receipts sends none: until this uplink has seen one receipt (a live
one, or the retained one the service leaves on the cabinet's receipt topic), it deletes an
entry on the broker's PUBACK, as before receipts. An entry whose message id cannot be read
is deleted on the PUBACK too (no receipt could name it).

At most ``window`` entries are in flight; within that window MQTT keeps their order, so a
cabinet back after days offline delivers its backlog in order.
"""

from __future__ import annotations

import logging
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTErrorCode
from paho.mqtt.reasoncodes import ReasonCode

from firmware.uplink import message
from firmware.uplink.decisions import LINK_DECISIONS
from firmware.uplink.outbox import Entry, entries
from firmware.uplink.pki import check_id, sign_rank
from firmware.uplink.receipt import decode_receipt, message_id_of, receipt_topic
from firmware.uplink.why import connect_failure

log = logging.getLogger("bloxcab.uplink")

WINDOW: int = LINK_DECISIONS["uplink_window"].value
MAX_PAYLOAD = 8 * 1024 * 1024  # an outbox entry is at most a replay plus a little
KEEPALIVE_S = 30
RESCAN_S = 1.0  # how often an idle uplink looks for new entries
RECEIPT_WAIT: dict[str, float] = LINK_DECISIONS["receipt_wait_s"].value


@dataclass
class UplinkConfig:
    cabinet: str
    outbox: Path
    host: str
    port: int
    ca: Path
    cert: Path
    key: Path
    window: int = WINDOW
    retry_max_s: int = 60  # longest wait between reconnection attempts
    receipt_wait_s: dict[str, float] = field(default_factory=lambda: dict(RECEIPT_WAIT))


@dataclass
class Sent:
    """An entry published in this run and not yet removed."""

    entry: Entry
    mid: str | None  # its message id (what a receipt names)
    acked: bool = False  # the broker's PUBACK came
    due: float = 0.0  # acknowledged, unreceipted: may be sent again from this time on
    order: int = 0  # the how-manieth PUBACK of this run was its (0: none yet)
    removing: bool = False  # its file is being deleted


class _Client(mqtt.Client):
    """paho's client, saying why a connection attempt failed: paho's loop catches the error
    (the TCP connect and the TLS handshake happen in ``reconnect``) and only retries."""

    failed: Callable[[OSError], None] = staticmethod(lambda exc: None)

    def reconnect(self) -> MQTTErrorCode:
        try:
            return super().reconnect()
        except OSError as exc:
            self.failed(exc)
            raise


class Uplink:
    def __init__(self, config: UplinkConfig) -> None:
        check_id(config.cabinet)
        self.config = config
        self.inflight: dict[int, int] = {}  # paho's mid -> outbox seq, until the PUBACK
        self.out: dict[int, Sent] = {}  # outbox seq -> published, not yet removed
        self.by_id: dict[str, int] = {}  # message id -> outbox seq, for receipts
        self.waits: dict[int, float] = {}  # outbox seq -> its next wait for a receipt
        self.early: set[int] = set()  # mids acknowledged before pump() filed them
        self.sent = 0  # entries removed from the outbox
        self.acked = 0  # PUBACKs
        self.receipts = threading.Event()  # the service sends receipts (one was seen)
        self.receipted_order = 0  # the latest-acknowledged entry a receipt named
        self.connections = 0
        self.connected = threading.Event()
        self.wake = threading.Event()
        self.stop = threading.Event()
        self.lock = threading.Condition()
        self.refused: str | None = None
        self.failure: str | None = None  # why the last connection attempt failed
        self.failures = 0  # connection attempts that failed
        client = _Client(CallbackAPIVersion.VERSION2, client_id=config.cabinet,
                         clean_session=False, protocol=mqtt.MQTTv311)
        client.failed = self._failed
        client.tls_set(ca_certs=str(config.ca), certfile=str(config.cert),
                       keyfile=str(config.key), cert_reqs=ssl.CERT_REQUIRED,
                       tls_version=ssl.PROTOCOL_TLS_CLIENT)
        client.max_inflight_messages_set(config.window)
        client.reconnect_delay_set(min_delay=1, max_delay=config.retry_max_s)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        client.on_message = self._on_message
        self.client = client

    # ---- paho's thread ---------------------------------------------------------------------
    def _failed(self, exc: OSError) -> None:
        """One line when the reason changes (paho retries, backing off to retry_max_s)."""
        why = connect_failure(exc, self.config.host)
        with self.lock:
            said, self.failure = self.failure, why
            self.failures += 1
            self.lock.notify_all()
        if why != said:
            log.warning("uplink: connecting to %s:%d failed: %s", self.config.host,
                        self.config.port, why)

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason: ReasonCode, properties: object) -> None:
        if reason.is_failure:
            self.refused = str(reason)
            log.warning("uplink: the broker refused the connection: %s", reason)
            return
        self.refused = self.failure = None
        # Before any entry is published: the broker answers the subscription (and sends a
        # retained receipt) before it acknowledges what comes after it.
        client.subscribe(receipt_topic(self.config.cabinet), qos=1)
        with self.lock:
            self.connections += 1
            if self.connections > 1:  # the broker may have lost what it acknowledged
                for sent in list(self.out.values()):
                    if sent.acked and not sent.removing:
                        self._forget(sent)
        self.connected.set()
        self.wake.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object,
                       reason: ReasonCode, properties: object) -> None:
        self.connected.clear()

    def _on_publish(self, client: mqtt.Client, userdata: object, mid: int,
                    reason: ReasonCode, properties: object) -> None:
        with self.lock:
            seq = self.inflight.pop(mid, None)
            if seq is None:  # acknowledged before pump() filed it
                self.early.add(mid)
                return
        self._acked(seq)

    def _acked(self, seq: int) -> None:
        """The broker acknowledged the entry ``seq``: it waits for its receipt, or goes."""
        with self.lock:
            self.acked += 1
            sent = self.out.get(seq)
            if sent is None:  # a receipt named it already
                self.lock.notify_all()
                return
            if self.receipts.is_set() and sent.mid is not None:
                sent.acked = True
                sent.order = self.acked
                wait = self.waits.get(seq, self.config.receipt_wait_s["first"])
                sent.due = time.monotonic() + wait
                self.lock.notify_all()
                return
        self._remove(sent)  # no receipts from this service: the broker's word, as before

    def _on_message(self, client: mqtt.Client, userdata: object,
                    msg: mqtt.MQTTMessage) -> None:
        if msg.topic != receipt_topic(self.config.cabinet):
            return
        ids = decode_receipt(msg.payload)
        if not ids:
            return
        self.receipts.set()
        done: list[Sent] = []
        with self.lock:
            for mid in ids:
                seq = self.by_id.get(mid)
                sent = self.out.get(seq) if seq is not None else None
                if sent is not None:
                    done.append(sent)
                    self.receipted_order = max(self.receipted_order, sent.order)
        for sent in done:
            self._remove(sent)

    def _forget(self, sent: Sent) -> None:
        """Under the lock: ``sent`` is to be published again (pump() finds its file)."""
        self.out.pop(sent.entry.seq, None)
        if sent.mid is not None:
            self.by_id.pop(sent.mid, None)
        wait = self.waits.get(sent.entry.seq, self.config.receipt_wait_s["first"])
        self.waits[sent.entry.seq] = min(wait * 2, self.config.receipt_wait_s["most"])

    def _remove(self, sent: Sent) -> None:
        """The entry is done with: its file goes (while it is still filed as sent, so
        pump() does not publish it again meanwhile), then its record."""
        with self.lock:
            if self.out.get(sent.entry.seq) is not sent or sent.removing:
                return
            sent.removing = True
        try:
            sent.entry.path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("uplink: cannot remove %s: %s", sent.entry.path.name, exc)
        with self.lock:
            del self.out[sent.entry.seq]
            if sent.mid is not None:
                self.by_id.pop(sent.mid, None)
            self.waits.pop(sent.entry.seq, None)
            self.sent += 1
            self.lock.notify_all()
        self.wake.set()

    def wait_sent(self, count: int, timeout: float = 60) -> bool:
        """Until ``count`` entries were acknowledged and removed (tools and tests)."""
        with self.lock:
            return self.lock.wait_for(lambda: self.sent >= count, timeout)

    def wait_acked(self, count: int, timeout: float = 60) -> bool:
        """Until the broker acknowledged ``count`` publishes (tests)."""
        with self.lock:
            return self.lock.wait_for(lambda: self.acked >= count, timeout)

    def resend_overdue(self) -> None:
        """Entries acknowledged but not receipted in time, while the service receipted an
        entry acknowledged after them, are to be published again. A service down or
        catching up receipts nothing newer: nothing is sent again, its backlog at the
        broker does not grow (a reconnection sends them again: see _on_connect)."""
        now = time.monotonic()
        with self.lock:
            for sent in list(self.out.values()):
                if (sent.acked and sent.due <= now and not sent.removing
                        and sent.order < self.receipted_order):
                    self._forget(sent)

    # ---- the uplink's loop -----------------------------------------------------------------
    def topic(self, kind: str) -> str:
        return message.topic(self.config.cabinet, kind)

    def pump(self) -> int:
        """Publish waiting entries, oldest first, up to the window; how many went."""
        self.resend_overdue()
        published = 0
        for entry in entries(self.config.outbox):
            if not self.connected.is_set():
                break
            with self.lock:
                if len(self.inflight) >= self.config.window:
                    break
                if entry.seq in self.out:
                    continue
            try:
                payload = entry.path.read_bytes()
            except FileNotFoundError:
                continue
            if len(payload) > MAX_PAYLOAD:
                log.warning("uplink: %s is larger than %d bytes; dropped", entry.path.name,
                            MAX_PAYLOAD)
                entry.path.unlink(missing_ok=True)
                continue
            sent = Sent(entry, message_id_of(payload))
            if entry.kind == message.RANK:  # signed here: the key is the uplink's alone
                try:
                    payload = sign_rank(payload, self.config.cabinet, self.config.key,
                                        self.config.cert)
                except (OSError, ValueError) as exc:
                    log.warning("uplink: cannot sign %s: %s", entry.path.name, exc)
            with self.lock:  # filed first: a receipt may come before the PUBACK
                self.out[entry.seq] = sent
                if sent.mid is not None:
                    self.by_id[sent.mid] = entry.seq
            # Not under self.lock: paho may run the PUBACK callback meanwhile.
            info = self.client.publish(self.topic(entry.kind), payload, qos=1)
            if info.rc != mqtt.MQTT_ERR_SUCCESS:
                with self.lock:
                    self._unfile(sent)
                break
            published += 1
            with self.lock:
                early = info.mid in self.early
                if early:
                    self.early.discard(info.mid)
                else:
                    self.inflight[info.mid] = entry.seq
            if early:
                self._acked(entry.seq)
        return published

    def _unfile(self, sent: Sent) -> None:
        self.out.pop(sent.entry.seq, None)
        if sent.mid is not None:
            self.by_id.pop(sent.mid, None)

    def run(self, *, until_empty: bool = False) -> int:
        """Until stopped (or, with ``until_empty``, until the outbox is empty and acked)."""
        self.client.connect_async(self.config.host, self.config.port, keepalive=KEEPALIVE_S)
        self.client.loop_start()
        try:
            while not self.stop.is_set():
                self.wake.clear()
                self.pump()
                if until_empty and not self.out and not entries(self.config.outbox):
                    break
                self.wake.wait(RESCAN_S)
        finally:
            self.client.disconnect()
            self.client.loop_stop()
        return self.sent
