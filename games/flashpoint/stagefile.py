"""Reading stage files: the built-in set (games/flashpoint/stages.txt) and an operator's own
file in the same format. A bad operator file gives one error line and the built-in set."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from games import stage_files
from games.flashpoint.rules.stages import Stage, parse_stages

BUILTIN_FILE = Path(__file__).with_name("stages.txt")


def read_stage_file(path: str | Path) -> tuple[Stage, ...]:
    """Stages from ``path``; OSError or StageFileError (one line, naming the file)."""
    return stage_files.read_stage_file(path, parse_stages)


@cache
def builtin_stages() -> tuple[Stage, ...]:
    return read_stage_file(BUILTIN_FILE)


def load_stages(path: str | Path | None) -> tuple[tuple[Stage, ...], str | None]:
    """The stage set to play: the operator's file at ``path`` if it reads whole, else the
    built-in set and the one-line reason."""
    return stage_files.load_stages(path, parse_stages, builtin_stages)
