"""The cabinet's sound: synthesised effects played through pygame.mixer.

No audio device means silence, never a crash. Demo Sounds off silences attract mode.
Source: Sega operator manuals (the Demo Sounds DIP mutes attract-mode audio).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np
import pygame

from cabinet.audio.synth import EFFECTS, render_all
from cabinet.decisions import AUDIO_DECISIONS
from engine.sound import Recipe

log = logging.getLogger("bloxcab.audio")

RATE: int = AUDIO_DECISIONS["mixer"].value["rate_hz"]
BUFFER: int = AUDIO_DECISIONS["mixer"].value["buffer_samples"]
MIXER_CHANNELS = 16

# The cabinet's own cues (the game's events are mapped by its cartridge, ``sounds``).
BOARD_EFFECTS: dict[str, str] = {"coin": "coin"}
# An event mapped to CLEAR plays clear1..clear4 by its value (lines cleared).
CLEAR = "clear"
ALWAYS_AUDIBLE = frozenset(AUDIO_DECISIONS["always_audible"].value)


ALSA_PREFIX = "ALSA lib "  # libasound's own messages, written straight to stderr


@contextlib.contextmanager
def native_stderr(caught: list[str]) -> Iterator[None]:
    """Catch what C libraries write to file descriptor 2 while the block runs (libasound
    prints a dozen lines on a machine without a sound card); the lines go to ``caught``."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            caught.extend(sink.read().decode("utf-8", "replace").splitlines())


def _alsa_notice(lines: list[str]) -> str:
    """ALSA's messages as one notice (the first names the problem), and any other native
    line passed on to stderr as it was."""
    alsa = [line for line in lines if line.startswith(ALSA_PREFIX)]
    for line in lines:
        if line and not line.startswith(ALSA_PREFIX):
            print(line, file=sys.stderr)
    if not alsa:
        return ""
    first = alsa[0].removeprefix(ALSA_PREFIX)
    first = first.split(") ", 1)[1] if ") " in first else first  # drop "file.c:N:(func)"
    return f"libasound: {first} ({len(alsa)} lines)"


def effect_for(kind: str, value: int = 0,
               sounds: Mapping[str, str] | None = None) -> str | None:
    """The effect an event of ``kind`` (with ``value``) plays under the cartridge's
    ``sounds`` map, None if it plays none."""
    name = BOARD_EFFECTS.get(kind) or (sounds or {}).get(kind)
    if name == CLEAR:
        return f"clear{min(4, max(1, value))}"
    return name


class Audio:
    """``Audio(demo_sounds, effects)``; ``play(name)``; ``play_events(events, attract)``.
    ``effects``: the palette to synthesise (``synth.palette``: the shared effects and the
    cartridges' own)."""

    def __init__(self, demo_sounds: bool = True, effects: Mapping[str, Recipe] = EFFECTS,
                 samples: Mapping[str, Any] | None = None, samples_rate: int = 0) -> None:
        """``samples``: the effects already synthesised at ``samples_rate`` (used when
        the mixer runs at that rate)."""
        self.demo_sounds = demo_sounds
        self.effects = dict(effects)
        self.enabled = False
        self.sounds: dict[str, Any] = {}
        native: list[str] = []
        try:
            if not pygame.mixer.get_init():
                with native_stderr(native):
                    try:
                        pygame.mixer.init(RATE, -16, 1, BUFFER)
                    except pygame.error as exc:
                        failed: pygame.error | None = exc
                    else:
                        failed = None
                notice = _alsa_notice(native)
                if failed is not None:
                    raise pygame.error(f"{failed}; {notice}" if notice else str(failed))
                if notice:
                    log.info("audio: %s", notice)
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("mixer did not start")
            rate, _size, channels = init
            pygame.mixer.set_num_channels(MIXER_CHANNELS)
            made = samples if samples is not None and samples_rate == rate else None
            for name, mono in (made or render_all(rate, self.effects)).items():
                wave = mono if channels == 1 else np.repeat(mono[:, None], channels, axis=1)
                self.sounds[name] = pygame.sndarray.make_sound(np.ascontiguousarray(wave))
        except pygame.error as exc:
            log.warning("audio: no sound device (%s); running silent", exc)
            self.sounds.clear()
            return
        self.enabled = True

    def play(self, name: str) -> bool:
        """Play effect ``name``; returns whether it sounded (False when silent)."""
        if name not in self.effects:
            raise ValueError(f"no sound effect {name!r}; effects: {', '.join(self.effects)}")
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
