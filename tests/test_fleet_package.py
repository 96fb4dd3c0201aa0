"""The fleet service is its own package: a cabinet without the server's dependencies gets one
line from the commands that need them, and still enrolls, runs its rules and its uplink's
format; the server loads nothing of the cabinet's drawing or hardware; and the cabinet's
outbox speaks the one message format the service decodes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.uplink import message
from firmware.uplink.message import BEAT, RANK, Refused, decode, encode, envelope, topic
from firmware.uplink.outbox import Outbox, iter_messages

ROOT = Path(__file__).resolve().parent.parent
# The fleet extra's packages that a cabinet's install (`make run`, install.sh) lacks.
SERVER_ONLY = ("psycopg", "starlette", "uvicorn", "amqtt", "pgserver")
NOT_INSTALLED = "the fleet service is not installed here: pip install '.[fleet]'"


def cabinet_cli(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`bloxcab ARGV` in a fresh interpreter where the server's packages cannot be imported,
    as on a cabinet (a None in sys.modules makes an import fail)."""
    code = (f"import sys\nfor name in {SERVER_ONLY!r}:\n    sys.modules[name] = None\n"
            "from firmware.cli import main\nraise SystemExit(main(sys.argv[1:]))\n")
    return subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                          input=stdin, cwd=ROOT, timeout=120, check=False)


@pytest.mark.parametrize("argv", [
    ["fleet", "serve", "--demo"],
    ["fleet", "operator", "ops", "--db", "postgresql://nowhere/fleet"],
    ["bench", "--fleet", "--quick"],
])
def test_the_server_commands_say_in_one_line_that_the_fleet_is_not_installed(
        argv: list[str]) -> None:
    done = cabinet_cli(*argv, stdin="a password\n")
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"bloxcab {argv[0]}: {NOT_INSTALLED}\n"
    assert done.stdout == ""


def test_a_cabinet_without_the_server_enrolls_and_prints_every_decision_table(
        tmp_path: Path) -> None:
    done = cabinet_cli("fleet", "enroll", "--cabinet", "arcade-7", "--keys", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "cabinet.csr").is_file()
    done = cabinet_cli("rules", "sega88", "--json")
    assert done.returncode == 0, done.stderr
    board = json.loads(done.stdout)["board_decisions"]
    assert "outbox_limits" in board["fleet_link"]
    assert "intake_batch" in board["fleet_service"]  # the service's table needs no server


def test_importing_the_fleet_service_loads_no_pygame_and_nothing_of_the_cabinet() -> None:
    modules = ["fleet." + p.stem for p in sorted((ROOT / "fleet").glob("*.py"))
               if p.stem != "__init__"]
    code = (f"import importlib, sys\nfor name in {modules!r}:\n    importlib.import_module(name)\n"
            "print('\\n'.join(m for m in sys.modules if m.split('.')[0] in "
            "('pygame', 'cabinet') or m.startswith('firmware.kiosk')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == []


def test_what_the_outbox_writes_decodes_as_the_service_reads_it(tmp_path: Path) -> None:
    outbox = Outbox(tmp_path / "outbox", clock=lambda: 1_700_000_000.25)
    outbox.post(BEAT, message.beat_body("attract", credits=2))
    outbox.book({"coins.1": 3}, None)
    assert outbox.close()
    sent = list(iter_messages(tmp_path / "outbox"))
    assert [e.kind for e, _ in sent] == [BEAT, message.BOOK]
    for entry, data in sent:
        cabinet, decoded = decode(topic("arcade-7", entry.kind), entry.path.read_bytes())
        assert cabinet == "arcade-7" and decoded == data
    assert sent[1][1]["body"]["delta"] == {"coins.1": 3}


def test_a_message_off_the_format_is_refused() -> None:
    good = envelope(message.message_id("0a1b2c3d", 1), 1, RANK, 1_700_000_000, {
        **message.rank_body("sega88", "score", "0" * 16, "ABC", {"score": 1}, 1),
        "attached": "replay"})
    assert decode("bloxcab/arcade-7/rank", encode(good))[0] == "arcade-7"
    bad_bodies = [{"initials": "abcd"}, {"values": {"score": True}}, {"attached": None},
                  {"rules_version": 0}, {"game": ["sega88"]}]
    for change in bad_bodies:
        with pytest.raises(Refused):
            decode("bloxcab/arcade-7/rank", encode({**good, "body": {**good["body"], **change}}))
    for where in ("bloxcab/fleet service/rank", "bloxcab/arcade-7/beat", "cabs/arcade-7/rank"):
        with pytest.raises(Refused):
            decode(where, encode(good))
