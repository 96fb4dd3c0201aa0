"""Re-simulating the ranking tables off the frame thread, so the rankings screen and the
service menu can show which rows are proven without the frame loop waiting."""

from __future__ import annotations

import copy
import threading

from firmware.rankings.check import RowCheck, check_tables
from firmware.rankings.store import ReplayStore
from firmware.savedata import SaveData


class BackgroundChecker:
    def __init__(self, store: ReplayStore) -> None:
        self.store = store
        self.results: dict[str | None, str] = {}  # replay id -> status
        self.checks: list[RowCheck] = []
        self.done = threading.Event()
        self.done.set()
        self._lock = threading.Lock()

    def request(self, data: SaveData) -> None:
        """Check every table of ``data`` (copied now; the frame thread goes on)."""
        rankings = copy.deepcopy(data.rankings)
        self.done.clear()
        threading.Thread(target=self._run, args=(rankings,), name="rankings-check",
                         daemon=True).start()

    def status(self, replay_id: str | None) -> str | None:
        with self._lock:
            return self.results.get(replay_id)

    def _run(self, rankings: dict[str, object]) -> None:
        data = SaveData(rankings=rankings)  # type: ignore[arg-type]
        checks = check_tables(data, self.store)
        with self._lock:
            self.checks = checks
            self.results = {c.replay_id: c.status for c in checks if c.replay_id is not None}
        self.done.set()
