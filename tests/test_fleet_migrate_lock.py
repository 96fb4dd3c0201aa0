"""Two `fleet serve` instances starting together on an empty database apply each migration
once: the second waits for the first's migrations to commit instead of failing on its
``CREATE TABLE IF NOT EXISTS`` (two at once: one fails on the catalog's unique index). Real
PostgreSQL; the first instance's migrations are held uncommitted while the second starts."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import psycopg

from fleet import store
from tests.fleet_kit import Database


def test_a_second_migration_waits_for_the_first_and_applies_nothing(tmp_path: Path) -> None:
    db = Database(tmp_path)
    try:
        first = psycopg.connect(db.url)  # not autocommit: its transaction stays open
        first.execute("SELECT 1")
        applied_first = store.migrate(first)  # inside the open transaction: not committed
        assert applied_first == [v for v, _ in store.migrations()]
        second = store.connect(db.url)
        pid = second.info.backend_pid
        outcome: list[object] = []

        def migrate() -> None:
            try:
                outcome.append(store.migrate(second))
            except psycopg.Error as exc:
                outcome.append(exc)

        thread = threading.Thread(target=migrate)
        thread.start()
        with store.connect(db.url) as watch:  # until the second waits on a lock
            end = time.monotonic() + 60
            while watch.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s AND "
                                "wait_event_type = 'Lock'", (pid,)).fetchone() is None:
                assert time.monotonic() < end, "the second migration never waited"
                threading.Event().wait(0.05)
        first.commit()
        thread.join(60)
        assert outcome == [[]]  # nothing left to apply, and no error
        applied = second.execute("SELECT count(*) FROM schema_migrations").fetchone()
        assert applied is not None and applied[0] == len(store.migrations())
        first.close()
        second.close()
    finally:
        db.close()
