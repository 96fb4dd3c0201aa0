"""One screenshot: the screen drawn whole on a fresh 320x224 picture while its texts are
recorded (cabinet.video.text.recording), checked (cabinet.video.text_check) and saved at x2.
Every shot of the tour goes through ``take``; ``PROBLEMS`` lists what the checks found."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame

from cabinet.video.screen import new_native
from cabinet.video.text import recording
from cabinet.video.text_check import problems

SCALE = 2
PROBLEMS: list[str] = []


def take(path: Path, draw: Callable[[pygame.Surface], None], scale: int = SCALE) -> Path:
    """Draw with ``draw(picture)``, check its texts, write ``path``; returns ``path``."""
    picture = new_native()
    with recording() as texts:
        draw(picture)
    PROBLEMS.extend(f"{path.name}: {line}" for line in problems(texts))
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.transform.scale_by(picture, scale), str(path))
    return path
