"""A ranked game's replay names the cabinet that recorded it: the kiosk of an enrolled
cabinet writes its fleet name (its certificate's common name) into the replay header's
``meta``, a cabinet not enrolled writes none; the name is read without the crypto package
(the kiosk imports none) and agrees with it. The fleet service takes a replay its sender
named as verified, refuses one naming another cabinet without keeping its text under the
replay's digest, and takes a name-less one from an older kiosk (fleet/decisions.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from firmware.cli import main
from firmware.kiosk_paths import OUTBOX_DIR
from firmware.rankings.recorder import replay_id
from firmware.uplink.client import Uplink, UplinkConfig
from firmware.uplink.enrolled import CERTIFICATE, FLEET_DIR, cabinet_name, subject_common_name
from firmware.uplink.message import RANK
from firmware.uplink.outbox import iter_messages
from firmware.uplink.pki import common_name, enroll
from fleet import store
from fleet.decisions import SERVICE_DECISIONS
from fleet.simcab import ranked_game
from fleet.verify import PENDING, first_look
from tests.fleet_kit import Pki, Service
from tests.kiosk_kit import write_empty_tables
from tests.test_kiosk_session import SESSION, SESSION_FRAMES


def enrolled(pki: Pki, save: Path, name: str) -> None:
    """The cabinet's certificate where `bloxcab fleet enroll` keeps it (SAVE_DIR/fleet)."""
    key, crt = pki.cabinet(name)
    (save / FLEET_DIR).mkdir(parents=True, exist_ok=True)
    shutil.copy(crt, save / FLEET_DIR / CERTIFICATE)
    shutil.copy(key, save / FLEET_DIR / "cabinet.key")
    shutil.copy(pki.ca_crt, save / FLEET_DIR / "ca.crt")


def ranked_session(tmp_path: Path, save: Path, capsys: pytest.CaptureFixture[str]) -> dict[
        str, Any]:
    """A headless session that ranks; the outbox's ranking entry's body."""
    script = tmp_path / "session.txt"
    script.write_text(SESSION)
    write_empty_tables(save)
    assert main(["run", "--headless", "--frames", str(SESSION_FRAMES), "--inputs", str(script),
                 "--save-dir", str(save), "--no-sound"]) == 0
    capsys.readouterr()
    (rank,) = [m["body"] for _, m in iter_messages(save / OUTBOX_DIR) if m["kind"] == RANK]
    return rank


def meta(body: dict[str, Any]) -> dict[str, Any]:
    header: dict[str, Any] = json.loads(body["attached"].split("\n", 2)[1])
    return dict(header.get("meta", {}))


@pytest.mark.parametrize("name", ["arcade-7", "a", "x" * 63, "cab-0-1-2"])
def test_the_name_read_without_crypto_is_the_certificates_common_name(
        tmp_path: Path, name: str) -> None:
    pki = Pki(tmp_path / "pki")
    save = tmp_path / "save"
    enrolled(pki, save, name)
    assert cabinet_name(save) == name
    from cryptography import x509

    der = x509.load_pem_x509_certificate((save / FLEET_DIR / CERTIFICATE).read_bytes()) \
        .public_bytes(__import__("cryptography.hazmat.primitives.serialization",
                                 fromlist=["Encoding"]).Encoding.DER)
    assert subject_common_name(der) == common_name(der) == name


def test_a_cabinet_not_enrolled_or_with_a_bad_certificate_has_no_name(tmp_path: Path) -> None:
    save = tmp_path / "save"
    assert cabinet_name(save) is None  # nothing at all
    enroll("arcade-8", save / FLEET_DIR)  # a request, not yet signed
    assert cabinet_name(save) is None
    crt = save / FLEET_DIR / CERTIFICATE
    pki = Pki(tmp_path / "pki")
    _, good = pki.cabinet("arcade-8")
    text = good.read_text()
    lines = text.splitlines()
    for bad in ["", "not a certificate", "\n".join(lines[:3] + lines[-1:]),
                text.replace(lines[2], lines[2][::-1]), "\x00\xff" * 40]:
        crt.write_text(bad, errors="surrogateescape")
        assert cabinet_name(save) is None, bad[:40]
    _, service = pki.service()  # the service's certificate names no cabinet
    shutil.copy(service, crt)
    assert cabinet_name(save) is None


def test_the_kiosk_of_an_enrolled_cabinet_names_it_in_a_ranked_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pki = Pki(tmp_path / "pki")
    save = tmp_path / "save"
    enrolled(pki, save, "arcade-9")
    rank = ranked_session(tmp_path, save, capsys)
    assert meta(rank)["cabinet"] == "arcade-9"
    assert rank["replay_id"] == replay_id(rank["attached"])  # the name is under the digest


def test_the_kiosk_of_a_cabinet_not_enrolled_names_none(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rank = ranked_session(tmp_path, tmp_path / "save", capsys)
    assert "cabinet" not in meta(rank)


def test_the_service_verifies_a_replay_its_sender_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """End to end: the kiosk records and names, the uplink signs and sends, the service
    checks the name and the signature against the sender and re-simulates."""
    svc = Service(tmp_path / "svc")
    try:
        save = tmp_path / "save"
        enrolled(svc.pki, save, "arcade-10")
        rank = ranked_session(tmp_path, save, capsys)
        checked = svc.intake.verifier.checked
        keys = save / FLEET_DIR
        up = Uplink(UplinkConfig("arcade-10", save / OUTBOX_DIR, "127.0.0.1", svc.broker.port,
                                 keys / "ca.crt", keys / CERTIFICATE, keys / "cabinet.key"))
        up.run(until_empty=True)
        assert svc.intake.verifier.wait_checked(checked + 1, 120), svc.intake.health()
        (row,) = svc.conn.execute("SELECT verified, reason FROM rankings WHERE cabinet = %s",
                                  ("arcade-10",)).fetchall()
        assert row[0] is True, row
        assert store.replay(svc.conn, rank["replay_id"]) == rank["attached"]
    finally:
        svc.close()


def relabelled(body: dict[str, Any], **fields: Any) -> dict[str, Any]:
    lines = body["attached"].split("\n", 2)
    header = json.loads(lines[1])
    header["meta"] = {**header.get("meta", {}), **fields}
    text = "\n".join([lines[0], json.dumps(header), lines[2]])
    return {**body, "attached": text, "replay_id": replay_id(text)}


def message(n: int, body: dict[str, Any]) -> tuple[str, bytes]:
    return RANK, json.dumps({"id": f"0a1b2c3d-{n}", "seq": n, "kind": RANK,
                             "at": 1_700_000_000 + n, "body": body}).encode()


def test_a_replay_naming_another_cabinet_is_refused_and_its_text_not_kept(
        tmp_path: Path) -> None:
    svc = Service(tmp_path / "svc")
    try:
        named = relabelled(ranked_game("sega88", 51), cabinet="cab-victim")
        nameless = ranked_game("sega88", 52)  # an older kiosk's: no name
        before = svc.handled()
        checked = svc.intake.verifier.checked
        svc.publish("cab-thief", [message(1, named)])
        svc.publish("cab-older", [message(1, nameless)])
        assert svc.intake.wait_handled(before + 2, 60)
        assert svc.intake.verifier.wait_checked(checked + 1, 120), svc.intake.health()
        (thief,) = svc.conn.execute("SELECT verified, reason FROM rankings WHERE cabinet = "
                                    "'cab-thief'").fetchall()
        assert thief[0] is False and "names cabinet 'cab-victim'" in thief[1]
        assert store.replay(svc.conn, named["replay_id"]) is None
        assert svc.count("SELECT count(*) FROM replays WHERE text = %s", named["attached"]) == 0
        (older,) = svc.conn.execute("SELECT verified FROM rankings WHERE cabinet = "
                                    "'cab-older'").fetchall()
        assert older[0] is True
    finally:
        svc.close()


def test_a_name_less_replay_is_taken_as_the_senders_as_decided() -> None:
    """fleet/decisions.py: refuse_unnamed_replay is False (older kiosks' outboxes); with it
    True the same entry is refused, a named one is not."""
    assert SERVICE_DECISIONS["refuse_unnamed_replay"].value is False
    nameless = ranked_game("sega88", 53)
    named = relabelled(nameless, cabinet="cab-own")
    assert first_look(nameless, 10**9, "cab-own")[0] == PENDING
    assert first_look(nameless, 10**9, "cab-own", refuse_unnamed=True) == (
        "failed", "the replay names no cabinet")
    assert first_look(named, 10**9, "cab-own", refuse_unnamed=True)[0] == PENDING
    assert "names cabinet 'cab-own'" in first_look(named, 10**9, "cab-other")[1]
