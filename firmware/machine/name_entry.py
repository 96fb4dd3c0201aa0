"""Entering 3 initials: the lever picks a letter, button 1 confirms (the arrow takes one
back, the end mark finishes), button 2 also takes one back. When the timer runs out the
letters entered so far are kept; with none, the default initials (never a blank row)."""

from __future__ import annotations

from engine import PlayerInput
from firmware.machine.decisions import CABINET_DECISIONS, NAME_ENTRY_FRAMES, frames

END_MARK = "\x03"  # the font's end-mark glyph ("ED"); choosing it finishes early
RUB_MARK = "\x08"  # the font's left arrow; choosing it takes the last initial back
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ.!?- " + RUB_MARK + END_MARK
INITIALS = 3
REPEAT = frames("name_repeat_frames")
FIRST_REPEAT = frames("name_first_repeat_frames")
DEFAULT_INITIALS: str = CABINET_DECISIONS["name_entry_default"].value


class NameEntry:
    """``held``: the player's controls down when the entry begins (still held from the
    game): none of them counts until it is released."""

    def __init__(self, player: int, score: int, held: PlayerInput | None = None) -> None:
        self.player = player
        self.score = score
        self.letters: list[str] = []
        self.cursor = 0
        self.frames_left = NAME_ENTRY_FRAMES
        self.done = False
        self._prev = held or PlayerInput()
        lever = self._prev.left or self._prev.right or self._prev.up or self._prev.down
        self._held = -1 if lever else 0  # -1: the lever is down from the game

    @property
    def initials(self) -> str:
        """The row's initials: the letters entered, or the default when none (or only
        spaces) were."""
        entered = "".join(self.letters)
        return entered.ljust(INITIALS) if entered.strip() else DEFAULT_INITIALS

    @property
    def current(self) -> str:
        return ALPHABET[self.cursor]

    def step(self, pi: PlayerInput) -> None:
        if self.done:
            return
        self.frames_left -= 1
        direction = (pi.right or pi.up) - (pi.left or pi.down)
        if direction and self._held >= 0:
            self._held += 1
            held = self._held
            if held == 1 or (held >= FIRST_REPEAT and (held - FIRST_REPEAT) % REPEAT == 0):
                self.cursor = (self.cursor + direction) % len(ALPHABET)
        elif not direction:
            self._held = 0
        if pi.b1 and not self._prev.b1:
            if self.current == END_MARK:
                self.done = True
            elif self.current == RUB_MARK:
                if self.letters:
                    self.letters.pop()
            else:
                self.letters.append(self.current)
                self.done = len(self.letters) == INITIALS
        elif pi.b2 and not self._prev.b2 and self.letters:
            self.letters.pop()
        self._prev = pi
        if self.frames_left <= 0:
            self.done = True
