"""The files games/ does not open itself (games/data_files.py): the cartridges' data files
shipped in the package, an operator's own stage files and the attract-mode demo folders."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from firmware.file_decisions import FILE_DECISIONS
from firmware.regular_file import read_regular
from games.registry import Cartridge, lend_files

MAX_STAGE_FILE_BYTES: int = FILE_DECISIONS["stage_file_bytes"].value


def games_dir() -> Path:
    """The games package's folder (a cartridge names its files relative to it)."""
    return Path(str(resources.files("games")))


class BoardFiles:
    def bundled(self, name: str) -> str:
        return (games_dir() / name).read_text(encoding="utf-8")

    def own(self, path: str) -> str:
        """An operator's file: a regular file of at most ``stage_file_bytes`` (OSError,
        UnicodeDecodeError)."""
        return read_regular(path, MAX_STAGE_FILE_BYTES).decode("utf-8")


def demo_folder(cart: Cartridge) -> Path | None:
    """The cartridge's folder of attract-mode demos (*.rpl), if it names one."""
    return None if cart.presentation.demo_dir is None else games_dir() / cart.presentation.demo_dir


def lend() -> None:
    lend_files(BoardFiles())
