"""Sound: synthesised effects, event mapping, Demo Sounds, and silence without a device."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import numpy as np
import pygame
import pytest

from cabinet.audio import ALWAYS_AUDIBLE, Audio, effect_for
from cabinet.audio.synth import EFFECTS, length, palette, render
from engine.events import Event
from engine.sound import Tone, note
from firmware.sound_palette import cabinet_palette
from games.sega.board import SEGA_SOUNDS as SOUNDS

REQUIRED = {"move", "rotate", "lock", "clear1", "clear2", "clear3", "clear4", "level_up",
            "coin", "garbage", "power_block", "game_over"}


# The shared effects and every cartridge's own.
PALETTE = cabinet_palette()


@pytest.mark.parametrize("rate", [22050, 44100])
@pytest.mark.parametrize("name", sorted(PALETTE))
def test_every_effect_is_non_silent_with_the_expected_length(name: str, rate: int) -> None:
    samples = render(PALETTE[name], rate)
    assert samples.dtype == np.int16 and samples.ndim == 1
    assert len(samples) == length(PALETTE[name], rate)
    expected_ms = sum(t.ms for t in PALETTE[name])
    assert abs(len(samples) - expected_ms * rate / 1000) <= len(PALETTE[name])
    rms = float(np.sqrt(np.mean(samples.astype(np.float64) ** 2)))
    assert rms > 1000, rms  # clearly audible (full scale is 32767)


def test_the_required_effects_exist() -> None:
    assert set(EFFECTS) >= REQUIRED


def test_a_steady_square_tone_has_the_right_pitch() -> None:
    rate = 22050
    samples = render((Tone("square", 441, 441, 1000, 0.5, 0.0),), rate)
    rising = np.count_nonzero((samples[1:] > 0) & (samples[:-1] <= 0))
    assert 440 <= rising <= 442
    assert note("A4") == 440.0 and round(note("C5"), 1) == 523.3


def test_bigger_clears_sound_longer() -> None:
    lengths = [length(EFFECTS[f"clear{n}"], 22050) for n in (1, 2, 3, 4)]
    assert lengths == sorted(lengths) and len(set(lengths)) == 4


def test_event_kinds_map_to_effects() -> None:
    assert effect_for("move", 0, SOUNDS) == "move"
    assert effect_for("rotate", 0, SOUNDS) == "rotate"
    assert effect_for("lock", 0, SOUNDS) == "lock"
    assert [effect_for("line_clear", n, SOUNDS) for n in (1, 2, 3, 4)] == [
        "clear1", "clear2", "clear3", "clear4"]
    assert effect_for("level_up", 5, SOUNDS) == "level_up"
    assert effect_for("game_over", 0, SOUNDS) == "game_over"
    assert effect_for("coin") == "coin"  # the board's own cue, whatever the cartridge
    assert effect_for("spawn", 0, SOUNDS) is None
    assert effect_for("move") is None  # no cartridge map: game events are silent


@pytest.fixture
def audio() -> Iterator[Audio]:
    a = Audio()
    yield a
    a.close()


def test_the_dummy_driver_plays_every_effect(audio: Audio) -> None:
    assert audio.enabled
    rate, _, channels = pygame.mixer.get_init()
    for name in EFFECTS:
        assert audio.play(name)
        sound = audio.sounds[name]
        assert sound.get_length() == pytest.approx(length(EFFECTS[name], rate) / rate, abs=1e-3)
        assert np.abs(pygame.sndarray.array(sound)).max() > 1000
    assert channels >= 1


def test_a_cartridges_own_effects_play_beside_the_shared_ones() -> None:
    audio = Audio(effects=PALETTE)
    try:
        assert audio.enabled
        assert audio.play("blockout_bonus_start") and audio.play("move")
    finally:
        audio.close()


def test_a_cartridge_sound_may_not_recast_a_shared_effect() -> None:
    assert palette({"move": EFFECTS["move"]}) == EFFECTS  # the same recipe is no clash
    with pytest.raises(ValueError, match="'move' differs from the shared one"):
        palette({"move": (Tone("sine", 100, 100, 10),)})


def test_unknown_effect_is_a_clear_error(audio: Audio) -> None:
    with pytest.raises(ValueError, match="no sound effect 'boing'"):
        audio.play("boing")


def test_demo_sounds_off_silences_attract_but_not_coins_or_play(audio: Audio) -> None:
    frame = [Event("move", 0, 1), Event("line_clear", 0, 4), Event("coin")]
    audio.demo_sounds = False
    assert audio.play_events(frame, attract=True, sounds=SOUNDS) == sorted(ALWAYS_AUDIBLE)
    assert audio.play_events(frame, attract=False, sounds=SOUNDS) == ["move", "clear4", "coin"]
    audio.demo_sounds = True
    assert audio.play_events(frame, attract=True, sounds=SOUNDS) == ["move", "clear4", "coin"]


def test_no_audio_device_means_silence_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-audio-driver")
    with caplog.at_level(logging.WARNING, logger="bloxcab.audio"):
        silent = Audio()
    assert not silent.enabled
    assert "running silent" in caplog.text
    assert not pygame.mixer.get_init()
    assert silent.play("coin") is False
    assert silent.play_events([Event("line_clear", 0, 4), Event("coin")]) == []
    silent.close()
