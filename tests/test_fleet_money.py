"""Money adds up at the fleet service: a book entry merged by a full outbox while its older
part was already on its way is not counted twice; a negative or absurd coin delta is
refused; a message's time is never later than when it arrived (a cabinet's clock set to
2100 neither books coins then nor hides that it is offline). Real outbox, broker and
PostgreSQL."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware.uplink.client import Uplink, UplinkConfig
from firmware.uplink.message import BEAT, BOOK, Refused, decode
from firmware.uplink.outbox import Outbox, entries
from fleet import store
from tests.fleet_kit import Service


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    service = Service(tmp_path_factory.mktemp("money"))
    yield service
    service.close()


def send(svc: Service, cabinet: str, outbox: Path) -> int:
    key, crt = svc.pki.cabinet(cabinet)
    up = Uplink(UplinkConfig(cabinet, outbox, "127.0.0.1", svc.broker.port, svc.pki.ca_crt,
                             crt, key))
    return up.run(until_empty=True)


def coins(svc: Service, cabinet: str) -> int:
    return svc.count("SELECT sum(coins) FROM book WHERE cabinet = %s", cabinet)


def test_a_book_entry_merged_while_its_older_part_was_in_flight_counts_once(
        svc: Service, tmp_path: Path) -> None:
    box = Outbox(tmp_path / "outbox", max_entries=2)
    box.book({"coins.1": 2})
    box.book({"coins.1": 4})
    assert box.flush()
    oldest = entries(tmp_path / "outbox")[0]
    in_flight = oldest.path.read_bytes()  # what the uplink had read and published
    box.book({"coins.1": 6})  # full: the two oldest merge, the oldest file goes
    assert box.close()
    assert not oldest.path.exists()
    before = svc.handled()
    svc.publish("cab-merge", [(BOOK, in_flight)])  # it reaches the broker after all
    assert send(svc, "cab-merge", tmp_path / "outbox") == 2
    assert svc.intake.wait_handled(before + 3, 60)
    assert coins(svc, "cab-merge") == 6


def test_the_in_flight_part_arriving_after_its_merged_successor_counts_once(
        svc: Service, tmp_path: Path) -> None:
    box = Outbox(tmp_path / "outbox", max_entries=2)
    box.book({"coins.1": 3})
    box.book({"coins.1": 5})
    assert box.flush()
    in_flight = entries(tmp_path / "outbox")[0].path.read_bytes()
    box.book({"coins.1": 9})
    assert box.close()
    before = svc.handled()
    assert send(svc, "cab-late", tmp_path / "outbox") == 2
    svc.publish("cab-late", [(BOOK, in_flight)])  # redelivered late, after the merge
    assert svc.intake.wait_handled(before + 3, 60)
    assert coins(svc, "cab-late") == 9


def test_a_merged_entry_whose_newer_part_was_stored_still_brings_the_older_part(
        svc: Service, tmp_path: Path) -> None:
    """The older part never arrived (lost with a broker), the newer had been stored before the
    outbox merged the two under the newer's id: the merged entry is a repeat by its id, but
    the older part's coins are in it and nowhere else."""
    box = Outbox(tmp_path / "outbox", max_entries=2)
    box.book({"coins.1": 3})
    box.book({"coins.1": 5})
    assert box.flush()
    newer = entries(tmp_path / "outbox")[1].path.read_bytes()
    before = svc.handled()
    svc.publish("cab-lost", [(BOOK, newer)])  # stored; its receipt has not come back yet
    assert svc.intake.wait_handled(before + 1, 60)
    box.book({"coins.1": 9})  # full: the two oldest merge under the newer's id
    assert box.close()
    merged = entries(tmp_path / "outbox")[0].path.read_bytes()
    assert json.loads(merged)["body"]["merged"]
    assert send(svc, "cab-lost", tmp_path / "outbox") == 2
    assert svc.intake.wait_handled(before + 3, 60)
    assert coins(svc, "cab-lost") == 9
    # The merged entry, or the newer part, sent once more changes nothing.
    svc.publish("cab-lost", [(BOOK, merged), (BOOK, newer)])
    assert svc.intake.wait_handled(before + 5, 60)
    assert coins(svc, "cab-lost") == 9


def book(n: int, delta: int, total: int, at: float = 1_700_000_000) -> bytes:
    return json.dumps({"id": f"0a1b2c3d-{n}", "seq": n, "kind": "book", "at": at,
                       "body": {"totals": {"coins.1": total}, "delta": {"coins.1": delta}}}
                      ).encode()


def test_a_negative_or_absurd_coin_delta_is_refused(svc: Service) -> None:
    for payload in (book(1, -100_000, 5), book(2, 10**12, 10**12), book(3, 5, -5)):
        with pytest.raises(Refused):
            decode("bloxcab/cab-x/book", payload)
    before, refused = svc.handled(), svc.intake.refused
    svc.publish("cab-minus", [(BOOK, book(1, -100_000, 5)), (BOOK, book(2, 3, 8))])
    assert svc.intake.wait_handled(before + 2, 60)
    assert svc.intake.refused - refused == 1
    assert coins(svc, "cab-minus") == 3


def test_a_future_time_is_clamped_to_the_receive_time(svc: Service) -> None:
    year_2100 = 4_102_444_800.0
    beat = json.dumps({"id": "0a1b2c3d-2", "seq": 2, "kind": "beat", "at": year_2100,
                       "body": {"screen": "attract"}}).encode()
    before = svc.handled()
    sent = time.time()
    svc.publish("cab-2100", [(BOOK, book(1, 4, 4, at=year_2100)), (BEAT, beat)])
    assert svc.intake.wait_handled(before + 2, 60)
    got = time.time()
    day = [d for d in store.coins_per_day(svc.conn) if d["cabinet"] == "cab-2100"]
    assert [d["coins"] for d in day] == [4]  # booked today, inside the last 30 days
    booked = svc.conn.execute("SELECT extract(epoch FROM at) FROM book WHERE cabinet = %s",
                              ("cab-2100",)).fetchone()[0]
    assert sent - 1 <= float(booked) <= got + 1
    last_beat = {c["id"]: c["last_beat"] for c in store.cabinets(svc.conn)}["cab-2100"]
    assert last_beat is not None and not last_beat.startswith("2100")
