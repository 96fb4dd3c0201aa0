"""Named `fleet serve` instances (``--name a`` is the MQTT client ``fleet-service-a``) that
share the intake's work and take over a lost one's share.

Each instance subscribes to the shared subscription from its own persistent session. The
broker keeps a member's session, and goes on queueing its share of the messages there, when
the member is gone; so the messages queued for a lost member, or in flight to it, would wait
for it to come back. Here a survivor takes the lost member's session over: it connects with
that member's client id (its certificate, from the same keys folder) and stores what the
broker hands it, until the member comes back.

Who is alive is decided by PostgreSQL's advisory locks, no clock involved: a member holds the
lock named after itself on a connection of its own for as long as it runs; its death (even
SIGKILL) closes that connection and frees the lock. Every other member waits for that lock,
each on a connection of its own; the one PostgreSQL grants it to takes the session over and
holds the lock while it serves it (should that survivor die too, the next takes it). A member
coming back marks itself as asking (``intake_members.asking``, its connection's process id),
notifies, and waits for its own lock: the survivor serving its session hands it back.

A member that loses its own lock while it runs (its lock's connection cut, PostgreSQL
restarted) is, for the others, gone: one takes its session over. ``on_change(False)`` tells
the intake at once, to leave the broker, and ``on_change(True)`` once the lock is its own
again, to connect: two clients with one id would push each other off at the broker.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import psycopg

from fleet import store
from fleet.decisions import SERVICE_DECISIONS

log = logging.getLogger("bloxcab.fleet")

CHANNEL = "fleet_members"  # NOTIFY: a member (re)joining, its name as the payload
LOCKS = store.LOCK_SPACE + 1  # advisory locks' first key; the second: a member's
CHECK_S: float = SERVICE_DECISIONS["member_check_s"].value
RETRY_S = 1.0


class Session(Protocol):
    """A taken-over member's MQTT session (fleet/ingest.py's)."""

    def stop(self) -> None: ...


def lock_key(name: str) -> int:
    """A member's advisory lock (the second key, a signed 32-bit integer)."""
    return zlib.crc32(name.encode()) - 2**31


def has_certificate(keys: Path, name: str) -> bool:
    return (keys / f"{name}.crt").exists() and (keys / f"{name}.key").exists()


class Membership:
    """``own``'s lock held, and every other member's waited for; ``take_over(name)`` starts
    serving a lost member's session, ``ready`` is set while ``own`` holds its own lock and
    ``on_change(held)`` called (from this object's thread) whenever that changes."""

    def __init__(self, db_url: str, own: str, keys: Path, take_over: Callable[[str], Session],
                 on_change: Callable[[bool], None] = lambda held: None) -> None:
        self.db_url, self.own, self.keys, self.take_over = db_url, own, keys, take_over
        self.on_change = on_change
        self.ready = threading.Event()
        self.stopping = threading.Event()
        self.serving: set[str] = set()  # members whose sessions this one serves now
        self.taken = 0  # take-overs so far
        self.lock = threading.Lock()
        self.watchers: dict[str, threading.Thread] = {}
        self.conns: list[psycopg.Connection[Any]] = []

    def start(self) -> None:
        threading.Thread(target=self._hold_own, name="fleet-member", daemon=True).start()

    def stop(self) -> None:
        self.stopping.set()
        with self.lock:
            conns = list(self.conns)
        for conn in conns:  # a wait for a lock ends at once
            with contextlib.suppress(psycopg.Error, OSError):
                conn.cancel_safe()
        for thread in list(self.watchers.values()):
            thread.join(10)

    def _connect(self) -> psycopg.Connection[Any]:
        conn = store.connect(self.db_url)
        with self.lock:
            self.conns.append(conn)
        return conn

    def _close(self, conn: psycopg.Connection[Any] | None) -> None:
        if conn is None:
            return
        with self.lock:
            if conn in self.conns:
                self.conns.remove(conn)
        conn.close()

    def _hold_own(self) -> None:
        """Ask for the own lock, wait for it, hold it; meanwhile watch members joining."""
        while not self.stopping.is_set():
            conn = None
            try:
                conn = self._connect()
                conn.execute(f"LISTEN {CHANNEL}")
                conn.execute("INSERT INTO intake_members (name, asking) VALUES "
                             "(%s, pg_backend_pid()) ON CONFLICT (name) DO UPDATE SET "
                             "asking = EXCLUDED.asking", (self.own,))
                conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self.own))
                for (name,) in conn.execute("SELECT name FROM intake_members WHERE name <> %s",
                                            (self.own,)).fetchall():
                    self._watch(name)
                conn.execute("SELECT pg_advisory_lock(%s, %s)", (LOCKS, lock_key(self.own)))
                conn.execute("UPDATE intake_members SET asking = NULL WHERE name = %s",
                             (self.own,))
                log.info("fleet: %s holds its own session", self.own)
                self._held(True)
                while not self.stopping.is_set():
                    for note in conn.notifies(timeout=CHECK_S):
                        if note.payload != self.own:
                            self._watch(note.payload)
            except psycopg.Error as exc:
                if self.stopping.is_set():
                    break
                log.warning("fleet: %s lost its membership lock (%s); asking again",
                            self.own, str(exc).strip()[:120])
                self._held(False)
                self.stopping.wait(RETRY_S)
            finally:
                self._close(conn)

    def _held(self, held: bool) -> None:
        if held == self.ready.is_set():
            return
        if held:
            self.ready.set()
        else:
            self.ready.clear()
        self.on_change(held)

    def _watch(self, name: str) -> None:
        """Wait for ``name``'s lock (a thread of its own), if its session can be served."""
        if name in self.watchers or name == self.own or self.stopping.is_set():
            return
        if not has_certificate(self.keys, name):
            log.warning("fleet: no certificate for %s in %s: its session cannot be taken "
                        "over from here", name, self.keys)
            return
        thread = threading.Thread(target=self._wait_for, args=(name,), daemon=True,
                                  name=f"fleet-watch-{name}")
        self.watchers[name] = thread
        thread.start()

    def _wait_for(self, name: str) -> None:
        while not self.stopping.is_set():
            conn = None
            try:
                conn = self._connect()
                conn.execute("SELECT pg_advisory_lock(%s, %s)", (LOCKS, lock_key(name)))
                conn.execute(f"LISTEN {CHANNEL}")
                if self._asking(conn, name):  # it is back: let it have its lock
                    conn.execute("SELECT pg_advisory_unlock(%s, %s)", (LOCKS, lock_key(name)))
                    continue
                self._serve(conn, name)
            except psycopg.Error as exc:
                if self.stopping.is_set():
                    break
                log.warning("fleet: %s: watching %s: %s", self.own, name,
                            str(exc).strip()[:120])
                self.stopping.wait(RETRY_S)
            finally:
                self._close(conn)

    @staticmethod
    def _asking(conn: psycopg.Connection[Any], name: str) -> bool:
        """``name`` waits for its own lock (its asking connection is still open)."""
        return conn.execute("SELECT 1 FROM intake_members m JOIN pg_stat_activity a ON "
                            "a.pid = m.asking WHERE m.name = %s", (name,)).fetchone() is not None

    def _serve(self, conn: psycopg.Connection[Any], name: str) -> None:
        """``name``'s session served from here until it asks for it back (or we stop)."""
        log.warning("fleet: %s is gone: %s takes over its session", name, self.own)
        session = self.take_over(name)
        with self.lock:
            self.serving.add(name)
            self.taken += 1
        try:
            back = False
            while not back and not self.stopping.is_set():
                # (no query while the generator runs: it holds the connection)
                asked = any(note.payload == name for note in conn.notifies(timeout=CHECK_S))
                back = asked and self._asking(conn, name)
        finally:
            session.stop()
            with self.lock:
                self.serving.discard(name)
        if back:
            conn.execute("SELECT pg_advisory_unlock(%s, %s)", (LOCKS, lock_key(name)))
            log.info("fleet: %s is back: %s hands its session back", name, self.own)
