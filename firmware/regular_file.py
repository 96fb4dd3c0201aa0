"""Reading the board's input files without hanging or filling memory: regular files only,
with a size limit. A FIFO, a character device (/dev/zero) or a directory in a file's place
is refused with one line instead of blocking in open() or reading forever.

The file is opened with O_NONBLOCK, so opening a FIFO with no writer returns at once
(# Source: open(2) and fifo(7), Linux man-pages: "O_NONBLOCK ... open for read-only succeeds
even if no-one has opened on the write side yet"); fstat then says what it is, and only a
regular file (S_ISREG, # Source: inode(7)) is read, at most ``limit`` bytes.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class UnfitFile(OSError):
    """The path is not a regular file, or is larger than its limit (``strerror`` says which,
    in a few words, so ``f"{path}: {exc.strerror}"`` is the one-line refusal)."""


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def _limit_text(limit: int) -> str:
    if limit >= 1 << 20 and limit % (1 << 20) == 0:
        return f"{limit >> 20} MiB"
    if limit >= 1 << 10 and limit % (1 << 10) == 0:
        return f"{limit >> 10} KiB"
    return f"{limit} bytes"


def open_regular(path: Path | str, *, follow: bool = True) -> int:
    """A read-only descriptor of the regular file at ``path`` (raises OSError; UnfitFile
    when it is something else). ``follow=False`` also refuses a symbolic link (ELOOP)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UnfitFile(errno.EINVAL, f"{_kind(mode)}, not a regular file")
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: Path | str, limit: int, *, follow: bool = True) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them: OSError when it
    cannot be read, UnfitFile when it is not a regular file or is larger than ``limit``."""
    fd = open_regular(path, follow=follow)
    with os.fdopen(fd, "rb") as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise UnfitFile(errno.EFBIG, f"larger than {_limit_text(limit)}")
    return raw
