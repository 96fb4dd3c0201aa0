"""Keyboard input source: an I-PAC / J-PAC encoder, a MAME-keys keyboard, or a desktop.

The frame loop owns pygame's event queue and hands key events to ``feed()`` (or the raw
``handle(key, down)``) on the frame thread; ``read()`` then reports what happened since the
previous frame. The source opens no window and pumps no events itself.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from cabinet.keymap import build_keymap
from cabinet.source import SourceReading
from cabinet.wiring import COIN_CHUTES

# pygame-ce names the focus-loss event WINDOWFOCUSLOST (SDL2); older builds may lack it.
_FOCUS_LOST = getattr(pygame, "WINDOWFOCUSLOST", None)


class KeyboardSource:
    """An InputSource fed with key events by the frame loop."""

    def __init__(self, remap: Mapping[str, object] | None = None, name: str = "keyboard") -> None:
        self.name = name
        self._controls = build_keymap(remap)  # key code -> control or coin chute
        self._keys_down: set[int] = set()
        self._pressed: set[str] = set()
        self._coins = [0, 0]
        self._events = 0
        # The last reading, handed out again while no key changed since (None: build anew).
        self._reading: SourceReading | None = None

    def feed(self, event: pygame.event.Event) -> None:
        """Take one pygame event; anything but a mapped key (or focus loss) is ignored."""
        if event.type == pygame.KEYDOWN:
            self.handle(event.key, True)
        elif event.type == pygame.KEYUP:
            self.handle(event.key, False)
        elif _FOCUS_LOST is not None and event.type == _FOCUS_LOST:
            # The window will not see the key-ups of keys held while focus is away.
            self._keys_down.clear()
            self._reading = None

    def handle(self, key: int, down: bool) -> None:
        """A key went down (``down``) or up. Unmapped keys are ignored."""
        control = self._controls.get(key)
        if control is None:
            return
        self._events += 1
        self._reading = None
        if not down:
            self._keys_down.discard(key)
            return
        if key in self._keys_down:
            return  # key repeat: the key never went up, so this is no new press
        self._keys_down.add(key)
        if control in COIN_CHUTES:
            self._coins[COIN_CHUTES.index(control)] += 1
        else:
            self._pressed.add(control)

    def read(self) -> SourceReading:
        if self._reading is not None:
            return self._reading  # no key event since a reading without presses or coins
        held = frozenset(c for k in self._keys_down if (c := self._controls[k]) not in COIN_CHUTES)
        reading = SourceReading(
            held=held, pressed=frozenset(self._pressed), coins=(self._coins[0], self._coins[1])
        )
        if self._pressed or self._coins != [0, 0]:
            self._pressed.clear()
            self._coins = [0, 0]
        else:
            self._reading = reading
        return reading

    def status(self) -> str:
        return f"keyboard: {len(self._controls)} keys mapped, {self._events} key events"

    def close(self) -> None:
        self._keys_down.clear()
        self._reading = None
