"""Reading a puzzle game's stage file: the cartridge's built-in set or an operator's own
file in the same format (engine/stage_text.py). A bad operator file gives one error line
and the built-in set, so the cabinet goes on playing. ``StageSet`` is a cartridge's set in
play."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from engine.stage_text import StageFileError

S = TypeVar("S")


def read_stage_file(path: str | Path, parse: Callable[[str], S]) -> S:
    """``parse`` of the file's text; OSError or StageFileError (one line, naming the file)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise StageFileError(f"{path.name}: not a text file") from None
    try:
        return parse(text)
    except StageFileError as exc:
        raise StageFileError(f"{path.name}: {exc}") from None


def load_stages(path: str | Path | None, parse: Callable[[str], S],
                builtin: Callable[[], S]) -> tuple[S, str | None]:
    """The stage set to play: the operator's file at ``path`` if it reads whole, else the
    built-in set and the one-line reason."""
    if path is None:
        return builtin(), None
    try:
        return read_stage_file(path, parse), None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return builtin(), f"stage file {path}: {reason}; built-in stages used"
    except StageFileError as exc:
        return builtin(), f"stage file {exc}; built-in stages used"


class StageSet(Generic[S]):
    """A cartridge's stages: the built-in file (read once), and the set in play, which is
    the built-in one until ``use`` accepts an operator's file."""

    def __init__(self, builtin_file: Path, parse: Callable[[str], S]) -> None:
        self.builtin_file = builtin_file
        self.parse = parse
        self._builtin: S | None = None
        self._active: S | None = None

    def read(self, path: str | Path) -> S:
        """Stages from ``path``; OSError or StageFileError (one line, naming the file)."""
        return read_stage_file(path, self.parse)

    def builtin(self) -> S:
        if self._builtin is None:
            self._builtin = self.read(self.builtin_file)
        return self._builtin

    def load(self, path: str | Path | None) -> tuple[S, str | None]:
        """The stage set to play: the operator's file at ``path`` if it reads whole, else
        the built-in set and the one-line reason."""
        return load_stages(path, self.parse, self.builtin)

    def use(self, path: str | Path | None) -> str | None:
        """Play the stages of ``path`` from now on (None: the built-in set). Returns None,
        or the one-line notice when the file could not be used and the built-in set plays."""
        self._active, problem = self.load(path)
        return problem

    def active(self) -> S:
        return self._active if self._active is not None else self.builtin()
