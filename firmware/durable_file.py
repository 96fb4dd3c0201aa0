"""Files that survive a power cut once written: the new bytes go to a temporary file that is
flushed to disk and renamed over the old one, and the directory entry is flushed too. Used
by the save banks, the replay store and the fleet outbox."""

from __future__ import annotations

import os
from pathlib import Path


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
