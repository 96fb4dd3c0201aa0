"""Sound effects synthesised with numpy at start-up: no sample files.

An effect is a recipe (engine/sound.py): a sequence of tones played one after the other;
each tone is a waveform, a pitch sweep, a length and a volume, shaped by a short attack and
a decay. ``EFFECTS`` is the palette every cartridge shares; ``palette(own)`` adds the
cartridges' own recipes. Pure arithmetic: ``render(effect, rate)`` gives mono signed 16-bit
samples.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from cabinet.decisions import AUDIO_DECISIONS
from engine.sound import Recipe, Tone, note
from engine.sound import arpeggio as _arpeggio

Samples = npt.NDArray[np.int16]

ATTACK_S: float = AUDIO_DECISIONS["attack_s"].value
PEAK: float = AUDIO_DECISIONS["peak"].value * 32767


# The project's own sound design (art, not a rule: no source gives the board's effects).
EFFECTS: dict[str, Recipe] = {
    "move": (Tone("square", 880, 880, 18, 0.25),),
    "rotate": (Tone("square", 660, 990, 35, 0.3),),
    "lock": (Tone("noise", 3000, 1200, 45, 0.4), Tone("square", 110, 90, 40, 0.3)),
    "clear1": _arpeggio("C5 E5", 60),
    "clear2": _arpeggio("C5 E5 G5", 55),
    "clear3": _arpeggio("C5 E5 G5 C6", 50),
    "clear4": (
        *_arpeggio("C5 E5 G5 C6 E6 G6", 45), Tone("square", note("C7"), note("C7"), 240, 0.4)
    ),
    "all_clear": _arpeggio("C6 G5 C6 E6 G6 C7 E7 G7", 60, "triangle", 0.6),
    "level_up": _arpeggio("G4 C5 E5 G5 C6", 70, "triangle", 0.6),
    "coin": (Tone("square", note("B5"), note("B5"), 70, 0.4, 0.0),
             Tone("square", note("E6"), note("E6"), 320, 0.4)),
    "garbage": (Tone("square", 160, 60, 120, 0.4), Tone("noise", 800, 400, 60, 0.3)),
    "power_block": (Tone("square", 400, 1600, 150, 0.35, 0.2), *_arpeggio("C6 E6 G6 C7", 40)),
    "game_over": (
        *_arpeggio("G4 F4 E4 D4 C4", 180, "triangle", 0.6),
        Tone("triangle", note("C3"), note("C3"), 500, 0.6),
    ),
    "meter_lamp": (Tone("triangle", 1500, 1500, 25, 0.4),),
    "character": (Tone("sine", 700, 900, 60, 0.5, 0.2), Tone("sine", 900, 700, 60, 0.5, 0.2),
                  Tone("sine", 700, 1200, 90, 0.5)),
}


def _phase(start_hz: float, end_hz: float, n: int, rate: int) -> npt.NDArray[np.float64]:
    """Cycles elapsed at each sample of a linear pitch sweep."""
    hz = np.linspace(start_hz, end_hz, n, endpoint=False)
    return np.cumsum(hz) / rate


def render_tone(tone: Tone, rate: int) -> npt.NDArray[np.float64]:
    n = max(1, round(tone.ms * rate / 1000))
    cycles = _phase(tone.start_hz, tone.end_hz, n, rate)
    frac = cycles % 1.0
    if tone.wave == "square":
        wave = np.where(frac < 0.5, 1.0, -1.0)
    elif tone.wave == "triangle":
        wave = 4.0 * np.abs(frac - 0.5) - 1.0
    elif tone.wave == "sine":
        wave = np.sin(2 * np.pi * cycles)
    elif tone.wave == "noise":
        # Sample-and-hold noise: a new random level each cycle of the "pitch", seeded so the
        # same effect is the same every start-up.
        steps = cycles.astype(np.int64)
        levels = np.random.default_rng(len(steps)).uniform(-1.0, 1.0, int(steps[-1]) + 1)
        wave = levels[steps]
    else:
        raise ValueError(f"unknown waveform {tone.wave!r}")
    t = np.arange(n) / n
    envelope = 1.0 - tone.decay * t
    attack = min(n, max(1, round(ATTACK_S * rate)))
    envelope[:attack] *= np.linspace(0.0, 1.0, attack, endpoint=False)
    result: npt.NDArray[np.float64] = wave * envelope * tone.volume
    return result


def render(effect: Recipe, rate: int) -> Samples:
    """Mono 16-bit samples of ``effect`` at ``rate`` Hz."""
    signal = np.concatenate([render_tone(t, rate) for t in effect])
    return np.clip(signal * PEAK, -32768, 32767).astype(np.int16)


def length(effect: Recipe, rate: int) -> int:
    """Number of samples ``render`` gives for ``effect``."""
    return sum(max(1, round(t.ms * rate / 1000)) for t in effect)


def palette(own: Mapping[str, Recipe]) -> dict[str, Recipe]:
    """The shared palette plus the cartridges' own recipes; ValueError (one line) when one
    of theirs takes a shared effect's name with another recipe."""
    for name, recipe in own.items():
        if EFFECTS.get(name, recipe) != recipe:
            raise ValueError(f"a cartridge's sound {name!r} differs from the shared one")
    return {**EFFECTS, **own}


def render_all(rate: int, effects: Mapping[str, Recipe] = EFFECTS) -> dict[str, Samples]:
    return {name: render(effect, rate) for name, effect in effects.items()}
