"""The intake's batched writes store what one message at a time stores: the same rows in every
table, the same answers (stored or a repeat), whatever the mix of kinds, repeats inside one
batch and book entries merging others in between. Real PostgreSQL; the messages are random
but seeded, the one-at-a-time path (store.ingest) is the reference."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from firmware.uplink.message import BEAT, BOOK, NOTICE, RESULT
from fleet import store
from tests.fleet_kit import Database

AT = 1_700_000_000.0
RECEIVED = AT + 10_000


@pytest.fixture(scope="module")
def conn(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    db = Database(tmp_path_factory.mktemp("batch"))
    with store.connect(db.url) as c:
        store.migrate(c)
        yield c
    db.close()


def messages(rng: random.Random, prefix: str, count: int) -> list[tuple[str, dict[str, Any]]]:
    """(cabinet, message): beats, notices, results and book entries over a few cabinets; some
    sent twice (later in the same batch or in the next), some book entries merging earlier
    ones; a few dated after their receipt."""
    out: list[tuple[str, dict[str, Any]]] = []
    for n in range(1, count + 1):
        cabinet = f"{prefix}-{rng.randrange(4)}"
        kind = rng.choice([BEAT, BEAT, NOTICE, RESULT, BOOK])
        body: dict[str, Any] = {
            BEAT: {"screen": rng.choice(["attract", "play"]), "n": n},
            NOTICE: {"text": f"notice {n}"},
            RESULT: {"game": "blockout", "player": rng.randrange(2), "summary": {"n": n}},
            BOOK: {"totals": {"coins.1": n}, "delta": {"coins.1": rng.randrange(1, 5)}},
        }[kind]
        if kind == BOOK and out and rng.random() < 0.5:
            earlier = [m["id"] for c, m in out if c == cabinet and m["kind"] == BOOK]
            body["merged"] = rng.sample(earlier, min(len(earlier), 2))
        at = AT + n + (20_000 if rng.random() < 0.05 else 0)
        out.append((cabinet, {"id": f"0a1b2c3d-{n}", "seq": n, "kind": kind, "at": at,
                              "body": body}))
        if rng.random() < 0.1:  # sent again
            out.insert(rng.randrange(len(out) - 1, len(out) + 1), out[-1])
    return out


def contents(conn: Any, prefix: str) -> dict[str, list[tuple[Any, ...]]]:
    like = f"{prefix}-%"
    cut = len(prefix)
    found = {}
    for table, columns in {"messages": "cabinet, id, kind, seq, at",
                           "book": "cabinet, id, at, totals, delta, coins, reset",
                           "results": "cabinet, id, at, game, player, summary",
                           "notices": "cabinet, id, at, text",
                           "cabinets": "id, last_beat, beat"}.items():
        key = "id" if table == "cabinets" else "cabinet"
        rows = conn.execute(f"SELECT {columns} FROM {table} WHERE {key} LIKE %s ORDER BY 1, 2",
                            (like,)).fetchall()
        found[table] = [(r[0][cut:], *r[1:]) for r in rows]
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_batch_stores_what_one_at_a_time_stores(conn: Any, seed: int) -> None:
    one = messages(random.Random(seed), f"one{seed}", 300)
    many = messages(random.Random(seed), f"bat{seed}", 300)
    answers_one = [store.ingest(conn, c, m, None, RECEIVED) for c, m in one]
    answers_many: list[str] = []
    rng = random.Random(seed)
    start = 0
    while start < len(many):  # batches of varying size, each its own transaction
        size = rng.randrange(1, 120)
        with conn.transaction():
            answers_many += store.ingest_batch(
                conn, [(c, m, None) for c, m in many[start:start + size]], RECEIVED)
        start += size
    assert answers_many == answers_one
    assert answers_one.count(store.DUPLICATE) > 0
    assert contents(conn, f"bat{seed}") == contents(conn, f"one{seed}")
    assert len(contents(conn, f"one{seed}")["messages"]) > 250
