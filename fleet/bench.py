"""`bloxcab bench --fleet [--quick] [--broker mosquitto|amqtt] [--cabinets N] [--seconds S]
[--intakes N] [--rate R] [--backlog] [--autosave S]` (the options are in
firmware/bench/fleet.py): the fleet's whole path on this machine. PostgreSQL from pgserver;
the broker in its own process (Debian's Mosquitto when installed, else the embedded amqtt);
the simulated cabinets in child processes (``fleet.loadgen``), each its own TLS connection
and certificate, R events a second (default 1) plus ranking entries; the intakes in child
processes of their own (``fleet.bench_intake``, each a named instance as `fleet serve
--name` runs it, splitting a shared subscription when the broker has one), ranking entries
stored as pending and re-simulated off the intake. ``--backlog``: the intakes away while
the cabinets send, then timed draining it (the intakes' rate without the simulated
cabinets' load); ``--autosave S``: Mosquitto saves its database every S seconds instead of
after every change (the shipped setting), to see what that costs.

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
from firmware.uplink.pki import issue, new_ca
from fleet import mosquitto, store
from fleet.lag import LagHistogram
from fleet.loadgen import cabinet_name
from fleet.serve import free_port
from fleet.service_names import member_id
from fleet.simcab import games, ranked_game
from fleet.verify import check_rank

RANKED_ROWS = 8  # distinct ranked games the simulated cabinets take turns sending
# Simulated cabinets per child process: paho waits on select(), which takes no descriptor
# above 1023, and each client holds three (its socket and a wake-up pair).
PER_LOADER = 250
POLL_S = 0.5  # how often the stored rows are counted (a count of 100,000 rows costs ~10 ms)


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
    rate = getattr(args, "rate", None) or 1
    measure(broker, cabinets, seconds, intakes, rate, bool(getattr(args, "backlog", False)),
            getattr(args, "autosave", None))


class IntakeProcess:
    """``fleet.bench_intake`` in a child process: one intake, a core of its own."""

    def __init__(self, work: Path, db_url: str, port: int, name: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fleet.bench_intake", str(work), db_url, str(port), name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line == "subscribed\n", f"intake {name} said {line!r}"

    def stop(self) -> dict[str, Any]:
        """Its counts and lags, once it stopped."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write("stop\n")
        self.proc.stdin.flush()
        report: dict[str, Any] = json.loads(self.proc.stdout.readline())
        self.proc.wait(60)
        return report


def _stored(db_url: str) -> int:
    with store.connect(db_url) as conn:
        row = conn.execute("SELECT count(*) FROM messages").fetchone()
    return int(row[0]) if row is not None else 0


def measure(broker_kind: str, cabinets: int, seconds: int, intakes: int, rate: int = 1,
            backlog: bool = False, autosave_s: int | None = None) -> None:
    """``backlog``: the cabinets send while the intakes are away (their sessions queue it at
    the broker), then the intakes start and drain it: the intakes' own rate, without the
    simulated cabinets' load on the same cores."""
    if broker_kind == "amqtt":
        intakes = 1  # no shared subscriptions
    rows = [ranked_game(games()[i % len(games())], i) for i in range(RANKED_ROWS)]
    per_core = _verify_rate(rows, 3)
    work = Path(tempfile.mkdtemp(prefix="bloxcab-bench-fleet-"))
    (work / "ranked.json").write_text(json.dumps(rows))
    import pgserver  # no aarch64 wheel: only the bench needs it, not the import

    server = pgserver.get_server(work / "pgdata", cleanup_mode="stop")
    db_url = server.get_uri()
    with store.connect(db_url) as conn:
        store.migrate(conn)
    new_ca(work / "ca")
    for n in range(cabinets):
        issue(work / "ca", cabinet_name(n), work / "cabs")
    names = [member_id(str(i)) for i in range(intakes)]
    for name in names:
        issue(work / "ca", name, work / "service")
    port = free_port()
    if broker_kind == "mosquitto":
        broker = mosquitto.start(mosquitto.configure(work / "ca", port, work / "broker",
                                                     members=names, autosave_s=autosave_s))
    else:
        (work / "broker").mkdir()
        broker = subprocess.Popen(
            [sys.executable, "-m", "fleet.broker", str(work / "ca"), str(port),
             str(work / "broker")], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True)
        assert broker.stdout is not None and broker.stdout.readline() == "ready\n"
    takers = [IntakeProcess(work, db_url, port, str(i)) for i in range(intakes)]
    reports_in: list[dict[str, Any]] = []
    if backlog:  # subscribed once (the sessions stay), then away while the cabinets send
        reports_in += [t.stop() for t in takers]
    loaders = []
    for first in range(0, cabinets, PER_LOADER):
        loaders.append(subprocess.Popen(
            [sys.executable, "-m", "fleet.loadgen", str(work), str(port), str(first),
             str(min(PER_LOADER, cabinets - first)), str(seconds), str(rate)],
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
    if backlog:
        start = time.time()
        takers = [IntakeProcess(work, db_url, port, str(i)) for i in range(intakes)]
    deadline = time.time() + 120 + (published / 1000 if backlog else 0)
    while _stored(db_url) < acked and time.time() < deadline:
        time.sleep(POLL_S)
    drained = time.time() - start
    stored = _stored(db_url)
    with store.connect(db_url) as conn:
        in_db = {f"{c} {i}" for c, i in conn.execute("SELECT cabinet, id FROM messages")}
        counted = conn.execute("SELECT count(*) FROM rankings WHERE NOT pending").fetchone()
        verified = int(counted[0]) if counted is not None else 0
    acked_keys = {line for path in work.glob("acked-*.txt")
                  for line in path.read_text().splitlines()}
    lost = len(acked_keys - in_db)
    broker_cpu = _cpu_seconds(broker.pid)
    postmaster = (work / "pgdata" / "postmaster.pid").read_text().split()[0]
    db_cpu = _cpu_seconds(int(postmaster))
    intake_cpu = sum(_cpu_seconds(t.proc.pid) for t in takers)
    reports_out = [t.stop() for t in takers]
    broker.terminate()
    broker.wait(30)
    server.cleanup()
    batches = sum(r["batches"] for r in reports_in + reports_out)
    handled = sum(r["stored"] + r["duplicates"] for r in reports_in + reports_out)
    lags = LagHistogram()
    for report in reports_out:
        part = LagHistogram()
        part.counts = list(report["lags"]["counts"])
        part.count, part.total = report["lags"]["count"], report["lags"]["total"]
        part.largest = report["lags"]["largest"]
        lags.merge(part)
    p50, p99 = lags.percentile(0.5), lags.percentile(0.99)
    load = os.getloadavg()
    mode = "backlog drained" if backlog else "live"
    if broker_kind == "mosquitto":
        mode += (", broker saving after every change" if autosave_s is None else
                 f", broker saving every {autosave_s} s")
    print(f"fleet: {broker_kind}, {intakes} intake process(es), {cabinets} cabinets x {rate}/s "
          f"for {seconds} s ({mode}): {published} events offered in {sent_for:.1f} s "
          f"({published / sent_for:.0f}/s); {stored} stored, the last "
          f"{drained - (0 if backlog else sent_for):.1f} s after the "
          f"{'intakes started' if backlog else 'sending stopped'}: "
          f"{stored / drained:.0f} events/s accepted")
    print(f"fleet: end-to-end lag (publish to commit) p50 {p50 * 1000:.0f} ms, "
          f"p99 {p99 * 1000:.0f} ms; {verified} ranking entries settled (re-simulated off "
          "the intake)")
    print(f"fleet: acknowledged by the broker {acked}, not acknowledged {published - acked} "
          f"(an uplink keeps those in its outbox); rows in the database {len(in_db)}; lost "
          f"{lost} (acknowledged, not in the database); stored twice: 0 (one row per id), "
          f"found again {sum(r['duplicates'] for r in reports_in + reports_out)}; "
          f"{handled / max(1, batches):.0f} messages a transaction")
    print(f"fleet: replays verified {per_core:.1f}/s on one core ({os.cpu_count()} cores here, "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}); CPU over the "
          f"{drained:.0f} s: broker {broker_cpu:.1f} s, intakes {intake_cpu:.1f} s, PostgreSQL "
          f"{db_cpu:.1f} s")


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a running process and its children, the exited ones
    (waited for) and the running ones (PostgreSQL's backends, an intake's verifier): Linux
    /proc; NaN elsewhere."""
    fields = _stat(pid)
    if fields is None:
        return float("nan")
    ticks = sum(int(f) for f in fields[11:15])
    for entry in Path("/proc").iterdir():
        child = _stat(int(entry.name)) if entry.name.isdigit() else None
        if child is not None and int(child[1]) == pid:
            ticks += sum(int(f) for f in child[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")
