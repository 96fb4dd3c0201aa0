"""Checks shared by the key map, the GPIO pin maps and the output pin map.

A wiring table from the config names what each key or pin does: ``{control: key}`` or
``{control: pin}``. Mistakes in it get one line that names the control, never a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from cabinet.source import CONTROLS

COIN_CHUTES: tuple[str, ...] = ("coin1", "coin2")
# Everything an input wiring table may name: the switches plus the coin chutes.
INPUT_NAMES: tuple[str, ...] = (*CONTROLS, *COIN_CHUTES)


class WiringError(ValueError):
    """A key map or pin map from the config is wrong; the message is one line to show."""


def check_names(
    mapping: Mapping[str, object], allowed: Iterable[str], what: str, noun: str = "control"
) -> None:
    """Raise WiringError for the first name in ``mapping`` that is not in ``allowed``."""
    known = tuple(allowed)
    for name in mapping:
        if name not in known:
            raise WiringError(
                f"{what}: unknown {noun} {name!r} (expected one of: {', '.join(known)})"
            )


def check_unique(bindings: Mapping[str, object], what: str) -> None:
    """Raise WiringError if two controls are bound to the same key or pin."""
    seen: dict[object, str] = {}
    for name, where in bindings.items():
        if where in seen:
            raise WiringError(f"{what}: {name} and {seen[where]} are both on {where!r}")
        seen[where] = name
