"""`bloxcab bench --fleet [--quick]`: the fleet path on this machine, all embedded (pgserver,
the amqtt broker in its own process, the intake here): N simulated cabinets, each its own
TLS connection and certificate, one event a second each plus ranking entries, for S
seconds. Prints events/s accepted, end-to-end lag p50/p99, replays verified per second on
one core, and the loss (acknowledged by the broker but not stored). Needs the fleet extra.
"""

from __future__ import annotations

import argparse
import json
import os
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

NAME = "fleet"
ORDER = 90
GROUP = True  # minutes long: left out of a plain `bloxcab bench`
HELP = "fleet: 1,000 cabinets for 60 s through broker and service (--quick: 50 for 10 s)"
RANK_EVERY = 10  # one cabinet in 10 sends a ranking entry with its replay, every 30 s


def _verify_rate(count: int) -> float:
    from firmware.fleet.simcab import games, ranked_game
    from firmware.fleet.verify import check_rank

    rows = [ranked_game(games()[i % len(games())], i) for i in range(count)]
    start = time.process_time()
    for row in rows:
        assert check_rank(row)[0]
    return count / (time.process_time() - start)


def run(args: argparse.Namespace) -> None:
    if args.quick:
        measure(50, 10, 5)
    else:
        measure(1000, 60, 40)


def measure(cabinets: int, seconds: int, verify_count: int) -> None:
    import paho.mqtt.client as mqtt
    import pgserver
    from paho.mqtt.enums import CallbackAPIVersion

    from firmware.fleet import store
    from firmware.fleet.ingest import Intake, IntakeConfig
    from firmware.fleet.pki import SERVICE_ID, issue, new_ca
    from firmware.fleet.serve import free_port
    from firmware.fleet.simcab import ranked_game

    per_core = _verify_rate(verify_count)
    work = Path(tempfile.mkdtemp(prefix="bloxcab-bench-fleet-"))
    server = pgserver.get_server(work / "pgdata", cleanup_mode="stop")
    with store.connect(server.get_uri()) as conn:
        store.migrate(conn)
    new_ca(work / "ca")
    port = free_port()
    (work / "broker").mkdir()
    broker = subprocess.Popen([sys.executable, "-m", "firmware.fleet.broker", str(work / "ca"),
                               str(port), str(work / "broker")], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    assert broker.stdout is not None and broker.stdout.readline() == "ready\n"
    key, crt = issue(work / "ca", SERVICE_ID, work / "service")
    intake = Intake(IntakeConfig("127.0.0.1", port, work / "ca" / "ca.crt", crt, key,
                                 server.get_uri(), shared=False))
    intake.start()
    assert intake.subscribed.wait(60)
    sample = ranked_game(_first_game(), 1)
    acked = [0]
    lock = threading.Lock()
    clients = []
    for n in range(cabinets):
        name = f"bench-{n:04d}"
        k, c = issue(work / "ca", name, work / "cabs")
        cl = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=name, clean_session=False)
        cl.tls_set(ca_certs=str(work / "ca" / "ca.crt"), certfile=str(c), keyfile=str(k),
                   cert_reqs=ssl.CERT_REQUIRED, tls_version=ssl.PROTOCOL_TLS_CLIENT)

        def on_publish(*_: object) -> None:
            with lock:
                acked[0] += 1

        cl.on_publish = on_publish
        cl.connect("127.0.0.1", port)
        cl.loop_start()
        clients.append((name, cl))
    published = 0
    start = time.time()
    for second in range(seconds):
        tick = start + second
        for n, (name, cl) in enumerate(clients):
            body: dict[str, object] = {"screen": "attract"}
            kind = "beat"
            if n % RANK_EVERY == 0 and second % 30 == n % 30:
                kind, body = "rank", sample
            msg = {"id": f"{os.getpid() % 10**8:08x}-{second + 1}", "seq": second + 1,
                   "kind": kind, "at": time.time(), "body": body}
            cl.publish(f"bloxcab/{name}/{kind}", json.dumps(msg), qos=1)
            published += 1
        time.sleep(max(0.0, tick + 1 - time.time()))
    sent_for = time.time() - start
    intake.wait_stored(published, timeout=120)
    drained = time.time() - start
    for _, cl in clients:
        cl.disconnect()
        cl.loop_stop()
    intake.stop()
    broker.terminate()
    broker.wait(30)
    server.cleanup()
    lags = sorted(intake.lags)
    p99 = lags[min(len(lags) - 1, int(len(lags) * 0.99))] if lags else float("nan")
    print(f"fleet: {cabinets} cabinets, {published} events in {sent_for:.1f} s "
          f"({published / sent_for:.0f}/s offered); stored {intake.stored} in {drained:.1f} s "
          f"= {intake.stored / drained:.0f} events/s accepted")
    print(f"fleet: end-to-end lag p50 {statistics.median(lags) * 1000 if lags else 0:.0f} ms, "
          f"p99 {p99 * 1000:.0f} ms; acknowledged by the broker {acked[0]}, not acknowledged "
          f"{published - acked[0]} (an uplink keeps those in its outbox); lost "
          f"{acked[0] - intake.stored} (acknowledged, not stored); refused {intake.refused}")
    print(f"fleet: replays verified {per_core:.1f}/s on one core "
          f"({os.cpu_count()} cores here)")


def _first_game() -> str:
    from firmware.fleet.simcab import games

    return games()[0]
