"""Every event kind a cartridge's game can emit makes a sound or is listed as silent, and
the kinds a real game emits are the ones the cartridge declares."""

from __future__ import annotations

import itertools

import pytest

from cabinet.audio.synth import EFFECTS
from firmware.inputscript import random_inputs
from games.registry import CARTRIDGES, new_session


@pytest.mark.parametrize("game", list(CARTRIDGES))
def test_every_declared_event_kind_sounds_or_is_silent(game: str) -> None:
    cart = CARTRIDGES[game]
    assert cart.events, "a cartridge declares the event kinds its sessions emit"
    unvoiced = cart.events - set(cart.sounds) - cart.silent
    assert not unvoiced, f"{game}: no sound and not listed silent: {sorted(unvoiced)}"
    assert not set(cart.sounds) & cart.silent
    for kind, effect in cart.sounds.items():
        assert effect == "clear" or effect in EFFECTS, (kind, effect)


@pytest.mark.parametrize("game", list(CARTRIDGES))
def test_a_played_game_emits_only_declared_event_kinds(game: str) -> None:
    cart = CARTRIDGES[game]
    seen: set[str] = set()
    for seed, players in ((1, 1), (2, 2)):
        settings = cart.cli_settings({})
        session = new_session(cart.rules_ids[0], settings, {"main": seed}, players)
        for frame in itertools.islice(random_inputs(seed, players), 20_000):
            if session.over:
                break
            seen.update(e.kind for e in session.step(frame))
    assert seen, "random play emits events"
    assert seen <= cart.events, sorted(seen - cart.events)
