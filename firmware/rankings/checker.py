"""Re-simulating the ranking tables off the frame thread, so the rankings screen and the
service menu can show which rows are proven without the frame loop waiting. A row's mark
is its own: looked up by its table and place and given only while the row is the one
checked (initials, figures, replay, rules version), never by its replay id alone. The
checking thread lowers its own scheduling priority (Linux: nice applies per thread,
setpriority(2)), so a long or hostile replay takes only the CPU the frame loop leaves."""

from __future__ import annotations

import os
import pickle
import threading

from firmware.file_decisions import FILE_DECISIONS
from firmware.rankings.check import RowCheck, check_tables
from firmware.rankings.store import ReplayStore
from firmware.savedata import RankEntry, SaveData

CHECK_NICE: int = FILE_DECISIONS["ranking_check_nice"].value


class BackgroundChecker:
    def __init__(self, store: ReplayStore) -> None:
        self.store = store
        self.results: dict[tuple[str, str, int], RowCheck] = {}  # (game, mode, rank)
        self.checks: list[RowCheck] = []
        self.done = threading.Event()
        self.done.set()
        self._lock = threading.Lock()
        self.niceness: int | None = None  # the checking thread's, once it has run

    @staticmethod
    def _lower_priority() -> int | None:
        """Nice the calling thread by ``CHECK_NICE`` (at most 19); its niceness after."""
        try:
            tid = threading.get_native_id()
            now = os.getpriority(os.PRIO_PROCESS, tid)
            os.setpriority(os.PRIO_PROCESS, tid, min(now + CHECK_NICE, 19))
            return os.getpriority(os.PRIO_PROCESS, tid)
        except (OSError, AttributeError):  # no per-thread priority here: run as we are
            return None

    def request(self, data: SaveData) -> None:
        """Check every table of ``data`` (copied now; the frame thread goes on). The copy
        goes through pickle, in C: copy.deepcopy walked the tables in Python, 0.5 ms of the
        frame a row went in."""
        rankings = pickle.loads(pickle.dumps(data.rankings, pickle.HIGHEST_PROTOCOL))
        self.done.clear()
        threading.Thread(target=self._run, args=(rankings,), name="rankings-check",
                         daemon=True).start()

    def status(self, game: str, mode: str, rank: int, entry: RankEntry) -> str | None:
        """The status of row ``rank`` (1-based) of ``game``'s table ``mode``, when that row
        was checked as it stands now; None when it was not (yet)."""
        with self._lock:
            check = self.results.get((game, mode, rank))
        if check is None or (check.initials, check.values, check.replay_id,
                             check.rules_version) != (entry.initials, entry.values,
                                                      entry.replay_id, entry.rules_version):
            return None
        return check.status

    def _run(self, rankings: dict[str, object]) -> None:
        niceness = self._lower_priority()
        data = SaveData(rankings=rankings)  # type: ignore[arg-type]
        checks = check_tables(data, self.store)
        with self._lock:
            self.checks = checks
            self.niceness = niceness
            self.results = {(c.game, c.mode, c.rank): c for c in checks}
        self.done.set()
