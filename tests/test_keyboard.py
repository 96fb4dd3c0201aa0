"""Keyboard source: MAME default map, remapping, taps, coins, key repeat."""

from __future__ import annotations

import pygame
import pytest

from cabinet.keyboard import KeyboardSource
from cabinet.keymap import DEFAULT_KEYMAP, build_keymap
from cabinet.source import CONTROLS
from cabinet.wiring import WiringError

# MAME's default keys, written out from MAME src/emu/inpttype.ipp (default key map) as pygame
# constants, independently
# of the table in cabinet/keymap.py.
MAME_KEYS = {
    pygame.K_UP: "p1.up",
    pygame.K_DOWN: "p1.down",
    pygame.K_LEFT: "p1.left",
    pygame.K_RIGHT: "p1.right",
    pygame.K_LCTRL: "p1.b1",
    pygame.K_LALT: "p1.b2",
    pygame.K_SPACE: "p1.b3",
    pygame.K_1: "p1.start",
    pygame.K_2: "p2.start",
    pygame.K_r: "p2.up",
    pygame.K_f: "p2.down",
    pygame.K_d: "p2.left",
    pygame.K_g: "p2.right",
    pygame.K_a: "p2.b1",
    pygame.K_s: "p2.b2",
    pygame.K_q: "p2.b3",
    pygame.K_9: "service",
    pygame.K_F2: "test",
    pygame.K_t: "tilt",
}


def down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key)


def up(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=key)


def test_default_map_covers_every_control_and_both_coin_chutes() -> None:
    assert set(DEFAULT_KEYMAP) == {*CONTROLS, "coin1", "coin2"}


@pytest.mark.parametrize(("key", "control"), MAME_KEYS.items())
def test_every_default_key_works_its_control(key: int, control: str) -> None:
    source = KeyboardSource()
    source.feed(down(key))
    reading = source.read()
    assert reading.held == {control}
    assert reading.pressed == {control}
    assert reading.coins == (0, 0)
    source.feed(up(key))
    assert source.read().held == frozenset()


@pytest.mark.parametrize(("key", "chute"), [(pygame.K_5, 0), (pygame.K_6, 1)])
def test_coin_keys_count_one_coin_edge_per_press(key: int, chute: int) -> None:
    source = KeyboardSource()
    for _ in range(3):
        source.feed(down(key))
        source.feed(up(key))
    reading = source.read()
    assert reading.coins[chute] == 3
    assert reading.coins[1 - chute] == 0
    assert reading.held == frozenset() and reading.pressed == frozenset()
    assert source.read().coins == (0, 0)  # counted once, not again next frame


def test_key_repeat_is_not_a_new_press_or_coin() -> None:
    source = KeyboardSource()
    source.feed(down(pygame.K_5))
    source.feed(down(pygame.K_5))  # SDL key repeat: KEYDOWN again without a KEYUP
    source.feed(down(pygame.K_LCTRL))
    assert source.read().coins == (1, 0)
    source.feed(down(pygame.K_LCTRL))
    reading = source.read()
    assert reading.held == {"p1.b1"}
    assert reading.pressed == frozenset()


def test_tap_between_two_reads_is_latched_once() -> None:
    source = KeyboardSource()
    source.feed(down(pygame.K_SPACE))
    source.feed(up(pygame.K_SPACE))
    first = source.read()
    assert first.pressed == {"p1.b3"} and first.held == frozenset()
    assert source.read().pressed == frozenset()


def test_handle_takes_raw_key_codes_and_ignores_unmapped_keys() -> None:
    source = KeyboardSource()
    source.handle(pygame.K_F12, True)
    source.handle(pygame.K_z, True)
    source.handle(pygame.K_r, True)
    assert source.read().held == {"p2.up"}


def test_focus_loss_releases_held_keys() -> None:
    source = KeyboardSource()
    source.feed(down(pygame.K_LEFT))
    source.read()
    source.feed(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    assert source.read().held == frozenset()


def test_remap_moves_a_control_to_another_key() -> None:
    source = KeyboardSource({"p1.b1": "z", "coin1": ["5", "left shift"]})
    source.feed(down(pygame.K_z))
    source.feed(down(pygame.K_LCTRL))  # no longer bound
    source.feed(down(pygame.K_LSHIFT))
    reading = source.read()
    assert reading.held == {"p1.b1"}
    assert reading.coins == (1, 0)


def test_remap_key_names_ignore_case() -> None:
    assert build_keymap({"test": "F1"})[pygame.K_F1] == "test"


def test_remap_to_empty_list_unbinds() -> None:
    keymap = build_keymap({"tilt": []})
    assert "tilt" not in keymap.values()
    assert pygame.K_t not in keymap


@pytest.mark.parametrize(
    ("remap", "message"),
    [
        ({"p1.b1": "left contrl"}, "key map: p1.b1: unknown key name 'left contrl'"),
        ({"p3.b1": "z"}, "key map: unknown control 'p3.b1'"),
        ({"p1.b1": "a"}, "key map: p2.b1 and p1.b1 are both on key 'a'"),
        ({"p1.b1": 7}, "key map: p1.b1: expected a key name or a list of key names"),
    ],
)
def test_bad_remap_gets_one_line_naming_the_control(remap: dict, message: str) -> None:
    with pytest.raises(WiringError) as caught:
        KeyboardSource(remap)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(message)
