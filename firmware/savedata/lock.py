"""One kiosk per save directory: an exclusive flock on a lock file in the directory.

Two kiosks writing the same banks each believe they own the older bank, so one of them
overwrites the other's coins. The first kiosk takes the lock; a second one is refused at
start. The kernel drops a flock when its holder dies, so a power cut or a crash never
leaves a stale lock behind (flock(2)).
"""

from __future__ import annotations

import errno
import fcntl
import os
from pathlib import Path

from firmware.errors import UsageError

LOCK_FILE = "bloxcab.lock"


class SaveDirLocked(UsageError):
    """Another process holds the save directory."""


class SaveLock:
    """Holds the lock until ``release()`` (or the process ends)."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / LOCK_FILE
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock: SaveDirLocked when another process has it, OSError when the lock
        file cannot be opened (e.g. the directory is not writable)."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise SaveDirLocked(
                    f"save directory {self.path.parent} is in use by another bloxcab "
                    f"(lock {self.path.name}); run one kiosk per save directory") from None
            raise
        self._fd = fd
        try:  # the holder's pid, for the owner's eyes only; a full card must not stop us
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None
