"""Files that survive a power cut once written: the new bytes go to a temporary file that is
flushed to disk and renamed over the old one, and the directory entry is flushed too. Used
by the save banks, the replay store and the fleet outbox."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def own_directory(directory: Path, make: bool = False) -> None:
    """Raise OSError unless ``directory`` is a real directory (``make``: made if missing): one
    that is a symbolic link is refused (ELOOP), as the bank files are, so nothing is ever
    written where a link points. Checked before every write: a link swapped in while the
    kiosk runs is refused too."""
    if make:
        directory.mkdir(parents=True, exist_ok=True)
    info = os.lstat(directory)
    if stat.S_ISLNK(info.st_mode):
        raise OSError(errno.ELOOP, "is a symbolic link (refused, as the save banks are)",
                      str(directory))
    if not stat.S_ISDIR(info.st_mode):
        raise OSError(errno.ENOTDIR, "is not a directory", str(directory))


def fsync_directory(directory: Path) -> None:
    """Make the directory's entries (a rename, a new or deleted file) durable."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def replace_file(path: Path, data: bytes, mode: int = 0o644, tmp: Path | None = None) -> None:
    """Write ``data`` to ``tmp`` (default ``path`` + ".tmp"), flush it to disk and rename it
    over ``path``; the caller flushes the directory (raises OSError)."""
    tmp = tmp or path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, mode)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
