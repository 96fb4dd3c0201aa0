"""The fleet service end to end on loopback: cabinets' outboxes through the uplink and the
broker into PostgreSQL (pgserver), ranking entries re-simulated (a tampered one refused and
flagged), a day offline caught up with nothing lost or doubled, a database restart."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from firmware.rankings.check import VERIFIED
from firmware.uplink.client import Uplink, UplinkConfig
from firmware.uplink.message import BEAT, NOTICE, RANK
from firmware.uplink.outbox import Outbox, entries
from fleet import store
from fleet.ingest import Intake, IntakeConfig
from fleet.simcab import ranked_game
from tests.fleet_kit import BrokerProcess, Database, Pki

DAY = 24 * 3600


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    where = tmp_path_factory.mktemp("fleet")
    pki = Pki(where / "pki")
    db = Database(where / "db")
    conn = store.connect(db.url)
    store.migrate(conn)
    broker = BrokerProcess(pki, where / "broker")
    broker.start()
    key, crt = pki.service()
    intake = Intake(IntakeConfig("127.0.0.1", broker.port, pki.ca_crt, crt, key, db.url,
                                 shared=broker.shared))
    intake.start()
    assert intake.subscribed.wait(30)
    yield {"pki": pki, "db": db, "conn": conn, "broker": broker, "intake": intake}
    intake.stop()
    broker.stop()
    conn.close()
    db.close()


def send(parts: dict[str, Any], cabinet: str, outbox: Path) -> int:
    key, crt = parts["pki"].cabinet(cabinet)
    up = Uplink(UplinkConfig(cabinet, outbox, "127.0.0.1", parts["broker"].port,
                             parts["pki"].ca_crt, crt, key))
    return up.run(until_empty=True)


def count(conn: Any, sql: str, *args: object) -> int:
    return int(conn.execute(sql, args).fetchone()[0])


def test_a_genuine_ranking_enters_and_a_tampered_one_is_refused_and_flagged(
        parts: dict[str, Any], tmp_path: Path) -> None:
    intake, conn = parts["intake"], parts["conn"]
    genuine = ranked_game("bloxeed", 11)
    tampered = ranked_game("bloxeed", 12)
    tampered["values"] = {**tampered["values"], "score": tampered["values"]["score"] + 50_000}
    box = Outbox(tmp_path / "outbox")
    box.post(RANK, genuine)
    box.post(RANK, tampered)
    assert box.close()
    before = intake.stored
    checked = intake.verifier.checked
    assert send(parts, "cab-rank", tmp_path / "outbox") == 2
    assert intake.wait_stored(before + 2)
    assert intake.verifier.wait_checked(checked + 2)
    rows = conn.execute("SELECT replay_id, verified, reason FROM rankings WHERE cabinet = %s "
                        "ORDER BY at", ("cab-rank",)).fetchall()
    assert [(r[0], r[1]) for r in rows] == [(genuine["replay_id"], True),
                                            (tampered["replay_id"], False)]
    assert rows[1][2].startswith("the replay gives score")
    table = store.ranking(conn, "bloxeed", genuine["mode"])
    assert genuine["replay_id"] in [r["replay_id"] for r in table]
    assert tampered["replay_id"] not in [r["replay_id"] for r in table]
    assert any("refused" in f["reason"] and f["cabinet"] == "cab-rank"
               for f in store.flags(conn))
    assert store.replay(conn, genuine["replay_id"]) == genuine["attached"]


def test_a_day_offline_catches_up_with_nothing_lost_or_doubled(
        parts: dict[str, Any], tmp_path: Path) -> None:
    intake, conn = parts["intake"], parts["conn"]
    start = 1_700_000_000.0
    clock = [start]
    box = Outbox(tmp_path / "outbox", clock=lambda: clock[0])
    coins = 0
    for minute in range(0, 24 * 60, 5):  # a heartbeat every 5 minutes, a coin every 15
        clock[0] = start + minute * 60
        box.post(BEAT, {"screen": "attract"})
        if minute % 15 == 0:
            coins += 1
            box.book({"coins.1": coins, "coins.2": 0})
    box.post(NOTICE, {"text": "COIN CHUTE 2 JAMMED"})
    assert box.close()
    backlog = len(entries(tmp_path / "outbox"))
    assert backlog == 288 + 96 + 1
    kept = tmp_path / "copy"
    shutil.copytree(tmp_path / "outbox", kept)
    before = intake.stored
    assert send(parts, "cab-day", tmp_path / "outbox") == backlog
    assert intake.wait_stored(before + backlog)
    assert count(conn, "SELECT count(*) FROM messages WHERE cabinet = %s", "cab-day") == backlog
    assert count(conn, "SELECT sum(coins) FROM book WHERE cabinet = %s", "cab-day") == 96
    seqs = [r[0] for r in conn.execute("SELECT seq FROM messages WHERE cabinet = %s ORDER BY "
                                       "received, seq", ("cab-day",)).fetchall()]
    assert seqs == sorted(seqs)  # arrived in order
    # The uplink died before deleting: everything is sent again; nothing is stored twice.
    dupes = intake.duplicates
    assert send(parts, "cab-day", kept) == backlog
    with intake.idle:
        ok = intake.idle.wait_for(lambda: intake.duplicates >= dupes + backlog, 20)
    assert ok, (intake.duplicates, dupes, intake.stored, before, backlog, intake.refused)
    assert count(conn, "SELECT count(*) FROM messages WHERE cabinet = %s", "cab-day") == backlog
    day = [d for d in store.coins_per_day(conn, days=100_000) if d["cabinet"] == "cab-day"]
    assert sum(d["coins"] for d in day) == 96
    assert {c["id"]: c["notices"] for c in store.cabinets(conn)}["cab-day"] == [
        "COIN CHUTE 2 JAMMED"]


def test_a_database_restart_loses_nothing(parts: dict[str, Any], tmp_path: Path) -> None:
    intake, conn, db = parts["intake"], parts["conn"], parts["db"]
    box = Outbox(tmp_path / "outbox")
    for n in range(1, 31):
        box.book({"coins.1": n})
    assert box.close()
    conn.close()
    db.stop()
    errors = intake.db_errors
    before = intake.stored
    assert send(parts, "cab-db", tmp_path / "outbox") == 30  # the broker holds them
    with intake.idle:
        intake.idle.wait_for(lambda: intake.db_errors > errors, 0)
    db.start()
    assert intake.wait_stored(before + 30)
    parts["conn"] = conn = store.connect(db.url)
    assert count(conn, "SELECT count(*) FROM book WHERE cabinet = %s", "cab-db") == 30
    assert count(conn, "SELECT sum(coins) FROM book WHERE cabinet = %s", "cab-db") == 30
    assert intake.db_errors > errors  # it did meet the database down


def test_malformed_messages_are_refused_and_flagged(parts: dict[str, Any]) -> None:
    from fleet.verify import Refused, parse

    good = b'{"id":"0a1b2c3d-1","seq":1,"kind":"beat","at":1700000000,"body":{}}'
    assert parse("bloxcab/cab-x/beat", good)[0] == "cab-x"
    for topic, payload in [("bloxcab/cab-x/book", good), ("other/cab-x/beat", good),
                           ("bloxcab/cab-x/beat", b"[1]"), ("bloxcab/cab-x/beat", b"\xff"),
                           ("bloxcab/cab-x/beat", good.replace(b"0a1b2c3d-1", b"x")),
                           ("bloxcab/cab-x/beat", b" " * (5 * 1024 * 1024))]:
        with pytest.raises(Refused):
            parse(topic, payload)


def test_every_cartridges_genuine_ranking_entry_passes_the_intakes_checks() -> None:
    """Text figures (a grade, a clock) are figures too: no cartridge's real row is refused."""
    import json

    from fleet.simcab import games
    from fleet.verify import check_rank, parse

    for game in games():
        row = ranked_game(game, 3)
        message = {"id": "0a1b2c3d-7", "seq": 7, "kind": "rank", "at": 1_700_000_000,
                   "body": row}
        assert parse("bloxcab/cab-x/rank", json.dumps(message).encode())[0] == "cab-x", game
        assert check_rank(row) == (VERIFIED, ""), game


def test_the_network_ranking_is_in_the_cartridges_order(parts: dict[str, Any]) -> None:
    """The Master table ranks by grade, then time (tap's rank_key), not by score."""
    conn = parts["conn"]
    rows = [("AAA", "9", 900_000), ("BBB", "GM", 1_000), ("CCC", "S9", 50_000)]
    for n, (initials, grade, score) in enumerate(rows, start=1):
        body = {"game": "tap", "mode": "tap-master", "replay_id": f"{n:016x}",
                "initials": initials, "attached": "(not read: the verdict is given)",
                "values": {"grade": grade, "level": 999, "clock": "09:00:00", "line": "none",
                           "time": 32_400, "score": score}}
        message = {"id": f"0000abcd-{n}", "seq": n, "kind": "rank", "at": 1_700_000_000 + n,
                   "body": body}
        assert store.ingest(conn, "cab-order", message, (VERIFIED, "")) == store.STORED
    table = [r for r in store.ranking(conn, "tap", "tap-master") if r["cabinet"] == "cab-order"]
    assert [r["initials"] for r in table] == ["BBB", "CCC", "AAA"]
