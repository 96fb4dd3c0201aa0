"""What a sound effect is, as data: a recipe of tones played one after the other. Each tone
is a waveform, a pitch sweep, a length and a volume, shaped by a short attack and a decay.
The cabinet synthesises recipes (cabinet/audio/synth.py); a cartridge may bring its own
(``CartPresentation.recipes``)."""

from __future__ import annotations

from dataclasses import dataclass

WAVES = ("square", "triangle", "sine", "noise")


@dataclass(frozen=True, slots=True)
class Tone:
    wave: str  # "square", "triangle", "sine" or "noise"
    start_hz: float
    end_hz: float  # pitch at the end of the tone (a sweep); == start_hz for a steady note
    ms: float
    volume: float = 0.5  # 0..1
    decay: float = 1.0  # 0: steady, 1: fades to silence by the end of the tone


Recipe = tuple[Tone, ...]


def note(name: str) -> float:
    """Frequency of a note like "C5" or "F#4" (equal temperament, A4 = 440 Hz)."""
    semis = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semis += 1
        rest = rest[1:]
    return 440.0 * 2 ** ((semis + (int(rest) - 4) * 12) / 12)


def arpeggio(names: str, ms: float, wave: str = "square", volume: float = 0.4) -> Recipe:
    """Notes ("C5 E5 G5") of ``ms`` each, one after the other."""
    return tuple(Tone(wave, note(n), note(n), ms, volume, 0.6) for n in names.split())
