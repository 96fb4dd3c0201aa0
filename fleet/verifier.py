"""Re-simulation of ranking entries off the intake, so a costly replay delays nobody's
messages: the intake stores a ranking entry at once as pending (fleet/store.py) and this
verifier settles it later in a bounded pool of worker processes.

The database is the queue, so a restart loses no pending entry. Fair between cabinets: at
most one entry per cabinet is re-simulated at a time, the cabinet served longest ago goes
first, and a cabinet's entries take at most its frame budget an hour (more waits, pending);
one entry over its own budget was already refused by the intake (verify.first_look).
"""

from __future__ import annotations

import logging
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

import psycopg

from firmware.rankings.check import FAILED
from fleet import store
from fleet.verify import check_rank

log = logging.getLogger("bloxcab.fleet")

HOUR_S = 3600.0
IDLE_S = 1.0  # how often an idle verifier looks for pending entries anyway


class Verifier:
    def __init__(self, db_url: str, *, workers: int, cabinet_frames: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.db_url = db_url
        self.workers = workers
        self.cabinet_frames = cabinet_frames  # per cabinet per hour
        self.clock = clock
        self.busy: dict[str, tuple[Future[tuple[str, str]], str]] = {}  # cabinet -> job
        self.spent: dict[str, deque[tuple[float, int]]] = {}  # cabinet -> (when, frames)
        self.served: dict[str, float] = {}  # cabinet -> when its last entry went
        self.checked = 0
        self.frames = 0
        self.waiting_budget: set[str] = set()  # cabinets over their hour's budget
        self.wake = threading.Event()
        self.stopping = threading.Event()
        self.cond = threading.Condition()
        self.pool: ProcessPoolExecutor | None = None
        self.thread = threading.Thread(target=self._run, name="fleet-verifier", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()
        self.thread.join(60)
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)

    def wait_checked(self, count: int, timeout: float = 60) -> bool:
        """Until ``count`` ranking entries were settled (tests, the bench)."""
        with self.cond:
            return self.cond.wait_for(lambda: self.checked >= count, timeout)

    def _run(self) -> None:
        conn: psycopg.Connection[Any] | None = None
        while not self.stopping.is_set():
            try:
                if conn is None or conn.closed:
                    conn = store.connect(self.db_url)
                self._settle_done(conn)
                self._dispatch(conn)
            except psycopg.OperationalError as exc:
                log.warning("fleet: verifier: database unavailable (%s)", str(exc)[:120])
                if conn is not None:
                    conn.close()
                conn = None
            except psycopg.Error as exc:  # e.g. another instance ranked the same game first
                log.warning("fleet: verifier: %s; trying again", str(exc).strip()[:120])
            self.wake.wait(IDLE_S)
            self.wake.clear()
        if conn is not None:
            conn.close()

    def _settle_done(self, conn: psycopg.Connection[Any]) -> None:
        for cabinet, (future, mid) in list(self.busy.items()):
            if not future.done():
                continue
            try:
                status, reason = future.result()
            except Exception as exc:  # the worker died on it: refused, not fatal
                status, reason = FAILED, f"the replay could not be re-simulated: {exc}"
            store.settle(conn, cabinet, mid, status, reason[:200])
            del self.busy[cabinet]
            with self.cond:
                self.checked += 1
                self.cond.notify_all()

    def _room(self, cabinet: str, frames: int, now: float) -> bool:
        spent = self.spent.setdefault(cabinet, deque())
        while spent and spent[0][0] <= now - HOUR_S:
            spent.popleft()
        return sum(f for _, f in spent) + frames <= self.cabinet_frames

    def _dispatch(self, conn: psycopg.Connection[Any]) -> None:
        if len(self.busy) >= self.workers:
            return
        now = self.clock()
        cabinets = [c for c in store.pending_cabinets(conn) if c not in self.busy]
        cabinets.sort(key=lambda c: self.served.get(c, float("-inf")))
        waiting: set[str] = set()
        for cabinet in cabinets:
            if len(self.busy) >= self.workers:
                break
            job = store.next_pending(conn, cabinet)
            if job is None:
                continue
            if not self._room(cabinet, job["frames"], now):
                waiting.add(cabinet)
                continue
            if self.pool is None:
                self.pool = ProcessPoolExecutor(self.workers,
                                                mp_context=multiprocessing.get_context("spawn"))
            future = self.pool.submit(check_rank, job["body"])
            future.add_done_callback(lambda _: self.wake.set())
            self.busy[cabinet] = (future, job["id"])
            self.spent[cabinet].append((now, job["frames"]))
            self.served[cabinet] = now
            self.frames += job["frames"]
        with self.cond:
            self.waiting_budget = waiting
            self.cond.notify_all()
