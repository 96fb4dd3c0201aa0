"""Files reach games/ as text: the board reads them, a cartridge parses them, so nothing
under games/ touches the file system (what a replay re-runs stays pure).

A cartridge's own data files (stage sets, the round table) are named relative to the games
package ("flashpoint/stages.txt"); an operator's own file (cabinet.toml) by its path. The
board lends its reader once, at start-up (firmware/game_files.py)."""

from __future__ import annotations

from typing import Protocol


class Files(Protocol):
    def bundled(self, name: str) -> str:
        """The text of a data file shipped under games/, ``name`` relative to it."""
        ...

    def own(self, path: str) -> str:
        """The text of an operator's file: OSError, or UnicodeDecodeError if not text."""
        ...


_lent: list[Files] = []


def lend(files: Files) -> None:
    """The board's reader, used from now on."""
    _lent[:] = [files]


def files() -> Files:
    if not _lent:
        raise RuntimeError("games/ reads no files: the board lends it its reader "
                           "(import firmware)")
    return _lent[0]


def file_name(path: str) -> str:
    """The last part of a path, for one-line messages."""
    return path.replace("\\", "/").rsplit("/", 1)[-1]
