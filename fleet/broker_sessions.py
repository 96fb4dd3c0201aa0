"""The embedded broker's memory across a restart, in one SQLite file in its state folder:
each persistent session (clean session off) with the user name its certificate gave, its
subscriptions, and the QoS 1/2 messages waiting for it while it is away (in arrival order).

What Mosquitto keeps in ``mosquitto.db``. amqtt's own ``SessionDBPlugin`` restores the
subscriptions without the user name, so the topic rules refuse them until the client comes
back, and whatever arrived in between is lost; and it writes only at a clean shutdown. Here
every change is committed when it happens, so a killed broker forgets nothing it had
acknowledged to a subscriber's queue.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    client_id TEXT PRIMARY KEY,
    username TEXT
);
CREATE TABLE IF NOT EXISTS subscriptions (
    client_id TEXT NOT NULL REFERENCES sessions(client_id) ON DELETE CASCADE,
    filter TEXT NOT NULL,
    qos INTEGER NOT NULL,
    PRIMARY KEY (client_id, filter)
);
CREATE TABLE IF NOT EXISTS queued (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    client_id TEXT NOT NULL REFERENCES sessions(client_id) ON DELETE CASCADE,
    topic TEXT NOT NULL,
    data BLOB NOT NULL,
    qos INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS queued_by_client ON queued (client_id, id);
"""


@dataclass
class KeptSession:
    client_id: str
    username: str | None
    subscriptions: list[tuple[str, int]] = field(default_factory=list)


@dataclass(frozen=True)
class Queued:
    id: int
    topic: str
    data: bytes
    qos: int


class SessionStore:
    """Synchronous and small: one row per change, committed at once (WAL, so a commit is one
    append to the log)."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def sessions(self) -> list[KeptSession]:
        kept = {cid: KeptSession(cid, user) for cid, user in
                self.db.execute("SELECT client_id, username FROM sessions ORDER BY client_id")}
        for cid, topic_filter, qos in self.db.execute(
                "SELECT client_id, filter, qos FROM subscriptions ORDER BY client_id, filter"):
            kept[cid].subscriptions.append((topic_filter, qos))
        return list(kept.values())

    def keep(self, client_id: str, username: str | None) -> None:
        """A persistent session exists (or its user name changed)."""
        self.db.execute("INSERT INTO sessions (client_id, username) VALUES (?, ?) "
                        "ON CONFLICT (client_id) DO UPDATE SET username = excluded.username",
                        (client_id, username))

    def forget(self, client_id: str) -> None:
        """A clean session replaced it: its subscriptions and queue go with it."""
        self.db.execute("DELETE FROM sessions WHERE client_id = ?", (client_id,))

    def subscribe(self, client_id: str, username: str | None, topic_filter: str,
                  qos: int) -> None:
        self.keep(client_id, username)
        self.db.execute("INSERT INTO subscriptions (client_id, filter, qos) VALUES (?, ?, ?) "
                        "ON CONFLICT (client_id, filter) DO UPDATE SET qos = excluded.qos",
                        (client_id, topic_filter, qos))

    def unsubscribe(self, client_id: str, topic_filter: str) -> None:
        self.db.execute("DELETE FROM subscriptions WHERE client_id = ? AND filter = ?",
                        (client_id, topic_filter))

    def queue(self, client_id: str, topic: str, data: bytes, qos: int) -> None:
        """A message for a persistent session that is not connected."""
        self.db.execute("INSERT INTO queued (client_id, topic, data, qos) VALUES (?, ?, ?, ?)",
                        (client_id, topic, bytes(data), qos))

    def waiting(self, client_id: str) -> list[Queued]:
        return [Queued(*row) for row in self.db.execute(
            "SELECT id, topic, data, qos FROM queued WHERE client_id = ? ORDER BY id",
            (client_id,))]

    def delivered(self, message_id: int) -> None:
        self.db.execute("DELETE FROM queued WHERE id = ?", (message_id,))

    def close(self) -> None:
        self.db.close()
