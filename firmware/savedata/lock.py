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
import stat
from pathlib import Path

from firmware.errors import UsageError

LOCK_FILE = "bloxcab.lock"


class SaveDirLocked(UsageError):
    """Another process holds the save directory."""


class LockUnusable(UsageError):
    """The lock file is there but is no regular file we can open (a directory, a symbolic
    link, dangling or not): running without the lock would let two kiosks share the banks."""


class SaveLock:
    """Holds the lock until ``release()`` (or the process ends)."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / LOCK_FILE
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock: SaveDirLocked when another process has it; LockUnusable when
        something that is not a regular file stands at the lock's name; OSError when no lock
        file can be made (a read-only directory, where nothing can be written anyway)."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
                         | os.O_NONBLOCK, 0o644)
        except OSError as exc:
            if os.path.lexists(self.path):
                raise self._unusable(exc.strerror or str(exc)) from None
            raise
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO or a device at the lock's name
            os.close(fd)
            raise self._unusable("not a regular file")
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

    def _unusable(self, why: str) -> LockUnusable:
        return LockUnusable(f"{self.path} cannot be used as the lock of the save directory "
                            f"({why}); remove it so one kiosk holds the directory")

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None
