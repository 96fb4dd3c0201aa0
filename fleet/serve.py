"""`bloxcab fleet serve`: the intake and the dashboard in one process. With ``demo=True``
everything is embedded in a temporary folder: PostgreSQL (pgserver), the amqtt broker on
loopback with its own CA, and simulated cabinets sending through real uplinks."""

from __future__ import annotations

import asyncio
import logging
import random
import signal
import socket
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.uplink.client import Uplink, UplinkConfig
from firmware.uplink.message import (
    BEAT,
    NOTICE,
    RANK,
    SERVICE_ID,
    beat_body,
    notice_body,
)
from firmware.uplink.outbox import Outbox
from firmware.uplink.pki import issue, new_ca
from fleet import store
from fleet.ingest import Intake, IntakeConfig
from fleet.service_names import member_id
from fleet.simcab import games, ranked_game

log = logging.getLogger("bloxcab.fleet")

DEMO_CABINETS = (("arcade-1", "Harbour Arcade"), ("arcade-2", "Harbour Arcade"),
                 ("bowl-1", "Lucky Lanes"))
DEMO_OPERATOR = ("demo", "demo")


@dataclass
class Embedded:
    work: Path
    db_url: str
    port: int
    ca: Path
    server: Any
    stop_broker: Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_embedded(work: Path) -> Embedded:
    """pgserver and amqtt in ``work``, loopback only."""
    import pgserver

    from fleet.broker import serve as serve_broker

    server = pgserver.get_server(work / "pgdata", cleanup_mode="stop")
    new_ca(work / "ca")
    port = free_port()
    ready = threading.Event()
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()

    def run() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(serve_broker(work / "ca", port, work / "broker", stop,
                                             ready=ready.set))

    def stop_broker() -> None:
        """Stopped and its files closed (before their folder goes)."""
        loop.call_soon_threadsafe(stop.set)
        thread.join(30)

    (work / "broker").mkdir(parents=True, exist_ok=True)
    thread = threading.Thread(target=run, name="embedded-broker", daemon=True)
    thread.start()
    if not ready.wait(60):
        raise RuntimeError("the embedded broker did not start")
    return Embedded(work, server.get_uri(), port, work / "ca", server, stop_broker)


class DemoCabinet(threading.Thread):
    """Coins, heartbeats, notices and ranked games (now and then a tampered one) into an
    outbox, sent by a real uplink with the cabinet's own certificate."""

    def __init__(self, name: str, emb: Embedded, seed: int) -> None:
        super().__init__(name=f"demo-{name}", daemon=True)
        self.cab = name
        self.rng = random.Random(seed)
        home = emb.work / "cabinets" / name
        key, crt = issue(emb.ca, name, home)
        self.outbox = Outbox(home / "outbox")
        self.uplink = Uplink(UplinkConfig(name, home / "outbox", "127.0.0.1", emb.port,
                                          emb.ca / "ca.crt", crt, key))
        self.stopping = threading.Event()
        self.link = threading.Thread(target=self.uplink.run, name=f"demo-link-{name}",
                                     daemon=True)
        self.link.start()

    def stop(self) -> None:
        """Stop posting, close the outbox and the uplink (before their folder goes)."""
        self.stopping.set()
        if self.is_alive():
            self.join(10)
        self.outbox.close()
        self.uplink.stop.set()
        self.uplink.wake.set()
        self.link.join(10)

    def run(self) -> None:
        coins, tick = 0, 0
        while not self.stopping.is_set():
            tick += 1
            self.outbox.post(BEAT, beat_body(self.rng.choice(["attract", "play", "title"])))
            if self.rng.random() < 0.5:
                coins += self.rng.randint(1, 2)
                self.outbox.book({"coins.1": coins, "coins.2": 0})
            if tick % 3 == 1:
                entry = ranked_game(self.rng.choice(games()), self.rng.randrange(10**6))
                if self.rng.random() < 0.15:  # a cheat: the score edited, the replay not
                    entry["values"]["score"] = int(entry["values"].get("score", 0)) + 99_999
                self.outbox.post(RANK, entry)
            if tick % 7 == 0:
                self.outbox.post(NOTICE, notice_body("COIN CHUTE 2 JAMMED"))
            self.stopping.wait(2.0)


def stop_cabinets(cabinets: list[DemoCabinet]) -> None:
    for cab in cabinets:
        cab.stopping.set()
    for cab in cabinets:
        cab.stop()


class ServeError(Exception):
    """Cannot start: one line for the operator."""


class Stopped(Exception):
    """SIGTERM: stop as after Ctrl-C, everything in ``serve``'s finally included."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Stopped


def serve(*, db_url: str | None, broker: tuple[str, int] | None,
          keys: Path | None, shared: bool, http: tuple[str, int], demo: bool,
          proxies: list[str] | None = None, https: tuple[Path, Path] | None = None,
          name: str | None = None) -> int:
    """Until Ctrl-C or SIGTERM; either way the intake, and with ``demo`` the simulated
    cabinets, the embedded broker and PostgreSQL, stop and the temporary folder goes.
    ``name``: this instance's (fleet/members.py), its client id ``fleet-service-<name>``;
    named instances sharing a subscription take a lost one's session over.

    uvicorn answers SIGTERM by stopping its server and then raising the signal again with
    the handler it found: ours, which unwinds to the cleanup below (Python's default would
    end the process there, leaving PostgreSQL running and the folder behind)."""
    import uvicorn

    from fleet.web import create_app

    # Bound before anything starts (a port in use is one line at once), listening before
    # the dashboard's address is printed: a browser's first request waits in the backlog.
    try:
        listener = bind(http)
    except OSError as exc:
        raise ServeError(f"--http {http[0]}:{http[1]}: {exc.strerror or exc}") from None
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    tmp: tempfile.TemporaryDirectory[str] | None = None
    emb: Embedded | None = None
    intake: Intake | None = None
    cabinets: list[DemoCabinet] = []
    client_id = SERVICE_ID if name is None else member_id(name)
    try:
        if demo:
            tmp = tempfile.TemporaryDirectory(prefix="bloxcab-fleet-")
            emb = start_embedded(Path(tmp.name))
            db_url = emb.db_url
            broker = ("127.0.0.1", emb.port)
            key, crt = issue(emb.ca, SERVICE_ID, emb.work / "service")
            ca = emb.ca / "ca.crt"
            shared = False  # amqtt has no shared subscriptions
        else:
            assert keys is not None and broker is not None and db_url is not None
            ca, crt, key = (keys / "ca.crt", keys / f"{client_id}.crt",
                            keys / f"{client_id}.key")
        assert db_url is not None and broker is not None
        with store.connect(db_url) as conn:
            store.migrate(conn)
            if demo:
                store.set_operator(conn, *DEMO_OPERATOR)
                for cab, venue in DEMO_CABINETS:
                    conn.execute("INSERT INTO cabinets (id, venue) VALUES (%s, %s) ON CONFLICT "
                                 "(id) DO UPDATE SET venue = EXCLUDED.venue", (cab, venue))
        intake = Intake(IntakeConfig(broker[0], broker[1], ca, crt, key, db_url, shared=shared,
                                     client_id=client_id,
                                     members=keys if shared and name is not None else None))
        intake.start()
        if emb is not None:
            for seed, (cab, _) in enumerate(DEMO_CABINETS):
                cabinets.append(DemoCabinet(cab, emb, seed))
                cabinets[-1].start()
            scheme = "https" if https else "http"
            print(f"demo: log in at {scheme}://{http[0]}:{http[1]}/ as "
                  f"{DEMO_OPERATOR[0]} / {DEMO_OPERATOR[1]}", flush=True)
        tls: dict[str, Any] = ({"ssl_certfile": str(https[0]), "ssl_keyfile": str(https[1])}
                               if https else {})
        app = create_app(db_url, health=intake.health, proxies=proxies)
        uvicorn.Server(uvicorn.Config(app, log_level="warning", proxy_headers=False,
                                      **tls)).run(sockets=[listener])
    except (Stopped, KeyboardInterrupt):  # SIGTERM, Ctrl-C: the cleanup below, no traceback
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one does not cut this short
        stop_cabinets(cabinets)  # before their folders go: no "cannot sync outbox" lines
        if intake is not None:
            intake.stop()
        if emb is not None:
            emb.stop_broker()
            emb.server.cleanup()
        if tmp is not None:
            tmp.cleanup()
        listener.close()
        signal.signal(signal.SIGTERM, previous)
    return 0


def bind(http: tuple[str, int]) -> socket.socket:
    """The dashboard's listening socket; OSError if the address is not ours to take."""
    family, kind, proto, _, address = socket.getaddrinfo(
        http[0], http[1], type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock
