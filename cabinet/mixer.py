"""The sound mixer opened before the first frame (pygame alone, no numpy): the speaker's
sounds come later, and ``cabinet.audio.Audio`` finds the mixer open. A mixer that does not
open here is left to ``Audio``, which tries again and says why it runs silent."""

from __future__ import annotations

import pygame

from cabinet.decisions import AUDIO_DECISIONS

RATE: int = AUDIO_DECISIONS["mixer"].value["rate_hz"]
BUFFER: int = AUDIO_DECISIONS["mixer"].value["buffer_samples"]


def open_mixer() -> bool:
    """Whether the mixer is open."""
    if not pygame.mixer.get_init():
        try:
            pygame.mixer.init(RATE, -16, 1, BUFFER)
        except pygame.error:
            return False
    return bool(pygame.mixer.get_init())
