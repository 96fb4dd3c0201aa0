"""The background writer: the frame thread hands over snapshots, this thread makes them durable.

submit() only snapshots the data (pickled, in C: a frame's submit costs 0.1-0.2 ms where
turning it into plain values took 0.5-0.8 ms with 48 player accounts) and drops it in a one-slot
mailbox; this thread turns the newest snapshot into plain values and writes it.

If commits pile up while a write is in flight, the newest snapshot replaces the older ones:
every snapshot is the whole state, so the newer one contains every coin of the older ones. The
coin lines of all coalesced commits are printed, in order, once the commit holding them is
durable (fsync of the bank file and of the directory have returned).

Between frame_begins() and frame_ends() (the kiosk's frame) a submit does not even pickle: it
marks the data wanted, and this thread pickles it once the frame has ended, in the frame's
slack (0.3 ms of the busiest frames measured, with 42 accounts and 68 ranking rows). Only the
frame thread changes the data, and only inside a frame, so the snapshot is the data as the
frame left it: every submit of the frame, coins included. When this thread is still writing
an older commit as the next frame begins, frame_begins() pickles it on the frame thread
first, so a frame never waits for a disk.
"""

from __future__ import annotations

import errno
import os
import pickle
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from firmware.file_decisions import FILE_DECISIONS
from firmware.savedata.banks import other, read_banks, replace_bank, write_bank
from firmware.savedata.bounds import saturate
from firmware.savedata.loader import (
    SEQUENCE_SPACE,
    by_age,
    decode_payload,
    encode_payload,
    pick,
)
from firmware.savedata.record import Record
from firmware.savedata.schema import CHUTES, CURRENT_VERSION, SaveData, to_dict

PROBE_FILE = "bloxcab.probe"

RETRY_FIRST_S: float = FILE_DECISIONS["save_retry_s"].value["first"]
RETRY_MAX_S: float = FILE_DECISIONS["save_retry_s"].value["max"]

# The writer thread shares the interpreter lock with the frame thread. Python hands the lock
# over every 5 ms by default, so a submit() could wait that long behind a commit being
# encoded; at 0.5 ms the wait stays well under a frame (measured by `bloxcab bench --save`).
GIL_SWITCH_SECONDS = 0.0005
WRITER_GONE_S = 5.0  # frame_ends(wait=True): a bound for a writer thread gone, not a speed


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
        # Tickets are the sequence numbers, counted on past 2^64 in memory; on disk they wrap
        # (the loader compares them as serial numbers).
        newest = by_age(reads)
        start = newest[0].record.sequence if newest and newest[0].record is not None else 0
        self._next_seq = start + 1
        self._durable = self._settled = start
        self._failed_rounds = 0
        self.bank_errors: dict[str, str] = {}  # bank -> why it cannot be written (others work)
        self._pending: tuple[int, bytes] | None = None
        # A frame's commit not pickled yet (sequence, data); pickled once the frame is over.
        self._wanted: tuple[int, SaveData] | None = None
        self._in_frame = False
        self._frame_thread: int | None = None
        self._writing = False  # this thread is turning or writing a snapshot
        self._coins: list[tuple[int, int, int]] = []  # (sequence, chute, total) not yet durable
        self._cond = threading.Condition()
        self._closing = False
        self._abandon = False
        self._wake = threading.Event()
        self.failed_attempts = 0  # since start, for the service menu
        # Set while saving fails (both banks, or a snapshot refused); None once a write works.
        # The start probe makes an unwritable directory show at once, before any commit.
        self.last_error: str | None = probe(self.directory)
        if self.last_error is not None:
            self._log(f"save: {self.last_error}; coins will not become credits until it is")
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
        # Only the frame thread opens a frame, so it reads its own flag here without the lock.
        snapshot = None if self._in_frame else pickle.dumps(data, pickle.HIGHEST_PROTOCOL)
        total = data.bookkeeping.coins[coin_chute - 1] if coin_chute is not None else 0
        with self._cond:
            if self._closing:
                raise RuntimeError("save writer is closed")
            seq = self._next_seq
            self._next_seq += 1
            if snapshot is None:
                self._wanted = (seq, data)  # pickled when the frame is over
            else:
                self._wanted = None  # this newer snapshot holds it
                self._pending = (seq, snapshot)
            if coin_chute is not None:
                self._coins.append((seq, coin_chute, total))
            self._cond.notify_all()
        return seq

    def frame_begins(self) -> None:
        """The frame thread is about to change the data: a commit of an earlier frame that
        this thread has not pickled yet (it is still writing) is pickled here first."""
        with self._cond:
            self._pickle_wanted()
            self._in_frame = True
            self._frame_thread = threading.get_ident()

    def frame_ends(self, wait: bool = False) -> None:
        """The frame is over: this thread may now pickle the frame's commit. ``wait`` (an
        unthrottled headless run, whose next frame begins at once): until it has, unless it
        is busy writing an older commit, as a paced frame's slack would have let it."""
        with self._cond:
            self._in_frame = False
            if self._wanted is None:
                return
            self._cond.notify_all()
            if wait:
                self._cond.wait_for(lambda: self._wanted is None or self._writing
                                    or self._abandon, WRITER_GONE_S)

    def _pickle_wanted(self) -> None:
        """With the lock held and no frame changing the data: the wanted data pickled."""
        if self._wanted is None:
            return
        seq, data = self._wanted
        self._wanted = None
        try:
            self._pending = (seq, pickle.dumps(data, pickle.HIGHEST_PROTOCOL))
        except Exception as exc:  # nothing in it is ever written; the next commit may be
            self._refuse(seq, exc)
        self._cond.notify_all()

    def _refuse(self, seq: int, exc: BaseException) -> None:
        """With the lock held: commit ``seq`` holds data load() would refuse (or that cannot
        be copied); it is never written and never retried."""
        self.failed_attempts += 1
        self.last_error = describe(exc)
        self._log(f"save: commit {seq} not written: {self.last_error}")
        self._settled = max(self._settled, seq)
        self._failed_rounds += 1
        self._cond.notify_all()

    def _pickle_for_waiter(self) -> None:
        """A wait inside a frame, on the frame thread: nothing changes the data meanwhile."""
        if self._in_frame and self._frame_thread == threading.get_ident():
            self._pickle_wanted()

    @property
    def last_submitted(self) -> int:
        """The ticket of the newest submit (the durable mark once everything is written)."""
        return self._next_seq - 1

    def poll_durable(self) -> int:
        """The highest sequence number known durable: every submit up to it is safe on disk."""
        return self._durable

    def wait_durable(self, seq: int, timeout: float | None = None) -> bool:
        """Block until `seq` is durable (for shutdown and tests, never the frame thread)."""
        with self._cond:
            self._pickle_for_waiter()
            return self._cond.wait_for(lambda: self._durable >= seq, timeout)

    def wait_settled(self, seq: int, timeout: float | None = None) -> bool:
        """Block until `seq` is durable (True), or refused or a write fails meanwhile (False):
        the headless kiosk waits on this, so a failing card never holds up a frame for long."""
        with self._cond:
            self._pickle_for_waiter()
            failed = self._failed_rounds
            self._cond.wait_for(lambda: self._settled >= seq or self._failed_rounds != failed,
                                timeout)
            return self._durable >= seq

    def wait_failed(self, attempts: int = 1, timeout: float | None = None) -> bool:
        """Block until at least ``attempts`` writes have failed since start; ``last_error``
        then says why (for tests, never the frame thread)."""
        with self._cond:
            return self._cond.wait_for(lambda: self.failed_attempts >= attempts, timeout)

    def close(self, timeout: float = 5.0) -> bool:
        """Flush what is pending and stop. False if it could not be made durable in time."""
        with self._cond:
            self._closing = True
            self._in_frame = False  # closing ends any frame: its commit is pickled now
            self._pickle_wanted()
            last = self._next_seq - 1
            self._cond.notify_all()
        self._wake.set()
        with self._cond:
            self._cond.wait_for(lambda: self._settled >= last, timeout)
            done = self._durable >= last
        with self._cond:
            self._abandon = True
            self._cond.notify_all()
        self._thread.join(1.0)
        return done

    # ---- writer thread ----------------------------------------------------------------

    def _take(self) -> tuple[int, bytes] | None:
        with self._cond:
            self._writing = False
            self._cond.notify_all()
            while self._pending is None and not self._closing:
                self._cond.wait_for(lambda: self._pending is not None or self._closing
                                    or (self._wanted is not None and not self._in_frame))
                if not self._in_frame:
                    self._pickle_wanted()  # refused: nothing pending, wait on
            job, self._pending = self._pending, None
            self._writing = job is not None
            return job

    def _run(self) -> None:
        while True:
            job = self._take()
            if job is None:
                return
            if not self._commit(*job):
                return

    def _commit(self, seq: int, snapshot: bytes) -> bool:
        """Write until durable; False if abandoned at close."""
        delay = self._retry_first
        streak = 0
        while True:
            try:
                # submit's own pickle, made in this process: plain values here, off the frame
                payload = encode_snapshot(to_dict(pickle.loads(snapshot)))
            except Exception as exc:  # data load() would refuse: never written, never retried
                with self._cond:
                    self._refuse(seq, exc)
                return True
            error = self._write(seq, payload)
            if error is None:
                break
            streak += 1
            self.failed_attempts += 1
            self.last_error = error
            if streak == 1:
                self._log(f"save: write to bank {self._target} failed: {error}; "
                          "retrying, the game goes on")
            with self._cond:
                self._failed_rounds += 1
                self._cond.notify_all()
                if self._abandon:
                    return False
                closing = self._closing
            self._wake.wait(min(delay, 0.05) if closing else delay)
            delay = min(delay * 2, self._retry_max)
            with self._cond:  # a newer snapshot holds everything this one does
                if not self._in_frame:
                    self._pickle_wanted()
                if self._pending is not None:
                    (seq, snapshot), self._pending = self._pending, None
        if streak:
            self._log(f"save: write recovered after {streak} failed attempt(s)")
        self.last_error = None
        with self._cond:
            self._durable = self._settled = seq
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

    def _write(self, seq: int, payload: bytes) -> str | None:
        """One round: the older bank in place; if that bank cannot be written, the other bank
        through a renamed new file. None when durable, else what went wrong."""
        record = Record(CURRENT_VERSION, seq % SEQUENCE_SPACE, payload)
        target, spare = self._target, other(self._target)
        try:
            write_bank(self.directory, target, record)
        except Exception as exc:
            first = describe(exc)
        else:
            self._target = spare
            if self.bank_errors.pop(target, None) is not None:
                self._log(f"save: bank {target} written again")
            return None
        try:
            replace_bank(self.directory, spare, record)
        except Exception as exc:
            return f"{first}; bank {spare} too: {describe(exc)}"
        if self.bank_errors.get(target) != first:
            self._log(f"save: bank {target} cannot be written ({first}); "
                      f"commits go to bank {spare} instead")
        self.bank_errors[target] = first
        return None  # the newest record is in the spare bank; the target is tried again next


def encode_snapshot(snapshot: dict[str, Any]) -> bytes:
    """The payload of a snapshot: counts saturated, then read back exactly as load() reads a
    bank (the round trip), so a commit never writes what load() would refuse."""
    payload = encode_payload(saturate(snapshot))
    decode_payload(payload, CURRENT_VERSION)
    return payload


def probe(directory: Path) -> str | None:
    """Can a file be created, written and removed in ``directory``? None, or why not."""
    path = directory / PROBE_FILE
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o644)
        try:
            os.write(fd, b"probe\n")
        finally:
            os.close(fd)
        os.unlink(path)
    except OSError as exc:
        return f"{describe(exc)} (save directory not writable)"
    return None
