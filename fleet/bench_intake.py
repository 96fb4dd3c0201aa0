"""One intake for ``bloxcab bench --fleet``, in a process of its own (as `fleet serve --name`
runs it: its own client id and certificate, the other members' to take over a lost one's
session), so two intakes use two cores.

    python -m fleet.bench_intake WORK DB_URL PORT NAME

WORK holds ``ca/ca.crt`` and ``service/fleet-service-NAME.{crt,key}``. Prints ``subscribed``
once it is, then runs until a line (or the end) on stdin, and prints one JSON line: stored,
duplicates, refused, and its lag histogram (fleet/lag.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from fleet.ingest import Intake, IntakeConfig
from fleet.service_names import member_id

SUBSCRIBE_S = 300


def main(argv: list[str]) -> int:
    work, db_url, port, name = Path(argv[0]), argv[1], int(argv[2]), argv[3]
    client_id = member_id(name)
    keys = work / "service"
    intake = Intake(IntakeConfig("127.0.0.1", port, work / "ca" / "ca.crt",
                                 keys / f"{client_id}.crt", keys / f"{client_id}.key", db_url,
                                 client_id=client_id, members=keys))
    intake.start()
    if not intake.subscribed.wait(SUBSCRIBE_S):
        print(json.dumps({"error": f"{client_id} not subscribed"}), flush=True)
        return 1
    print("subscribed", flush=True)
    sys.stdin.readline()
    intake.stop()
    lags = intake.lags
    print(json.dumps({"stored": intake.stored, "duplicates": intake.duplicates,
                      "refused": intake.refused, "batches": intake.batches,
                      "lags": {"counts": lags.counts, "count": lags.count, "total": lags.total,
                               "largest": lags.largest}}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
