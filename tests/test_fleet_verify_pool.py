"""No head-of-line blocking: ranking entries are re-simulated in a worker pool off the
intake, within a frame budget per entry and per cabinet. A cabinet sending costly replays
(a few hundred bytes claiming tens of thousands of frames) delays no other cabinet's
messages nor its ranking entries; one claiming more than an entry's budget is refused at
once; a refused entry's replay is never served. Real broker and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from engine.replay import Replay
from firmware.rankings.check import FAILED
from firmware.rankings.recorder import replay_id
from firmware.uplink.message import BEAT, RANK
from fleet import store
from fleet.simcab import ranked_game
from fleet.verify import first_look
from tests.fleet_kit import Service

ENTRY, CABINET = 60_000, 120_000  # this test's budgets: frames per entry, per cabinet-hour


@pytest.fixture(scope="module")
def svc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    service = Service(tmp_path_factory.mktemp("pool"), entry_frames=ENTRY,
                      cabinet_frames=CABINET)
    yield service
    service.close()


def costly(seed: int, frames: int) -> dict[str, Any]:
    """A genuine game's replay padded with idle frames: small, slow to re-simulate, and its
    id its digest, so only re-simulating it finds it out."""
    row = ranked_game("sega88", seed)
    replay = Replay.from_text(row["attached"])
    replay.inputs = replay.inputs + [0] * (frames - len(replay.inputs))
    text = replay.to_text()
    return {**row, "attached": text, "replay_id": replay_id(text)}


def message(n: int, kind: str, body: dict[str, Any]) -> bytes:
    return json.dumps({"id": f"0a1b2c3d-{n}", "seq": n, "kind": kind, "at": 1_700_000_000 + n,
                       "body": body}).encode()


def test_an_entry_over_its_frame_budget_is_refused_without_re_simulating() -> None:
    huge = costly(1, 864_000)
    assert len(huge["attached"]) < 8000
    status, why = first_look(huge, ENTRY)
    assert status == FAILED and "864000 frames" in why


def test_a_cabinets_costly_replays_delay_no_one_else(svc: Service) -> None:
    intake, conn = svc.intake, svc.conn
    hog = [costly(10 + n, 50_000) for n in range(4)]
    huge = costly(9, 864_000)
    checked = intake.verifier.checked
    before = svc.handled()
    genuine = ranked_game("bloxeed", 21)
    # Both cabinets' entries wait together: the verifier may start the hog's first, but
    # holding its condition keeps it from settling that one and choosing the next until the
    # fair cabinet's entry is stored too (however slow the machine is).
    with intake.verifier.cond:
        svc.publish("cab-hog", [(RANK, message(n, RANK, body))
                                for n, body in enumerate([huge, *hog], start=1)])
        svc.publish("cab-fair", [(BEAT, message(1, BEAT, {"screen": "attract"})),
                                 (RANK, message(2, RANK, genuine))])
        assert intake.wait_handled(before + 7, 60)
    # Stored at once, the hog's entries still waiting: the intake did not re-simulate them.
    assert svc.count("SELECT count(*) FROM messages WHERE cabinet = 'cab-fair'") == 2
    assert svc.count("SELECT count(*) FROM rankings WHERE cabinet = 'cab-hog' AND pending") >= 1
    refused = conn.execute("SELECT reason FROM rankings WHERE cabinet = 'cab-hog' AND id = %s",
                           ("0a1b2c3d-1",)).fetchone()
    assert refused is not None and "864000 frames" in refused[0]
    # The hog's budget holds two of its four; the fair cabinet's entry goes before its second.
    assert intake.verifier.wait_checked(checked + 3, 120), intake.health()
    rows = {r[0]: r[1:] for r in conn.execute(
        "SELECT cabinet || ' ' || id, verified, pending, checked FROM rankings "
        "WHERE cabinet IN ('cab-hog', 'cab-fair')").fetchall()}
    assert rows["cab-fair 0a1b2c3d-2"][:2] == (True, False)
    hog_done = sorted(v[2] for k, v in rows.items()
                      if k.startswith("cab-hog") and k != "cab-hog 0a1b2c3d-1" and v[2])
    assert len(hog_done) == 2
    assert rows["cab-fair 0a1b2c3d-2"][2] < hog_done[-1]
    assert svc.count("SELECT count(*) FROM rankings WHERE cabinet = 'cab-hog' AND pending") == 2
    with intake.verifier.cond:
        assert intake.verifier.cond.wait_for(
            lambda: intake.verifier.waiting_budget == {"cab-hog"}, 30)
    assert intake.health()["over_frame_budget"] == ["cab-hog"]
    assert store.replay(conn, genuine["replay_id"]) == genuine["attached"]
    for body in (huge, *hog):  # a refused or waiting entry's replay is not served
        assert store.replay(conn, body["replay_id"]) is None
