"""The embedded broker for demos and tests: amqtt (pure Python) on loopback with TLS, the
same rules a production Mosquitto gets from ``docs/fleet.md``'s configuration:

- a client must show a certificate signed by the fleet's CA; its common name is its user
  name (Mosquitto: ``require_certificate true``, ``use_identity_as_username true``);
- a cabinet publishes only under ``bloxcab/<its name>/`` and subscribes to nothing; the
  fleet service (``fleet-service``) subscribes and publishes nothing
  (Mosquitto: ``pattern write bloxcab/%u/#`` and ``user fleet-service`` / ``topic read``).

amqtt has no shared subscriptions (``$share/``), so against it one fleet service subscribes
plainly; against Mosquitto several share the work.

Run as ``python -m firmware.fleet.broker CA_DIR PORT WORK_DIR``: it prints ``ready`` once
listening, and stops on SIGTERM.
"""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path
from typing import Any

from amqtt.broker import Broker
from amqtt.contexts import Action, BaseContext
from amqtt.plugins.base import BaseAuthPlugin, BaseTopicPlugin
from amqtt.session import Session

from firmware.fleet.pki import SERVICE_ID, common_name, issue

TOPIC_ROOT = "bloxcab"


def allowed(user: str | None, topic: str, action: Action) -> bool:
    """The topic rule: the same one the Mosquitto ACL file states."""
    if not user:
        return False
    if action == Action.PUBLISH:
        parts = topic.split("/")
        return (user != SERVICE_ID and len(parts) >= 3 and parts[0] == TOPIC_ROOT
                and parts[1] == user and "+" not in parts and "#" not in parts)
    if action == Action.SUBSCRIBE:
        return user == SERVICE_ID
    return user == SERVICE_ID  # receiving


class CertificateUser(BaseAuthPlugin):
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


class OwnTopic(BaseTopicPlugin):
    def __init__(self, context: BaseContext) -> None:
        super().__init__(context)

    async def topic_filtering(self, *, session: Session | None = None, topic: str | None = None,
                              action: Action | None = None) -> bool | None:
        if session is None or topic is None or action is None:
            return False
        return allowed(session.username, topic, action)


class FleetBroker(Broker):
    """amqtt keeps the old session object when a persistent session reconnects, with the
    old connection's TLS object: take the new connection's, so the certificate checked is
    the one presented now."""

    async def _initialize_client_session(self, reader: Any, writer: Any,
                                         *args: Any) -> Any:
        handler, session = await super()._initialize_client_session(reader, writer, *args)
        session.ssl_object = writer.get_ssl_info()
        return handler, session

    async def _client_message_loop(self, client_session: Session, handler: Any) -> None:
        """amqtt acknowledges a QoS 1 publish when it is queued for routing, and forgets the
        queue when the publisher disconnects at once: route what is still queued, in order."""
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
        "plugins": {f"{__name__}.CertificateUser": {}, f"{__name__}.OwnTopic": {},
                    # persistent sessions' subscriptions survive a broker restart
                    "amqtt.contrib.persistence.SessionDBPlugin": {
                        "connection": f"sqlite+aiosqlite:///{work / 'sessions.db'}"}},
    }


async def serve(ca_dir: Path, port: int, work: Path, stop: asyncio.Event,
                ready: Any = None) -> None:
    broker = FleetBroker(config(ca_dir, port, work))
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
