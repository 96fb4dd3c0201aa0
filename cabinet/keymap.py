"""The keyboard map: which key works which control, and reading a remap from the config.

Key names are pygame's (SDL's) key names, e.g. ``"left ctrl"``, ``"up"``, ``"f2"``; case does
not matter.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping

import pygame

from cabinet.wiring import INPUT_NAMES, WiringError, check_names

# MAME's default keys, which an I-PAC / J-PAC or a "MAME keys" keyboard sends and an
# operator expects; F2 = test, 9 = service, T = tilt as the reference recommends.
# Source: MAME src/emu/inpttype.ipp (default key map) (MAME src/emu/inpttype.ipp) and §2.2
# recommendation
DEFAULT_KEYMAP: dict[str, tuple[str, ...]] = {
    "p1.up": ("up",),
    "p1.down": ("down",),
    "p1.left": ("left",),
    "p1.right": ("right",),
    "p1.b1": ("left ctrl",),
    "p1.b2": ("left alt",),
    "p1.b3": ("space",),
    "p1.start": ("1",),
    "p2.up": ("r",),
    "p2.down": ("f",),
    "p2.left": ("d",),
    "p2.right": ("g",),
    "p2.b1": ("a",),
    "p2.b2": ("s",),
    "p2.b3": ("q",),
    "p2.start": ("2",),
    "coin1": ("5",),
    "coin2": ("6",),
    "service": ("9",),  # MAME "Service 1" (older MAME builds used 0)
    "test": ("f2",),
    "tilt": ("t",),
}
# The J-PAC's own TEST/SERVICE/TILT codes were not checked (Ultimarc I-PAC documentation says to
# check
# Ultimarc's J-PAC table); remap them in the config if a J-PAC sends other keys.


def key_code(name: str) -> int:
    """pygame key code for an SDL key name; ValueError if there is no such key."""
    # SDL resolves key names without the video system; pygame only warns when not init'ed.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return int(pygame.key.key_code(name))


def build_keymap(remap: Mapping[str, object] | None = None) -> dict[int, str]:
    """Key code -> control (or coin chute) from the defaults overridden by ``remap``.

    ``remap`` is the config's ``{control: key name}``; a value may also be a list of key names
    (any of them works the control), or an empty list to unbind it. Raises WiringError with one
    line naming the control for an unknown control, an unknown key name or a key bound twice.
    """
    remap = dict(remap or {})
    check_names(remap, INPUT_NAMES, "key map")
    merged: dict[str, tuple[str, ...]] = dict(DEFAULT_KEYMAP)
    for control, keys in remap.items():
        merged[control] = _key_names(control, keys)

    codes: dict[int, str] = {}
    for control, names in merged.items():
        for name in names:
            try:
                code = key_code(name)
            except ValueError:
                raise WiringError(f"key map: {control}: unknown key name {name!r}") from None
            if code in codes:
                raise WiringError(
                    f"key map: {control} and {codes[code]} are both on key {name.lower()!r}"
                )
            codes[code] = control
    return codes


def _key_names(control: str, keys: object) -> tuple[str, ...]:
    if isinstance(keys, str):
        return (keys,)
    if isinstance(keys, list | tuple) and all(isinstance(k, str) for k in keys):
        return tuple(keys)
    raise WiringError(f"key map: {control}: expected a key name or a list of key names")
