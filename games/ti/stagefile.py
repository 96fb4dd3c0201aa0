"""Sakura's stage files: the built-in set (games/ti/sakura_stages.txt) and an operator's own
file in the same format. A bad operator file gives one error line and the built-in set."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from games import stage_files
from games.ti.rules.sakura import SakuraStage, parse_stages

BUILTIN_FILE = Path(__file__).with_name("sakura_stages.txt")


def read_stage_file(path: str | Path) -> tuple[SakuraStage, ...]:
    """Stages from ``path``; OSError or StageFileError (one line, naming the file)."""
    return stage_files.read_stage_file(path, parse_stages)


@cache
def builtin_stages() -> tuple[SakuraStage, ...]:
    return read_stage_file(BUILTIN_FILE)


def load_stages(path: str | Path | None) -> tuple[tuple[SakuraStage, ...], str | None]:
    """The stages to play: the operator's file if it reads whole, else the built-in set and
    the one-line reason."""
    return stage_files.load_stages(path, parse_stages, builtin_stages)


_active: tuple[SakuraStage, ...] | None = None


def use_stage_file(path: str | Path | None) -> str | None:
    """Play the stages of ``path`` from now on (None: the built-in set). Returns None, or
    the one-line notice when the file could not be used and the built-in set plays."""
    global _active
    stages, problem = load_stages(path)
    _active = stages
    return problem


def active_stages() -> tuple[SakuraStage, ...]:
    return _active if _active is not None else builtin_stages()
