"""The background writer: the frame thread hands over snapshots, this thread makes them durable.

submit() only snapshots the data into fresh plain values and drops it in a one-slot mailbox.
If commits pile up while a write is in flight, the newest snapshot replaces the older ones:
every snapshot is the whole state, so the newer one contains every coin of the older ones. The
coin lines of all coalesced commits are printed, in order, once the commit holding them is
durable (fsync of the bank file and of the directory have returned).
"""

from __future__ import annotations

import errno
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from firmware.savedata.banks import other, read_banks, write_bank
from firmware.savedata.loader import pick
from firmware.savedata.record import Record
from firmware.savedata.schema import CHUTES, CURRENT_VERSION, SaveData, from_dict, to_dict

# decision: retry a failed write after 0.05 s, doubling up to 5 s between attempts.
RETRY_FIRST_S = 0.05
RETRY_MAX_S = 5.0

# The writer thread shares the interpreter lock with the frame thread. Python hands the lock
# over every 5 ms by default, so a submit() could wait that long behind a commit being
# encoded; at 0.5 ms the wait stays well under a frame (measured by `bloxcab bench --save`).
GIL_SWITCH_SECONDS = 0.0005


def _log_stdout(line: str) -> None:
    print(line, flush=True)


def describe(exc: BaseException) -> str:
    """One short line for the service menu, e.g. 'ENOSPC No space left on device'."""
    if isinstance(exc, OSError) and exc.errno is not None:
        return f"{errno.errorcode.get(exc.errno, exc.errno)} {exc.strerror}"
    return f"{type(exc).__name__} {exc}"


class SaveWriter:
    """Owns the save banks of one directory for as long as the kiosk runs."""

    def __init__(
        self,
        directory: Path | str,
        *,
        log: Callable[[str], None] = _log_stdout,
        on_durable: Callable[[int], None] | None = None,
        retry_first: float = RETRY_FIRST_S,
        retry_max: float = RETRY_MAX_S,
    ) -> None:
        self.directory = Path(directory)
        self._log = log
        self._on_durable = on_durable
        self._retry_first = retry_first
        self._retry_max = retry_max
        reads = read_banks(self.directory)
        # Keep the bank load() would use, even when a CRC-valid but unusable record (e.g. from
        # newer firmware) carries a higher sequence; number past every valid record.
        keep, _, _ = pick(reads)
        self._target = other(keep.name) if keep is not None else "A"
        start = max((r.record.sequence for r in reads if r.record is not None), default=0)
        self._next_seq = start + 1
        self._durable = start
        self._pending: tuple[int, dict[str, Any]] | None = None
        self._coins: list[tuple[int, int, int]] = []  # (sequence, chute, total) not yet durable
        self._cond = threading.Condition()
        self._closing = False
        self._abandon = False
        self._wake = threading.Event()
        self.last_error: str | None = None  # set while writes fail; None once one succeeds
        self.failed_attempts = 0  # since start, for the service menu
        self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
        self._thread.start()

    # ---- frame thread side (never blocks on I/O) -------------------------------------

    def submit(self, data: SaveData, coin_chute: int | None = None) -> int:
        """Queue a commit of `data`; returns its sequence number at once.

        Pass coin_chute (1 or 2) when this commit counts a coin on that chute: the line
        `coin chute=N total=M` is logged once the commit is durable.
        """
        if coin_chute is not None and not 1 <= coin_chute <= CHUTES:
            raise ValueError(f"coin chute {coin_chute} is not 1..{CHUTES}")
        snapshot = to_dict(data)
        with self._cond:
            if self._closing:
                raise RuntimeError("save writer is closed")
            seq = self._next_seq
            self._next_seq += 1
            self._pending = (seq, snapshot)
            if coin_chute is not None:
                total = snapshot["bookkeeping"]["coins"][coin_chute - 1]
                self._coins.append((seq, coin_chute, total))
            self._cond.notify_all()
        return seq

    def poll_durable(self) -> int:
        """The highest sequence number known durable: every submit up to it is safe on disk."""
        return self._durable

    def wait_durable(self, seq: int, timeout: float | None = None) -> bool:
        """Block until `seq` is durable (for shutdown and tests, never the frame thread)."""
        with self._cond:
            return self._cond.wait_for(lambda: self._durable >= seq, timeout)

    def wait_failed(self, attempts: int = 1, timeout: float | None = None) -> bool:
        """Block until at least ``attempts`` writes have failed since start; ``last_error``
        then says why (for tests, never the frame thread)."""
        with self._cond:
            return self._cond.wait_for(lambda: self.failed_attempts >= attempts, timeout)

    def close(self, timeout: float = 5.0) -> bool:
        """Flush what is pending and stop. False if it could not be made durable in time."""
        with self._cond:
            self._closing = True
            last = self._next_seq - 1
            self._cond.notify_all()
        self._wake.set()
        done = self.wait_durable(last, timeout)
        with self._cond:
            self._abandon = True
            self._cond.notify_all()
        self._thread.join(1.0)
        return done

    # ---- writer thread ----------------------------------------------------------------

    def _take(self) -> tuple[int, dict[str, Any]] | None:
        with self._cond:
            self._cond.wait_for(lambda: self._pending is not None or self._closing)
            job, self._pending = self._pending, None
            return job

    def _run(self) -> None:
        while True:
            job = self._take()
            if job is None:
                return
            if not self._commit(*job):
                return

    def _commit(self, seq: int, snapshot: dict[str, Any]) -> bool:
        """Write until durable; False if abandoned at close."""
        delay = self._retry_first
        streak = 0
        while True:
            try:
                from_dict(snapshot)  # never write a record that load() would refuse
                payload = json.dumps(snapshot, separators=(",", ":")).encode("utf-8")
                write_bank(self.directory, self._target, Record(CURRENT_VERSION, seq, payload))
                break
            except Exception as exc:  # any failure: keep the game going, retry, report
                streak += 1
                with self._cond:
                    self.last_error = describe(exc)
                    self.failed_attempts += 1
                    self._cond.notify_all()
                if streak == 1:
                    self._log(
                        f"save: write to bank {self._target} failed: {self.last_error}; "
                        "retrying, the game goes on"
                    )
            with self._cond:
                if self._abandon:
                    return False
                closing = self._closing
            self._wake.wait(min(delay, 0.05) if closing else delay)
            delay = min(delay * 2, self._retry_max)
            with self._cond:  # a newer snapshot holds everything this one does
                if self._pending is not None:
                    (seq, snapshot), self._pending = self._pending, None
        self._target = other(self._target)
        if streak:
            self._log(f"save: write recovered after {streak} failed attempt(s)")
            self.last_error = None
        with self._cond:
            self._durable = seq
            done = [c for c in self._coins if c[0] <= seq]
            self._coins = [c for c in self._coins if c[0] > seq]
            self._cond.notify_all()
        for _, chute, total in done:
            self._log(f"coin chute={chute} total={total}")
        if self._on_durable is not None:
            try:
                self._on_durable(seq)
            except Exception as exc:  # the caller's bug must not stop the saving
                self._log(f"save: on_durable callback failed: {describe(exc)}")
        return True
