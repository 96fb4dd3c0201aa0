"""Every event kind a cartridge's game can emit makes a sound or is listed as silent, and
the kinds a real game emits are the ones the cartridge declares."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from cabinet.audio.synth import EFFECTS, palette
from engine.sound import Tone
from firmware.inputscript import random_inputs
from games.registry import CARTRIDGES, new_session, register, sound_recipes, unregister


@pytest.mark.parametrize("game", list(CARTRIDGES))
def test_every_declared_event_kind_sounds_or_is_silent(game: str) -> None:
    cart = CARTRIDGES[game]
    assert cart.rules.events, "a cartridge declares the event kinds its sessions emit"
    unvoiced = cart.rules.events - set(cart.presentation.sounds) - cart.presentation.silent
    assert not unvoiced, f"{game}: no sound and not listed silent: {sorted(unvoiced)}"
    assert not set(cart.presentation.sounds) & cart.presentation.silent
    effects = palette(cart.presentation.recipes)
    for kind, effect in cart.presentation.sounds.items():
        assert effect == "clear" or effect in effects, (kind, effect)


def test_blockout_has_its_own_bonus_and_layer_sounds() -> None:
    """Not Bloxeed's power block nor the garbage effect: recipes of its own, kept in its
    decision table."""
    cart = CARTRIDGES["blockout"]
    own = {kind: cart.presentation.sounds[kind] for kind in ("bonus_start", "bonus_end",
                                                              "layer_rise")}
    assert set(own.values()) == set(cart.presentation.recipes)
    assert not set(own.values()) & set(EFFECTS)
    assert len(set(cart.presentation.recipes.values())) == 3  # three different sounds


def test_the_cartridges_own_sounds_do_not_clash() -> None:
    """Each sound name sounds one way: no two cartridges, nor a cartridge and the shared
    palette, give one name two recipes."""
    own = sound_recipes()
    assert palette(own).keys() == EFFECTS.keys() | own.keys()
    blockout = CARTRIDGES["blockout"]
    name = next(iter(blockout.presentation.recipes))
    other = replace(blockout, id="other", presentation=replace(
        blockout.presentation, recipes={name: (Tone("sine", 100, 100, 10),)}))
    with pytest.raises(ValueError, match=f"give the sound {name!r} different recipes"):
        register(other)
    assert "other" not in CARTRIDGES
    register(replace(other, presentation=blockout.presentation))  # the same recipe: no clash
    unregister("other")


@pytest.mark.parametrize("game", list(CARTRIDGES))
def test_a_played_game_emits_only_declared_event_kinds(game: str) -> None:
    cart = CARTRIDGES[game]
    seen: set[str] = set()
    for seed, players in ((1, 1), (2, 2)):
        settings = cart.tooling.cli_settings({})
        session = new_session(cart.rules.ids[0], settings, {"main": seed}, players)
        for frame in itertools.islice(random_inputs(seed, players), 20_000):
            if session.over:
                break
            seen.update(e.kind for e in session.step(frame))
    assert seen, "random play emits events"
    assert seen <= cart.rules.events, sorted(seen - cart.rules.events)
