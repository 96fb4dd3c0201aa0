"""Sound effects synthesised with numpy at start-up: no sample files.

An effect is a sequence of tones played one after the other; each tone is a waveform, a
pitch sweep, a length and a volume, shaped by a short attack and a decay. Pure arithmetic:
``render(effect, rate)`` gives mono signed 16-bit samples.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cabinet.decisions import AUDIO_DECISIONS

Samples = npt.NDArray[np.int16]

ATTACK_S: float = AUDIO_DECISIONS["attack_s"].value
PEAK: float = AUDIO_DECISIONS["peak"].value * 32767


@dataclass(frozen=True, slots=True)
class Tone:
    wave: str  # "square", "triangle", "sine" or "noise"
    start_hz: float
    end_hz: float  # pitch at the end of the tone (a sweep); == start_hz for a steady note
    ms: float
    volume: float = 0.5  # 0..1
    decay: float = 1.0  # 0: steady, 1: fades to silence by the end of the tone


def note(name: str) -> float:
    """Frequency of a note like "C5" or "F#4" (equal temperament, A4 = 440 Hz)."""
    semis = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semis += 1
        rest = rest[1:]
    return 440.0 * 2 ** ((semis + (int(rest) - 4) * 12) / 12)


def _arpeggio(names: str, ms: float, wave: str = "square", volume: float = 0.4) -> tuple[Tone, ...]:
    return tuple(Tone(wave, note(n), note(n), ms, volume, 0.6) for n in names.split())


# The project's own sound design (art, not a rule: no source gives the board's effects).
EFFECTS: dict[str, tuple[Tone, ...]] = {
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


def render(effect: tuple[Tone, ...], rate: int) -> Samples:
    """Mono 16-bit samples of ``effect`` at ``rate`` Hz."""
    signal = np.concatenate([render_tone(t, rate) for t in effect])
    return np.clip(signal * PEAK, -32768, 32767).astype(np.int16)


def length(effect: tuple[Tone, ...], rate: int) -> int:
    """Number of samples ``render`` gives for ``effect``."""
    return sum(max(1, round(t.ms * rate / 1000)) for t in effect)


def render_all(rate: int) -> dict[str, Samples]:
    return {name: render(effect, rate) for name, effect in EFFECTS.items()}
