"""A puzzle game's stage file: the cartridge's built-in set or an operator's own file in
the same format (engine/stage_text.py). A bad operator file gives one error line and the
built-in set, so the cabinet goes on playing. ``StageSet`` is a cartridge's set in play.
The board reads the files (games/data_files.py); this module only parses them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from engine.stage_text import StageFileError
from games.data_files import file_name, files

S = TypeVar("S")


def parse_named(name: str, text: str, parse: Callable[[str], S]) -> S:
    """``parse`` of a file's text; StageFileError (one line, naming the file)."""
    try:
        return parse(text)
    except StageFileError as exc:
        raise StageFileError(f"{file_name(name)}: {exc}") from None


def read_stage_file(path: str, parse: Callable[[str], S]) -> S:
    """``parse`` of an operator's file; OSError or StageFileError (one line, naming it)."""
    path = str(path)
    try:
        text = files().own(path)
    except UnicodeDecodeError:
        raise StageFileError(f"{file_name(path)}: not a text file") from None
    return parse_named(path, text, parse)


def load_stages(path: str | None, parse: Callable[[str], S],
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
    """A cartridge's stages: the built-in file (``builtin_file``, named under games/; read
    once), and the set in play, which is the built-in one until ``use`` accepts an
    operator's file."""

    def __init__(self, builtin_file: str, parse: Callable[[str], S]) -> None:
        self.builtin_file = builtin_file
        self.parse = parse
        self._builtin: S | None = None
        self._active: S | None = None

    def read(self, path: str) -> S:
        """Stages from an operator's file; OSError or StageFileError (one line, naming it)."""
        return read_stage_file(path, self.parse)

    def builtin(self) -> S:
        if self._builtin is None:
            self._builtin = parse_named(self.builtin_file,
                                        files().bundled(self.builtin_file), self.parse)
        return self._builtin

    def load(self, path: str | None) -> tuple[S, str | None]:
        """The stage set to play: the operator's file at ``path`` if it reads whole, else
        the built-in set and the one-line reason."""
        return load_stages(path, self.parse, self.builtin)

    def use(self, path: str | None) -> str | None:
        """Play the stages of ``path`` from now on (None: the built-in set). Returns None,
        or the one-line notice when the file could not be used and the built-in set plays."""
        self._active, problem = self.load(path)
        return problem

    def active(self) -> S:
        return self._active if self._active is not None else self.builtin()
