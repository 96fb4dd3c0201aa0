"""`bloxcab bench --save`: cost of submit() on the frame thread, commit-to-durable latency."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time

from firmware.savedata import RankEntry, SaveData, SaveWriter, insert_ranking, save_dir
from firmware.savedata.writer import GIL_SWITCH_SECONDS
from games.registry import CARTRIDGES

NAME = "save"
ORDER = 40
HELP = "save data: submit() cost and commit-to-durable latency on this disk"


def _full() -> SaveData:
    """A realistic snapshot: full ranking tables, busy bookkeeping."""
    data = SaveData()
    for game, modes in data.rankings.items():
        for mode in modes:
            for i in range(10):
                columns = CARTRIDGES[game].board.ranking.columns
                values: dict[str, int | str] = {c: 100000 - i if c == "score" else 20
                                                for c in columns}
                insert_ranking(data, game, mode, RankEntry("ABC", values, f"r{i:06}"))
    data.bookkeeping.coins = [12345, 678]
    return data


def _p99(sorted_values: list[float]) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * 0.99))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def run(args: argparse.Namespace) -> None:
    sys.setswitchinterval(GIL_SWITCH_SECONDS)  # as the kiosk runs
    submits = 200 if args.quick else 2000
    commits = 20 if args.quick else 200
    data = _full()
    # Measure on the disk the save data really lives on (/tmp may be RAM on a Pi).
    with tempfile.TemporaryDirectory(prefix="bench-", dir=save_dir(None)) as where:
        writer = SaveWriter(where, log=lambda _line: None)
        costs = []
        for i in range(submits):
            data.bookkeeping.coins[0] += 1
            start = time.perf_counter()
            writer.submit(data, coin_chute=1 if i % 10 == 0 else None)
            costs.append(time.perf_counter() - start)
            time.sleep(0.0005)  # frames are 16.7 ms apart; this is denser than any real load
        writer.wait_durable(writer.submit(data), 30)
        latencies = []
        for _ in range(commits):
            data.credits += 1
            start = time.perf_counter()
            seq = writer.submit(data)
            writer.wait_durable(seq, 30)
            latencies.append(time.perf_counter() - start)
        writer.close()
    costs.sort()
    latencies.sort()
    print(f"save submit(): {submits} calls, median {_ms(statistics.median(costs))}, "
          f"p99 {_ms(_p99(costs))}, max {_ms(costs[-1])} (target <= 0.100 ms)")
    print(f"save commit-to-durable (in {where}): {commits} commits, median "
          f"{_ms(statistics.median(latencies))}, p99 {_ms(_p99(latencies))}, "
          f"max {_ms(latencies[-1])}")
