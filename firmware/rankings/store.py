"""The replay store: one file per ranked game's replay in ``<save dir>/replays/``.

Writes happen on the store's own thread (tmp file, fsync, rename, fsync of the directory),
so the frame loop never waits on the card; ``state(id)`` says when a replay is durable. A
store that cannot be written never blocks a credit or a ranking: its writes fail, the state
says so, and the row is kept unrecorded.
"""

from __future__ import annotations

import logging
import queue
import re
import threading
from pathlib import Path

from firmware.durable_file import fsync_directory, own_directory, replace_file
from firmware.file_decisions import FILE_DECISIONS
from firmware.regular_file import read_regular

log = logging.getLogger("bloxcab.rankings")

PENDING = "pending"
DURABLE = "durable"
FAILED = "failed"
_NAME = re.compile(r"^[0-9a-f]{16}$")
SUFFIX = ".rpl"
MAX_REPLAY_BYTES: int = FILE_DECISIONS["ranking_replay_bytes"].value


class ReplayStore:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.states: dict[str, str] = {}
        self.last_error: str | None = None
        # (id, text) writes a replay, (id, "") deletes one, an Event is set when reached.
        self._jobs: queue.Queue[tuple[str, str] | threading.Event] = queue.Queue()
        try:
            own_directory(directory, make=True)
            for path in directory.iterdir():
                if path.suffix == SUFFIX and _NAME.match(path.stem):
                    self.states[path.stem] = DURABLE
        except OSError as exc:
            self._fail(f"replay store {directory} unusable: {exc.strerror or exc}")
        self._thread = threading.Thread(target=self._run, name="replay-store", daemon=True)
        self._thread.start()

    # ---- the frame thread --------------------------------------------------------------
    def put(self, replay_id: str, text: str) -> None:
        """Write ``text`` as replay ``replay_id`` (returns at once)."""
        if self.states.get(replay_id) == DURABLE:
            return
        self.states[replay_id] = PENDING
        self._jobs.put((replay_id, text))

    def state(self, replay_id: str) -> str | None:
        return self.states.get(replay_id)

    def prune(self, keep: set[str]) -> None:
        """Delete the replays no ranking row refers to (call with the ids of a durable save)."""
        for name in [n for n, s in self.states.items() if s == DURABLE and n not in keep]:
            self._jobs.put((name, ""))

    # ---- reading (tools, the attract mode's top play) -----------------------------------
    def path(self, replay_id: str) -> Path:
        if not _NAME.match(replay_id):
            raise ValueError(f"not a replay id: {replay_id!r}")
        return self.directory / f"{replay_id}{SUFFIX}"

    def read(self, replay_id: str) -> str:
        """The replay's text; OSError or ValueError (one line) when it cannot be had."""
        return read_regular(self.path(replay_id), MAX_REPLAY_BYTES,
                            follow=False).decode("utf-8")

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Block until every queued write and delete is done (tools and tests only)."""
        done = threading.Event()
        self._jobs.put(done)
        return done.wait(timeout)

    def close(self) -> None:
        self.wait_idle()

    # ---- the store's thread --------------------------------------------------------------
    def _fail(self, message: str) -> None:
        if message != self.last_error:
            log.warning("%s", message)
        self.last_error = message

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if isinstance(job, threading.Event):
                job.set()
                continue
            name, text = job
            if text:
                self._write(name, text)
            else:
                self._delete(name)

    def _write(self, name: str, text: str) -> None:
        path = self.path(name)
        try:
            own_directory(self.directory)
            replace_file(path, text.encode("utf-8"), tmp=path.with_suffix(".tmp"))
            fsync_directory(self.directory)
        except OSError as exc:
            self.states[name] = FAILED
            self._fail(f"replay store: cannot write {path.name}: {exc.strerror or exc}")
            return
        self.states[name] = DURABLE
        self.last_error = None

    def _delete(self, name: str) -> None:
        try:
            own_directory(self.directory)
            self.path(name).unlink(missing_ok=True)
            fsync_directory(self.directory)
        except OSError as exc:
            self._fail(f"replay store: cannot delete {name}: {exc.strerror or exc}")
            return
        self.states.pop(name, None)
