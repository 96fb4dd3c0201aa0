"""A live `fleet serve --name a` that loses only its membership lock's connection (that
PostgreSQL backend terminated, as a restart of it or a network cut to PostgreSQL would) while
its MQTT link stays up. The survivor b is granted a's lock and takes a's session over with
a's client id; a must leave the broker at once, or the two push each other off the one
client id (Mosquitto: "Client fleet-service-a already connected, closing old connection")
for as long as a cannot get its lock back.

Two real `bloxcab fleet serve --name` processes on Debian's Mosquitto, one PostgreSQL; a
logs in as a role of its own, which the test forbids to log in while a is cut off (its
existing connections, the intake's own, go on): a's attempts to ask for its lock again fail,
each one a line in its log, and the cut lasts a fixed number of them. Cabinets stream
heartbeats meanwhile. Afterwards: every heartbeat stored exactly once, the broker closed a
connection of fleet-service-a for another at most once (the survivor's first connect may win
the race with a's own disconnect), and a holds its own session again: b handed it back, a
subscribed again, and the last phase stored with no one pushed off.
"""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from firmware.uplink.pki import issue
from fleet import mosquitto, store
from fleet.members import LOCKS, lock_key
from fleet.service_names import member_id
from tests.fleet_kit import Database, Pki, free_port, need_mosquitto
from tests.members_kit import CABINETS, START_S, STORE_S, Instance, send, until

PER_PHASE = 100  # heartbeats per cabinet in each phase
CUT_TRIES = 6  # a's failed attempts to ask for its lock again while it is cut off
ROLE = "fleet_member_a"  # a's PostgreSQL role: refused logins while a is cut off
TAKEOVER = re.compile(rf"Client {member_id('a')} already connected, closing old connection")


class Fleet:
    """Mosquitto (its log also in a file, read back) with a's and b's certificates, and one
    PostgreSQL; a's database URL logs in as ROLE."""

    def __init__(self, where: Path) -> None:
        self.pki = Pki(where / "pki")
        self.db = Database(where / "db")
        self.keys = where / "keys"
        for name in ("a", "b"):
            issue(self.pki.ca, member_id(name), self.keys)
        shutil.copy(self.pki.ca_crt, self.keys / "ca.crt")
        self.port = free_port()
        conf = mosquitto.configure(self.pki.ca, self.port, where / "broker",
                                   members=[member_id("a"), member_id("b")])
        self.log = where / "broker" / "mosquitto.log"
        with conf.open("a") as out:
            out.write(f"log_dest file {self.log}\n")
        self.broker = mosquitto.start(conf)
        self.conn = store.connect(self.db.url)
        self.conn.execute(f"CREATE ROLE {ROLE} LOGIN SUPERUSER")
        self.url_a = self.db.url.replace("postgresql://postgres:@", f"postgresql://{ROLE}:@")
        assert self.url_a != self.db.url

    def takeovers(self) -> int:
        """The broker's closings of a fleet-service-a connection for a new one."""
        return len(TAKEOVER.findall(self.log.read_text()))

    def stored(self) -> int:
        row = self.conn.execute("SELECT count(*) FROM messages").fetchone()
        return int(row[0]) if row else 0

    def cut_a(self) -> int:
        """a's new connections refused; the backend holding a's own lock terminated (its
        other connections go on). That backend's process id."""
        self.conn.execute(f"ALTER ROLE {ROLE} NOLOGIN")
        key = lock_key(member_id("a"))
        row: tuple[Any, ...] | None = self.conn.execute(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND "
            "classid::bigint = %s AND objid::bigint = %s AND objsubid = 2",
            (LOCKS % 2**32, key % 2**32)).fetchone()
        assert row is not None, "no backend holds a's lock"
        ended = self.conn.execute("SELECT pg_terminate_backend(%s)", (row[0],)).fetchone()
        assert ended is not None and ended[0]
        return int(row[0])

    def heal_a(self) -> None:
        self.conn.execute(f"ALTER ROLE {ROLE} LOGIN")

    def close(self) -> None:
        self.conn.close()
        self.broker.terminate()
        self.broker.wait(30)
        self.db.close()


@pytest.fixture
def fleet(tmp_path: Path) -> Iterator[Fleet]:
    need_mosquitto("the embedded broker has no shared subscriptions")
    kit = Fleet(tmp_path)
    try:
        yield kit
    finally:
        kit.close()


def test_a_member_that_lost_its_lock_leaves_the_broker_until_it_holds_it_again(
        fleet: Fleet) -> None:
    a = Instance("a", fleet.keys, fleet.url_a, fleet.port)
    b = Instance("b", fleet.keys, fleet.db.url, fleet.port)
    sender: threading.Thread | None = None
    try:
        a.said(r"intake fleet-service-a subscribed", START_S)
        b.said(r"intake fleet-service-b subscribed", START_S)
        total = PER_PHASE * len(CABINETS)
        send(fleet.pki, fleet.port, 1, PER_PHASE)  # both take their share
        assert until(lambda: fleet.stored() == total, STORE_S), (fleet.stored(), total)
        assert fleet.takeovers() == 0

        failed: list[Exception] = []

        def stream() -> None:
            try:
                send(fleet.pki, fleet.port, 1 + PER_PHASE, PER_PHASE)
            except Exception as exc:  # reported by the test thread
                failed.append(exc)

        sender = threading.Thread(target=stream)
        sender.start()
        before = total
        total += PER_PHASE * len(CABINETS)
        # mid-stream: once a tenth of this phase is stored
        assert until(lambda: fleet.stored() >= before + PER_PHASE * len(CABINETS) // 10,
                     STORE_S)
        a_mark, b_mark = len(a.lines), len(b.lines)
        fleet.cut_a()
        b.said(r"fleet-service-a is gone: fleet-service-b takes over", START_S, after=b_mark)
        line = a_mark
        for _ in range(CUT_TRIES):  # a cannot get its lock back for this long
            line = a.said(r"fleet-service-a lost its membership lock", START_S, after=line) + 1
        sender.join(STORE_S)
        assert not sender.is_alive() and not failed, failed
        # a's share of the phase, and what was in flight to it, stored by b from a's session
        assert until(lambda: fleet.stored() == total, STORE_S), (fleet.stored(), total)
        during_cut = fleet.takeovers()

        a_mark, b_mark = len(a.lines), len(b.lines)
        fleet.heal_a()
        b.said(r"fleet-service-a is back: fleet-service-b hands", START_S, after=b_mark)
        a.said(r"fleet-service-a holds its own session", START_S, after=a_mark)
        a.said(r"intake fleet-service-a subscribed", START_S, after=a_mark)
        send(fleet.pki, fleet.port, 1 + 2 * PER_PHASE, PER_PHASE)
        total += PER_PHASE * len(CABINETS)
        assert until(lambda: fleet.stored() == total, STORE_S), (fleet.stored(), total)

        rows = fleet.conn.execute("SELECT cabinet, id FROM messages").fetchall()
        expected = {(c, f"0a1b2c3d-{n}") for c in CABINETS for n in range(1, 3 * PER_PHASE + 1)}
        assert len(rows) == len(expected) and set(rows) == expected  # each once, none missing
        print(f"takeovers of fleet-service-a: {during_cut} while a was cut off, "
              f"{fleet.takeovers()} in all")
        assert during_cut <= 1, f"a and b pushed each other off {during_cut} times"
        assert fleet.takeovers() == during_cut  # none once a holds its lock again
    finally:
        if sender is not None:
            sender.join(STORE_S)
        for instance in (a, b):
            instance.stop()
