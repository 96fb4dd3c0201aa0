"""`bloxcab bench --fleet [--quick] [--broker mosquitto|amqtt] [--cabinets N] [--seconds S]`
(the options are in firmware/bench/fleet.py): the fleet's whole path on this machine.
PostgreSQL from pgserver; the broker in its own process (Debian's Mosquitto when installed,
else the embedded amqtt); the simulated cabinets in child processes (``fleet.loadgen``),
each its own TLS connection and certificate, one event a second plus ranking entries; the
intakes here (a shared subscription split over ``--intakes`` when the broker has one), each
ranking entry's replay re-simulated before it is stored.

Prints events/s accepted, end-to-end lag (publish to commit) p50/p99, replays verified per
second on one core, and the loss: messages the broker acknowledged that never reached the
database. Needs the fleet extra.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from firmware.rankings.check import VERIFIED
from firmware.uplink.message import SERVICE_ID
from firmware.uplink.pki import issue, new_ca
from fleet import mosquitto, store
from fleet.ingest import Intake, IntakeConfig
from fleet.lag import LagHistogram
from fleet.loadgen import cabinet_name
from fleet.serve import free_port
from fleet.simcab import games, ranked_game
from fleet.verify import check_rank

RANKED_ROWS = 8  # distinct ranked games the simulated cabinets take turns sending
# Simulated cabinets per child process: paho waits on select(), which takes no descriptor
# above 1023, and each client holds three (its socket and a wake-up pair).
PER_LOADER = 250


def _verify_rate(rows: list[dict[str, Any]], rounds: int) -> float:
    start = time.process_time()
    for _ in range(rounds):
        for row in rows:
            assert check_rank(row)[0] == VERIFIED
    return rounds * len(rows) / (time.process_time() - start)


def run(args: argparse.Namespace) -> None:
    broker = getattr(args, "broker", None) or ("mosquitto" if mosquitto.binary() else "amqtt")
    cabinets = getattr(args, "cabinets", None) or (50 if args.quick else 1000)
    seconds = getattr(args, "seconds", None) or (10 if args.quick else 60)
    intakes = getattr(args, "intakes", None) or (2 if broker == "mosquitto" else 1)
    measure(broker, cabinets, seconds, intakes)


def measure(broker_kind: str, cabinets: int, seconds: int, intakes: int) -> None:
    if broker_kind == "amqtt":
        intakes = 1  # no shared subscriptions
    rows = [ranked_game(games()[i % len(games())], i) for i in range(RANKED_ROWS)]
    per_core = _verify_rate(rows, 3)
    work = Path(tempfile.mkdtemp(prefix="bloxcab-bench-fleet-"))
    (work / "ranked.json").write_text(json.dumps(rows))
    import pgserver  # no aarch64 wheel: only the bench needs it, not the import

    server = pgserver.get_server(work / "pgdata", cleanup_mode="stop")
    with store.connect(server.get_uri()) as conn:
        store.migrate(conn)
    new_ca(work / "ca")
    for n in range(cabinets):
        issue(work / "ca", cabinet_name(n), work / "cabs")
    port = free_port()
    if broker_kind == "mosquitto":
        broker = mosquitto.start(mosquitto.configure(work / "ca", port, work / "broker"))
    else:
        (work / "broker").mkdir()
        broker = subprocess.Popen(
            [sys.executable, "-m", "fleet.broker", str(work / "ca"), str(port),
             str(work / "broker")], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True)
        assert broker.stdout is not None and broker.stdout.readline() == "ready\n"
    key, crt = issue(work / "ca", SERVICE_ID, work / "service")
    takers = [Intake(IntakeConfig("127.0.0.1", port, work / "ca" / "ca.crt", crt, key,
                                  server.get_uri(), shared=broker_kind == "mosquitto",
                                  client_id=f"{SERVICE_ID}-{i}"))
              for i in range(intakes)]
    for intake in takers:
        intake.start()
        assert intake.subscribed.wait(60)
    loaders = []
    for first in range(0, cabinets, PER_LOADER):
        loaders.append(subprocess.Popen(
            [sys.executable, "-m", "fleet.loadgen", str(work), str(port), str(first),
             str(min(PER_LOADER, cabinets - first)), str(seconds)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
    for loader in loaders:
        assert loader.stdout is not None
        line = loader.stdout.readline()
        assert line == "connected\n", f"a load process said {line!r}"
    start = time.time()
    for loader in loaders:
        assert loader.stdin is not None
        loader.stdin.write("go\n")
        loader.stdin.flush()
    reports = []
    for loader in loaders:
        assert loader.stdout is not None
        reports.append(json.loads(loader.stdout.readline()))
        loader.wait(60)
    published = sum(r["published"] for r in reports)
    acked = sum(r["acknowledged"] for r in reports)
    sent_for = max(r["seconds"] for r in reports)
    deadline = time.time() + 120
    while sum(t.stored for t in takers) < acked and time.time() < deadline:
        takers[0].wait_stored(takers[0].stored + 1, timeout=1)
    drained = time.time() - start
    stored = sum(t.stored for t in takers)
    with store.connect(server.get_uri()) as conn:
        in_db = {f"{c} {i}" for c, i in conn.execute("SELECT cabinet, id FROM messages")}
        counted = conn.execute("SELECT count(*) FROM rankings WHERE NOT pending").fetchone()
        verified = int(counted[0]) if counted is not None else 0
    acked_keys = {line for path in work.glob("acked-*.txt")
                  for line in path.read_text().splitlines()}
    lost = len(acked_keys - in_db)
    broker_cpu = _cpu_seconds(broker.pid)
    own_cpu = sum(os.times()[:2])
    for intake in takers:
        intake.stop()
    broker.terminate()
    broker.wait(30)
    server.cleanup()
    lags = LagHistogram()
    for intake in takers:
        lags.merge(intake.lags)
    p50, p99 = lags.percentile(0.5), lags.percentile(0.99)
    print(f"fleet: {broker_kind}, {intakes} intake(s), {cabinets} cabinets for {seconds} s: "
          f"{published} events offered in {sent_for:.1f} s ({published / sent_for:.0f}/s); "
          f"{stored} stored, the last {drained - sent_for:.1f} s after the sending stopped: "
          f"{stored / drained:.0f} events/s accepted")
    print(f"fleet: end-to-end lag (publish to commit) p50 {p50 * 1000:.0f} ms, "
          f"p99 {p99 * 1000:.0f} ms; {verified} ranking entries settled (re-simulated off "
          "the intake)")
    print(f"fleet: acknowledged by the broker {acked}, not acknowledged {published - acked} "
          f"(an uplink keeps those in its outbox); rows in the database {len(in_db)}; lost "
          f"{lost} (acknowledged, not in the database)")
    print(f"fleet: replays verified {per_core:.1f}/s on one core ({os.cpu_count()} cores here); "
          f"CPU over the {drained:.0f} s: broker {broker_cpu:.1f} s, intakes (this process, "
          f"with the set-up) {own_cpu:.1f} s")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc; NaN elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
