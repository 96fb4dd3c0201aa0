"""Reading stage files: the built-in set (games/flashpoint/stages.txt) and an operator's own
file in the same format. A bad operator file gives one error line and the built-in set."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from games.flashpoint.rules.stages import Stage, StageFileError, parse_stages

BUILTIN_FILE = Path(__file__).with_name("stages.txt")


def read_stage_file(path: str | Path) -> tuple[Stage, ...]:
    """Stages from ``path``; OSError or StageFileError (one line, naming the file)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise StageFileError(f"{path.name}: not a text file") from None
    try:
        return parse_stages(text)
    except StageFileError as exc:
        raise StageFileError(f"{path.name}: {exc}") from None


@cache
def builtin_stages() -> tuple[Stage, ...]:
    return read_stage_file(BUILTIN_FILE)


def load_stages(path: str | Path | None) -> tuple[tuple[Stage, ...], str | None]:
    """The stage set to play: the operator's file at ``path`` if it reads whole, else the
    built-in set and the one-line reason."""
    if path is None:
        return builtin_stages(), None
    try:
        return read_stage_file(path), None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return builtin_stages(), f"stage file {path}: {reason}; built-in stages used"
    except StageFileError as exc:
        return builtin_stages(), f"stage file {exc}; built-in stages used"
