"""Honest network rankings: one rank per game (the same replay sent six times, or another
cabinet's game relabelled as its own, ranks once); a replay whose header names another
cabinet than its sender is refused; a refused entry plants no text under a replay digest.
Real broker and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from firmware.rankings.recorder import replay_id
from firmware.uplink.message import RANK
from fleet import store
from fleet.simcab import ranked_game
from tests.fleet_kit import Service


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    service = Service(tmp_path_factory.mktemp("honest"))
    yield service
    service.close()


def message(n: int, body: dict[str, Any]) -> tuple[str, bytes]:
    return RANK, json.dumps({"id": f"0a1b2c3d-{n}", "seq": n, "kind": RANK,
                             "at": 1_700_000_000 + n, "body": body}).encode()


def relabelled(body: dict[str, Any], **meta: Any) -> dict[str, Any]:
    """The same game with other words in its header's meta (and so another digest)."""
    lines = body["attached"].split("\n", 2)
    header = json.loads(lines[1])
    header["meta"] = {**header.get("meta", {}), **meta}
    text = "\n".join([lines[0], json.dumps(header), lines[2]])
    return {**body, "attached": text, "replay_id": replay_id(text)}


def rows(svc: Service, cabinet: str) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in svc.conn.execute(
        "SELECT id, verified, reason FROM rankings WHERE cabinet = %s ORDER BY id",
        (cabinet,)).fetchall()]


def test_the_same_replay_sent_six_times_takes_one_rank(svc: Service) -> None:
    row = ranked_game("sega88", 41)
    checked = svc.intake.verifier.checked
    svc.publish("cab-six", [message(n, row) for n in range(1, 7)])
    assert svc.intake.verifier.wait_checked(checked + 6, 120), svc.intake.health()
    table = [r for r in store.ranking(svc.conn, "sega88", row["mode"], limit=100)
             if r["replay_id"] == row["replay_id"]]
    assert len(table) == 1
    verdicts = rows(svc, "cab-six")
    assert [v[1] for v in verdicts].count(True) == 1
    assert all("already ranks" in v[2] for v in verdicts if not v[1])


def test_another_cabinets_game_relabelled_does_not_rank(svc: Service) -> None:
    genuine = ranked_game("bloxeed", 42)
    checked = svc.intake.verifier.checked
    svc.publish("cab-owner", [message(1, genuine)])
    assert svc.intake.verifier.wait_checked(checked + 1, 120)
    stolen = {**relabelled(genuine, initials="ZZZ"), "initials": "ZZZ"}
    svc.publish("cab-copier", [message(1, stolen)])
    assert svc.intake.verifier.wait_checked(checked + 2, 120)
    assert rows(svc, "cab-owner")[0][1] is True
    (copy,) = rows(svc, "cab-copier")
    assert copy[1] is False and "already ranks" in copy[2] and "cab-owner" in copy[2]
    assert any(f["cabinet"] == "cab-copier" for f in store.flags(svc.conn, 100))


def test_a_replay_naming_another_cabinet_is_refused(svc: Service) -> None:
    named = relabelled(ranked_game("sega88", 43), cabinet="cab-someone")
    before = svc.handled()
    svc.publish("cab-liar", [message(1, named)])
    assert svc.intake.wait_handled(before + 1, 60)
    (row,) = rows(svc, "cab-liar")
    assert row[1] is False and "names cabinet 'cab-someone'" in row[2]
    mine = relabelled(ranked_game("sega88", 44), cabinet="cab-truthful")
    checked = svc.intake.verifier.checked
    svc.publish("cab-truthful", [message(1, mine)])
    assert svc.intake.verifier.wait_checked(checked + 1, 120)
    assert rows(svc, "cab-truthful")[0][1] is True


def test_a_refused_entry_plants_no_text_under_a_replay_digest(svc: Service) -> None:
    genuine = ranked_game("sega88", 45)
    planted = {**genuine, "attached": genuine["attached"] + "planted\n"}
    before = svc.handled()
    svc.publish("cab-planter", [message(1, planted)])
    assert svc.intake.wait_handled(before + 1, 60)
    assert store.replay(svc.conn, genuine["replay_id"]) is None
    checked = svc.intake.verifier.checked
    svc.publish("cab-genuine", [message(1, genuine)])
    assert svc.intake.verifier.wait_checked(checked + 1, 120)
    assert store.replay(svc.conn, genuine["replay_id"]) == genuine["attached"]


def test_an_entry_unsigned_or_signed_by_another_cabinet_is_refused(svc: Service) -> None:
    from firmware.uplink.pki import sign_rank

    row = ranked_game("sega88", 46)
    before = svc.handled()
    svc.publish("cab-unsigned", [message(1, row)], sign=False)
    key, crt = svc.pki.cabinet("cab-other")  # another cabinet's key and certificate
    forged = sign_rank(message(1, row)[1], "cab-forger", key, crt)
    svc.publish("cab-forger", [(RANK, forged)], sign=False)
    assert svc.intake.wait_handled(before + 2, 60)
    (unsigned,) = rows(svc, "cab-unsigned")
    assert unsigned[1] is False and "not signed" in unsigned[2]
    (forgery,) = rows(svc, "cab-forger")
    assert forgery[1] is False and "certificate is not its sender's" in forgery[2]
