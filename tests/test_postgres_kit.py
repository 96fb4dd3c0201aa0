"""The fleet's tests run on a Pi, where pgserver has no wheel, against the system's PostgreSQL:
the same Database the fleet's tests use, forced onto the system's server programs here, holds
the fleet's tables across a stop and a start."""

from __future__ import annotations

from pathlib import Path

from fleet import store
from tests.fleet_kit import Database


def test_the_systems_postgresql_holds_the_fleets_tables_across_a_restart(tmp_path: Path) -> None:
    db = Database(tmp_path, system=True)
    try:
        with store.connect(db.url) as conn:
            store.migrate(conn)
            store.set_operator(conn, "ops", "correct horse")
        db.stop()
        db.start()
        with store.connect(db.url) as conn:
            names = [row[0] for row in conn.execute("SELECT name FROM operators")]
        assert names == ["ops"]
    finally:
        db.close()
    assert not db.home.exists()
