"""A puzzle game's stage file: the cartridge's built-in set or an operator's own file in
the same format (engine/stage_text.py). A bad operator file gives one error line and the
built-in set, so the cabinet goes on playing. ``StageSet`` is a cartridge's set in play.
The board reads the files (games/data_files.py); this module only parses them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
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
    operator's file. ``in_play`` is that file's text (None: built-in), which a ranked
    replay carries; ``playing(text)`` re-simulates one: sessions made and stepped inside it,
    on this thread only, play those stages whatever the cabinet's set in play is."""

    def __init__(self, builtin_file: str, parse: Callable[[str], S]) -> None:
        self.builtin_file = builtin_file
        self.parse = parse
        self._builtin: S | None = None
        self._active: S | None = None
        self._text: str | None = None
        self._played: ContextVar[S | None] = ContextVar(f"stages {builtin_file}",
                                                         default=None)

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
        self._active = self._text = None
        if path is None:
            return None
        try:
            text = files().own(str(path))
        except UnicodeDecodeError:
            return f"stage file {file_name(str(path))}: not a text file; built-in stages used"
        except OSError as exc:
            return f"stage file {path}: {exc.strerror or type(exc).__name__}; built-in " \
                "stages used"
        try:
            self._active = parse_named(str(path), text, self.parse)
        except StageFileError as exc:
            return f"stage file {exc}; built-in stages used"
        self._text = text  # what a ranked replay of these stages carries
        return None

    def in_play(self) -> str | None:
        """The text of the operator's stage file in play; None while the built-in set is."""
        return self._text

    @contextmanager
    def playing(self, text: str | None) -> Iterator[None]:
        """Sessions of this thread play ``text``'s stages (None: the built-in set) while
        inside; StageFileError (one line) when the text is no stage file."""
        stages = self.builtin() if text is None else parse_named("the replay's stages",
                                                                 text, self.parse)
        token = self._played.set(stages)
        try:
            yield
        finally:
            self._played.reset(token)

    def active(self) -> S:
        played = self._played.get()
        if played is not None:
            return played
        return self._active if self._active is not None else self.builtin()
