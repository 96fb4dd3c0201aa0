"""The uplink: the outbox to the broker, oldest entry first, MQTT QoS 1 over TLS with the
cabinet's own certificate, a persistent session (clean session off).

An entry's file is deleted only in the PUBACK callback, i.e. once the broker has taken
responsibility for it. A crash between publishing and the acknowledgement means the entry
is sent again; its message id (in the payload) lets the fleet service ignore the repeat.
At most ``window`` entries are in flight; within that window MQTT keeps their order, so a
cabinet back after days offline delivers its backlog in order.
"""

from __future__ import annotations

import logging
import ssl
import threading
from dataclasses import dataclass
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.reasoncodes import ReasonCode

from firmware.uplink import message
from firmware.uplink.decisions import LINK_DECISIONS
from firmware.uplink.outbox import Entry, entries
from firmware.uplink.pki import check_id, sign_rank

log = logging.getLogger("bloxcab.uplink")

WINDOW: int = LINK_DECISIONS["uplink_window"].value
MAX_PAYLOAD = 8 * 1024 * 1024  # an outbox entry is at most a replay plus a little
KEEPALIVE_S = 30
RESCAN_S = 1.0  # how often an idle uplink looks for new entries


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


class Uplink:
    def __init__(self, config: UplinkConfig) -> None:
        check_id(config.cabinet)
        self.config = config
        self.inflight: dict[int, Entry] = {}  # mid -> entry
        self.sending: set[int] = set()  # outbox seqs in flight
        self.early: set[int] = set()  # mids acknowledged before pump() filed them
        self.sent = 0
        self.connected = threading.Event()
        self.wake = threading.Event()
        self.stop = threading.Event()
        self.lock = threading.Condition()
        self.refused: str | None = None
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=config.cabinet,
                             clean_session=False, protocol=mqtt.MQTTv311)
        client.tls_set(ca_certs=str(config.ca), certfile=str(config.cert),
                       keyfile=str(config.key), cert_reqs=ssl.CERT_REQUIRED,
                       tls_version=ssl.PROTOCOL_TLS_CLIENT)
        client.max_inflight_messages_set(config.window)
        client.reconnect_delay_set(min_delay=1, max_delay=config.retry_max_s)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        self.client = client

    # ---- paho's thread ---------------------------------------------------------------------
    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason: ReasonCode, properties: object) -> None:
        if reason.is_failure:
            self.refused = str(reason)
            log.warning("uplink: the broker refused the connection: %s", reason)
            return
        self.refused = None
        self.connected.set()
        self.wake.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object,
                       reason: ReasonCode, properties: object) -> None:
        self.connected.clear()

    def _on_publish(self, client: mqtt.Client, userdata: object, mid: int,
                    reason: ReasonCode, properties: object) -> None:
        with self.lock:
            entry = self.inflight.pop(mid, None)
            if entry is None:  # acknowledged before pump() filed it
                self.early.add(mid)
                return
        self._acked(entry)

    def _acked(self, entry: Entry) -> None:
        try:
            entry.path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("uplink: cannot remove %s: %s", entry.path.name, exc)
        with self.lock:
            self.sending.discard(entry.seq)
            self.sent += 1
            self.lock.notify_all()
        self.wake.set()

    def wait_sent(self, count: int, timeout: float = 60) -> bool:
        """Until ``count`` entries were acknowledged and removed (tools and tests)."""
        with self.lock:
            return self.lock.wait_for(lambda: self.sent >= count, timeout)

    # ---- the uplink's loop -----------------------------------------------------------------
    def topic(self, kind: str) -> str:
        return message.topic(self.config.cabinet, kind)

    def pump(self) -> int:
        """Publish waiting entries, oldest first, up to the window; how many went."""
        published = 0
        for entry in entries(self.config.outbox):
            if not self.connected.is_set():
                break
            with self.lock:
                if len(self.inflight) >= self.config.window:
                    break
                if entry.seq in self.sending:
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
            if entry.kind == message.RANK:  # signed here: the key is the uplink's alone
                try:
                    payload = sign_rank(payload, self.config.cabinet, self.config.key,
                                        self.config.cert)
                except (OSError, ValueError) as exc:
                    log.warning("uplink: cannot sign %s: %s", entry.path.name, exc)
            # Not under self.lock: paho may run the PUBACK callback meanwhile.
            info = self.client.publish(self.topic(entry.kind), payload, qos=1)
            if info.rc != mqtt.MQTT_ERR_SUCCESS:
                break
            published += 1
            with self.lock:
                self.sending.add(entry.seq)
                early = info.mid in self.early
                if early:
                    self.early.discard(info.mid)
                else:
                    self.inflight[info.mid] = entry
            if early:
                self._acked(entry)
        return published

    def run(self, *, until_empty: bool = False) -> int:
        """Until stopped (or, with ``until_empty``, until the outbox is empty and acked)."""
        self.client.connect_async(self.config.host, self.config.port, keepalive=KEEPALIVE_S)
        self.client.loop_start()
        try:
            while not self.stop.is_set():
                self.wake.clear()
                self.pump()
                if until_empty and not self.inflight and not entries(self.config.outbox):
                    break
                self.wake.wait(RESCAN_S)
        finally:
            self.client.disconnect()
            self.client.loop_stop()
        return self.sent
