"""The cabinet's sound: synthesised effects played through pygame.mixer.

No audio device means silence, never a crash. Demo Sounds off silences attract mode.
Source: Sega operator manuals (the Demo Sounds DIP mutes attract-mode audio).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import pygame

from cabinet.audio.synth import EFFECTS, render_all

log = logging.getLogger("bloxcab.audio")

# decision: 22050 Hz mono, 16-bit, 512-sample buffer (about 23 ms of latency).
RATE = 22050
BUFFER = 512
MIXER_CHANNELS = 16

# The cabinet's own cues (the game's events are mapped by its cartridge, ``sounds``).
BOARD_EFFECTS: dict[str, str] = {"coin": "coin"}
# An event mapped to CLEAR plays clear1..clear4 by its value (lines cleared).
CLEAR = "clear"
# decision: a coin is the player's own action, so it sounds even with Demo Sounds off.
ALWAYS_AUDIBLE = frozenset({"coin"})


def effect_for(kind: str, value: int = 0,
               sounds: Mapping[str, str] | None = None) -> str | None:
    """The effect an event of ``kind`` (with ``value``) plays under the cartridge's
    ``sounds`` map, None if it plays none."""
    name = BOARD_EFFECTS.get(kind) or (sounds or {}).get(kind)
    if name == CLEAR:
        return f"clear{min(4, max(1, value))}"
    return name


class Audio:
    """``Audio(demo_sounds)``; ``play(name)``; ``play_events(events, attract)``."""

    def __init__(self, demo_sounds: bool = True) -> None:
        self.demo_sounds = demo_sounds
        self.enabled = False
        self.sounds: dict[str, Any] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, BUFFER)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("mixer did not start")
            rate, _size, channels = init
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
            for name, mono in render_all(rate).items():
                samples = mono if channels == 1 else np.repeat(mono[:, None], channels, axis=1)
                self.sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(samples))
        except pygame.error as exc:
            log.warning("audio: no sound device (%s); running silent", exc)
            self.sounds.clear()
            return
        self.enabled = True

    def play(self, name: str) -> bool:
        """Play effect ``name``; returns whether it sounded (False when silent)."""
        if name not in EFFECTS:
            raise ValueError(f"no sound effect {name!r}; effects: {', '.join(EFFECTS)}")
        if not self.enabled:
            return False
        self.sounds[name].play()
        return True

    def play_events(self, events: Iterable[Any], attract: bool = False,
                    sounds: Mapping[str, str] | None = None) -> list[str]:
        """Play the effects of a frame's events (objects with ``kind`` and ``value``);
        in attract mode with Demo Sounds off only ALWAYS_AUDIBLE effects sound. Returns
        the effects played."""
        played = []
        for event in events:
            name = effect_for(event.kind, getattr(event, "value", 0), sounds)
            if name is None or (attract and not self.demo_sounds and name not in ALWAYS_AUDIBLE):
                continue
            if self.play(name):
                played.append(name)
        return played

    def close(self) -> None:
        if self.enabled:
            pygame.mixer.quit()
        self.enabled = False
