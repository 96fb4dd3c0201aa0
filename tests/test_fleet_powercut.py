"""A broker power cut loses nothing it acknowledged: with the fleet service away, a cabinet's
messages wait in the service's persistent session at the broker; the broker is killed
(SIGKILL, as a power cut) and started again, and every message the cabinet had handed over
reaches PostgreSQL. The embedded amqtt here; Debian's Mosquitto with the shipped
configuration (autosave on every change) under .ci/run."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from tests.fleet_kit import Service

MESSAGES = 300


def test_a_broker_killed_loses_nothing_it_acknowledged(tmp_path: Path) -> None:
    svc = Service(tmp_path)
    try:
        svc.intake.stop()  # the service away: the broker queues for its session
        svc.publish("cab-cut", [
            ("beat", json.dumps({"id": f"0a1b2c3d-{n}", "seq": n, "kind": "beat",
                                 "at": 1_700_000_000 + n, "body": {"screen": "attract"}}
                                ).encode()) for n in range(1, MESSAGES + 1)])
        svc.broker.stop(signal.SIGKILL)
        svc.broker.start()
        svc.new_intake()
        assert svc.intake.wait_handled(MESSAGES, 60), svc.intake.health()
        assert svc.count("SELECT count(*) FROM messages WHERE cabinet = 'cab-cut'") == MESSAGES
    finally:
        svc.close()
