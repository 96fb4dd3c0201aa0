"""The cabinet's sound palette: the effects every cartridge shares (cabinet/audio/synth.py)
and each registered cartridge's own (``CartPresentation.recipes``)."""

from __future__ import annotations

from cabinet.audio.synth import palette
from engine.sound import Recipe
from games.registry import sound_recipes


def cabinet_palette() -> dict[str, Recipe]:
    """ValueError (one line) when a cartridge's sound differs from another's of its name."""
    return palette(sound_recipes())
