"""`bloxcab bench --inputs-jvs`: JVS poll round trip over a pty against the simulator."""

from __future__ import annotations

import argparse
import statistics
import time

from cabinet.jvs.master import JvsMaster, Timing
from cabinet.jvs.simulator import IoBoardSimulator

NAME = "inputs-jvs"
ORDER = 20
HELP = "JVS poll round trip over a pty"

# The benchmark's target (the task brief's); a 115200 bus adds ~2.2 ms of wire time (JVS-TR §2).
TARGET_MEDIAN_MS = 4.0


def run(args: argparse.Namespace) -> None:
    polls = 50 if getattr(args, "quick", False) else 500
    timing = Timing(settle=0.0, reply_timeout=0.1, poll_timeout=0.1)
    with IoBoardSimulator() as sim:
        master = JvsMaster(sim.port, timing=timing)
        master.connect()
        sim.board.press("p1.b1")
        times: list[float] = []
        failed = 0
        try:
            for _ in range(polls):
                start = time.perf_counter()
                result = master.poll()
                times.append((time.perf_counter() - start) * 1000)
                failed += result is None
        finally:
            request = len(master.link.last_request)
            reply = len(master.link.last_reply)
            master.close()
    # Source: JVS-TR §2: one byte is 10 bits at 115200 baud (about 86.8 us).
    wire_ms = (request + reply) * 10 / 115200 * 1000
    times.sort()
    median = statistics.median(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    verdict = "ok" if median <= TARGET_MEDIAN_MS else "SLOW"
    print(f"inputs-jvs: {polls} polls (switches + coins, one packet) over a pty at 115200 8N1")
    worst = times[-1]
    print(f"inputs-jvs: round trip median {median:.3f} ms, p99 {p99:.3f} ms, max {worst:.3f} ms")
    print(
        f"inputs-jvs: a real bus adds {wire_ms:.2f} ms of wire time "
        f"({request} bytes out, {reply} back) plus the board's turnaround"
    )
    print(f"inputs-jvs: failed polls {failed}; target median <= {TARGET_MEDIAN_MS:g} ms: {verdict}")
