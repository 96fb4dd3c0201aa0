"""The embedded broker for demos and tests: amqtt (pure Python) on loopback with TLS, the
same rules a production Mosquitto gets from ``docs/fleet.md``'s configuration:

- a client must show a certificate signed by the fleet's CA; its common name is its user
  name and its client id, whatever id it asked for (Mosquitto: ``require_certificate true``,
  ``use_identity_as_username true``, ``use_username_as_clientid true``), so no cabinet can
  take the service's id or another cabinet's;
- no packet is larger than ``MAX_PACKET`` (Mosquitto: ``max_packet_size``): the connection
  that sends one is closed before the packet is read;
- a cabinet publishes only under ``bloxcab/<its name>/`` and subscribes only to its own
  receipt topic ``bloxcab/<its name>/receipt``; the fleet service (``fleet-service``, and
  ``fleet-service-<name>`` for each named instance) subscribes, receives every cabinet's
  messages (not the receipts) and publishes only receipts (Mosquitto: ``pattern write
  bloxcab/%u/+``, ``pattern read bloxcab/%u/receipt``, and ``user fleet-service`` /
  ``topic read`` / ``topic write``).

amqtt has no shared subscriptions (``$share/``), so against it one fleet service subscribes
plainly; against Mosquitto several share the work.

The Mosquitto side is shipped as fleet/conf/mosquitto.conf and fleet/conf/acl.

Run as ``python -m fleet.broker CA_DIR PORT WORK_DIR``: it prints ``ready`` once
listening, and stops on SIGTERM.
"""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path
from typing import Any

from amqtt.adapters import ReaderAdapter
from amqtt.broker import Broker
from amqtt.contexts import Action, BaseContext
from amqtt.plugins.base import BaseAuthPlugin, BaseTopicPlugin
from amqtt.session import Session

from firmware.uplink.message import KINDS, TOPIC_ROOT
from firmware.uplink.pki import common_name, issue
from firmware.uplink.receipt import RECEIPT
from fleet.broker_sessions import SessionStore
from fleet.mosquitto import MAX_PACKET
from fleet.service_names import is_service

SESSIONS_FILE = "sessions.sqlite"  # persistent sessions and their queues (broker_sessions)
QUEUE_BATCH = 64  # queued messages sent at once to a returning session (then their PUBACKs)


def allowed(user: str | None, topic: str, action: Action) -> bool:
    """The topic rule: the same one the Mosquitto ACL file states."""
    if not user:
        return False
    parts = topic.split("/")
    plain = (len(parts) == 3 and parts[0] == TOPIC_ROOT and "+" not in parts[1:]
             and "#" not in parts[1:])
    receipt = plain and parts[2] == RECEIPT
    if action == Action.PUBLISH:
        if is_service(user):
            return receipt
        return (len(parts) >= 3 and parts[0] == TOPIC_ROOT and parts[1] == user
                and "+" not in parts and "#" not in parts)
    if is_service(user):  # subscribing to anything; receiving the messages, not receipts
        return action == Action.SUBSCRIBE or (plain and parts[2] in KINDS)
    return receipt and parts[1] == user  # a cabinet: its own receipt


class CertificateUser(BaseAuthPlugin):  # type: ignore[misc]  # amqtt has no types
    """The verified client certificate's common name becomes the session's user name."""

    async def authenticate(self, *, session: Session) -> bool | None:
        ssl_object = session.ssl_object
        der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
        if not der:
            return False
        name = common_name(der)
        if name is None:
            return False
        session.username = name
        return True


class OwnTopic(BaseTopicPlugin):  # type: ignore[misc]  # amqtt has no types
    def __init__(self, context: BaseContext) -> None:
        super().__init__(context)

    async def topic_filtering(self, *, session: Session | None = None, topic: str | None = None,
                              action: Action | None = None) -> bool | None:
        if session is None or topic is None or action is None:
            return False
        return allowed(session.username, topic, action)


def _length(value: int) -> bytes:
    """MQTT's variable-length encoding of a remaining length."""
    out = bytearray()
    while True:
        byte, value = value % 128, value // 128
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _own_id(connect: bytes, client_id: str) -> bytes:
    """A CONNECT packet's body (MQTT 3.1 or 3.1.1) with its client id replaced."""
    name_len = int.from_bytes(connect[0:2], "big")
    at = 2 + name_len + 4  # protocol name, level, flags, keep-alive
    old_len = int.from_bytes(connect[at:at + 2], "big")
    new = client_id.encode()
    return connect[:at] + len(new).to_bytes(2, "big") + new + connect[at + 2 + old_len:]


class PacketGuard(ReaderAdapter):  # type: ignore[misc]  # amqtt has no types
    """The connection's reader as amqtt sees it: each packet's length is read here first and
    a packet over ``limit`` ends the connection unread; the first packet (CONNECT) gets the
    certificate's name as its client id."""

    def __init__(self, inner: Any, limit: int, client_id: str | None) -> None:
        self.inner, self.limit, self.client_id = inner, limit, client_id
        self.ready = bytearray()  # bytes to hand over before reading on
        self.left = 0  # bytes of the current packet's body still unread
        self.first = True
        self.refused = False

    async def _header(self) -> bool:
        head = bytearray(await self.inner.read(1))
        if not head:
            return False
        length, shift = 0, 0
        while True:
            byte = await self.inner.read(1)
            if not byte or shift > 21:
                return False
            head += byte
            length += (byte[0] & 0x7F) << shift
            shift += 7
            if not byte[0] & 0x80:
                break
        if length > self.limit:
            self.refused = True
            return False
        if self.first and self.client_id is not None and head[0] >> 4 == 1:
            body = bytearray()
            while len(body) < length:
                chunk = await self.inner.read(length - len(body))
                if not chunk:
                    return False
                body += chunk
            if body[2 + int.from_bytes(body[0:2], "big")] in (3, 4):  # not MQTT 5
                body = bytearray(_own_id(bytes(body), self.client_id))
            self.ready = bytearray(head[:1]) + _length(len(body)) + body
        else:
            self.ready, self.left = head, length
        self.first = False
        return True

    async def read(self, n: int = -1) -> bytes:
        if not self.ready and not self.left and not await self._header():
            return b""
        if self.ready:
            count = len(self.ready) if n < 0 else n
            out = bytes(self.ready[:count])
            del self.ready[:count]
            return out
        data: bytes = await self.inner.read(self.left if n < 0 else min(n, self.left))
        self.left -= len(data)
        return data

    def feed_eof(self) -> None:
        self.inner.feed_eof()


class RoutedQueue(asyncio.Queue[Any]):
    """A session's queue of incoming PUBLISH messages whose ``put`` returns only once the
    broker has routed the message: amqtt's handler sends the QoS 1 PUBACK (QoS 2 PUBCOMP)
    right after ``put``, so the publisher's acknowledgement now means the message is in a
    subscriber's hands or in the session store, not in a queue a crash would empty."""

    def __init__(self) -> None:
        super().__init__()
        self.routing: dict[int, asyncio.Future[None]] = {}

    async def put(self, item: Any) -> None:
        routed = asyncio.get_running_loop().create_future()
        self.routing[id(item)] = routed
        await super().put(item)
        try:
            await routed
        finally:
            self.routing.pop(id(item), None)

    def routed(self, item: Any, ok: bool) -> None:
        waiter = self.routing.get(id(item))
        if waiter is not None and not waiter.done():
            if ok:
                waiter.set_result(None)
            else:
                waiter.cancel()  # no acknowledgement: the client sends it again


class FleetBroker(Broker):  # type: ignore[misc]  # amqtt has no types
    """amqtt with persistent sessions that outlive the broker (``broker_sessions``), an
    acknowledgement that means "routed", and the new connection's certificate on a resumed
    session: what a cabinet's uplink relies on."""

    def __init__(self, config: dict[str, Any], sessions: Path) -> None:
        super().__init__(config)
        self.store = SessionStore(sessions)
        self.sending: set[asyncio.Future[Any]] = set()

    # ---- persistent sessions, kept in SQLite ----------------------------------------------
    async def _start_listeners(self) -> None:
        """Before the first client can connect: the sessions and subscriptions kept."""
        for kept in self.store.sessions():
            handler, session = self.create_offline_session(kept.client_id)
            session.clean_session = False
            session.username = kept.username
            self._sessions[kept.client_id] = (session, handler)
            for topic_filter, qos in kept.subscriptions:
                self._subscriptions.setdefault(topic_filter, []).append((session, qos))
        await super()._start_listeners()

    async def add_subscription(self, subscription: tuple[str, int], session: Session) -> int:
        granted: int = await super().add_subscription(subscription, session)
        if granted in (0, 1, 2) and not session.clean_session and session.client_id:
            self.store.subscribe(session.client_id, session.username, subscription[0], granted)
        return granted

    async def _handle_unsubscription(self, client_session: Session, handler: Any,
                                     unsubscribe_waiter: asyncio.Future[Any]) -> None:
        await super()._handle_unsubscription(client_session, handler, unsubscribe_waiter)
        if client_session.client_id:
            for topic_filter in unsubscribe_waiter.result().topics:
                self.store.unsubscribe(client_session.client_id, topic_filter)

    async def _delete_session(self, client_id: str) -> None:
        await super()._delete_session(client_id)
        self.store.forget(client_id)

    async def _publish_session_retained_messages(self, session: Session) -> None:
        """What waited for the session, in arrival order; each leaves the store once the
        client acknowledged it (a disconnection before that keeps it for the next time)."""
        handler = self._get_handler(session)
        if handler is None or not session.client_id:
            return
        waiting = self.store.waiting(session.client_id)
        for start in range(0, len(waiting), QUEUE_BATCH):
            batch = waiting[start:start + QUEUE_BATCH]
            tasks = [asyncio.ensure_future(handler.mqtt_publish(m.topic, m.data, m.qos,
                                                                retain=False))
                     for m in batch]
            results = await asyncio.gather(*tasks, return_exceptions=True)
            for message, result in zip(batch, results, strict=True):
                if isinstance(result, BaseException):
                    return
                self.store.delivered(message.id)

    async def _publish_retained_messages_for_subscription(
            self, subscription: tuple[str, int], session: Session) -> None:
        """A retained message (a cabinet's last receipt) only to a session allowed to
        receive it: amqtt sends a connecting session the retained messages of every
        client's subscriptions, and checks no topic rule on the way."""
        handler = self._get_handler(session)
        topic_filter, qos = subscription
        if handler is None:
            return
        tasks = [asyncio.ensure_future(handler.mqtt_publish(
                     kept.topic, kept.data, min(qos, kept.qos or qos), retain=True))
                 for topic, kept in list(self._retained_messages.items())
                 if self._matches(topic, topic_filter)
                 and allowed(session.username, topic, Action.RECEIVE)]
        if tasks:
            await asyncio.wait(tasks)

    # ---- routing at once, before the acknowledgement ---------------------------------------
    async def _broadcast_message(self, session: Session | None, topic: str | None,
                                 data: bytes | bytearray | None,
                                 force_qos: int | None = None) -> None:
        """Route now (amqtt queues it for a later loop): to each subscriber allowed to
        receive it, sent at once when connected, kept in the store when a persistent
        session is away (QoS 1 and 2)."""
        if topic is None or data is None:
            return
        for topic_filter, subscribers in list(self._subscriptions.items()):
            if not self._matches(topic, topic_filter):
                continue
            for target, sub_qos in list(subscribers):
                qos = sub_qos if force_qos is None else force_qos
                if not await self._topic_filtering(target, topic=topic, action=Action.RECEIVE):
                    continue
                if target.transitions.state != "connected":
                    if (qos in (1, 2) and not target.clean_session and not target.is_anonymous
                            and target.client_id):
                        self.store.keep(target.client_id, target.username)
                        self.store.queue(target.client_id, topic, bytes(data), qos)
                    continue
                handler = self._get_handler(target)
                if handler is not None:
                    task = asyncio.ensure_future(handler.mqtt_publish(topic, data, qos,
                                                                      retain=False))
                    self.sending.add(task)
                    task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Future[Any]) -> None:
        self.sending.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self.logger.warning("delivery failed: %s", task.exception())

    async def _handle_message_delivery(self, client_session: Session, handler: Any,
                                       wait_deliver: asyncio.Future[Any]) -> bool:
        ok = False
        try:
            result: bool = await super()._handle_message_delivery(client_session, handler,
                                                                  wait_deliver)
            ok = True
            return result
        finally:
            queue = client_session.delivered_message_queue
            if isinstance(queue, RoutedQueue):
                queue.routed(wait_deliver.result(), ok)

    async def shutdown(self) -> None:
        await super().shutdown()
        self.store.close()

    # ---- repairs ---------------------------------------------------------------------------
    async def _client_connected(self, listener_name: str, reader: Any, writer: Any) -> None:
        """Every connection's packets go through a PacketGuard: the size limit, and the
        certificate's name as the client id (before amqtt looks up the session by it)."""
        ssl_object = writer.get_ssl_info()
        der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
        name = common_name(der) if der else None
        guard = PacketGuard(reader, MAX_PACKET, name)
        await super()._client_connected(listener_name, guard, writer)
        if guard.refused:
            self.logger.warning("%s sent a packet over %d bytes: disconnected", name,
                                MAX_PACKET)

    async def _initialize_client_session(self, reader: Any, writer: Any,
                                         *args: Any) -> Any:
        """amqtt keeps the old session object when a persistent session reconnects, with the
        old connection's TLS object: take the new connection's, so the certificate checked
        is the one presented now. And the session's incoming queue acknowledges only what
        was routed."""
        handler, session = await super()._initialize_client_session(reader, writer, *args)
        session.ssl_object = writer.get_ssl_info()
        if not isinstance(session.delivered_message_queue, RoutedQueue):
            session.delivered_message_queue = RoutedQueue()
        return handler, session

    async def _client_message_loop(self, client_session: Session, handler: Any) -> None:
        """amqtt forgets the incoming queue when the publisher disconnects at once: route
        what is still queued, in order."""
        await super()._client_message_loop(client_session, handler)
        waiting = client_session.delivered_message_queue
        while not waiting.empty():
            done = asyncio.get_running_loop().create_future()
            done.set_result(waiting.get_nowait())
            await self._handle_message_delivery(client_session, handler, done)


def broker_files(ca_dir: Path, work: Path) -> tuple[Path, Path]:
    """The broker's key and certificate for 127.0.0.1 (made once)."""
    key, crt = work / "broker.key", work / "broker.crt"
    if not crt.exists():
        issue(ca_dir, "broker", work, server_names=["127.0.0.1", "localhost"])
    return key, crt


def config(ca_dir: Path, port: int, work: Path) -> dict[str, Any]:
    key, crt = broker_files(ca_dir, work)
    return {
        "listeners": {"default": {"type": "tcp", "bind": f"127.0.0.1:{port}", "ssl": True,
                                  "cafile": str(ca_dir / "ca.crt"), "certfile": str(crt),
                                  "keyfile": str(key)}},
        "plugins": {f"{__name__}.CertificateUser": {}, f"{__name__}.OwnTopic": {}},
    }


async def serve(ca_dir: Path, port: int, work: Path, stop: asyncio.Event,
                ready: Any = None) -> None:
    broker = FleetBroker(config(ca_dir, port, work), work / SESSIONS_FILE)
    await broker.start()
    if ready is not None:
        ready()
    await stop.wait()
    await broker.shutdown()


def main(argv: list[str]) -> int:
    ca_dir, port, work = Path(argv[0]), int(argv[1]), Path(argv[2])

    async def run() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        loop.add_signal_handler(signal.SIGINT, stop.set)
        await serve(ca_dir, port, work, stop, ready=lambda: print("ready", flush=True))

    asyncio.run(run())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
