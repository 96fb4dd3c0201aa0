"""A broker power cut loses nothing it acknowledged: with the fleet service away, a cabinet's
messages wait in the service's persistent session at the broker; the broker is killed
(SIGKILL, as a power cut) and started again, and every message the cabinet had handed over
reaches PostgreSQL. The embedded amqtt here (it commits before it acknowledges); Debian's
Mosquitto with the shipped configuration (autosave on every change) under .ci/run.

Mosquitto writes its database at the end of the loop turn in which it acknowledged a
message, so the test lets it finish that turn (it answers one more connection) before the
kill: a cut inside that very turn can still lose that turn's messages, which the service's
receipts remove end to end (tests/test_fleet_receipts.py)."""

from __future__ import annotations

import json
import signal
import threading
from pathlib import Path

from tests.fleet_kit import Service, client

MESSAGES = 300


def turn_over(svc: Service) -> None:
    """Until the broker answered a new connection: its loop turned at least once more."""
    key, crt = svc.pki.cabinet("cab-probe")
    probe = client(svc.pki, "cab-probe", key, crt)
    answered = threading.Event()
    probe.on_connect = lambda *a: answered.set()
    probe.connect("127.0.0.1", svc.broker.port)
    probe.loop_start()
    try:
        assert answered.wait(30)
    finally:
        probe.disconnect()
        probe.loop_stop()


def test_a_broker_killed_loses_nothing_it_acknowledged(tmp_path: Path) -> None:
    svc = Service(tmp_path)
    try:
        svc.intake.stop()  # the service away: the broker queues for its session
        svc.publish("cab-cut", [
            ("beat", json.dumps({"id": f"0a1b2c3d-{n}", "seq": n, "kind": "beat",
                                 "at": 1_700_000_000 + n, "body": {"screen": "attract"}}
                                ).encode()) for n in range(1, MESSAGES + 1)])
        turn_over(svc)
        svc.broker.stop(signal.SIGKILL)
        svc.broker.start()
        svc.new_intake()
        assert svc.intake.wait_handled(MESSAGES, 60), svc.intake.health()
        assert svc.count("SELECT count(*) FROM messages WHERE cabinet = 'cab-cut'") == MESSAGES
    finally:
        svc.close()
