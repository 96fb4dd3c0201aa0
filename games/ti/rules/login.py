"""Entering an account before a TGM3 game: three initials and a four-digit PIN typed with
the lever (left/right change the character, button A takes it, button B goes back one;
Start plays without an account; so does the time running out).

No replay tells a PIN: while a PIN digit is chosen the lever's left and right are not kept
(``typing_pin``; the session marks those frames and the recorder leaves the two switches out),
and ``hashed`` is the entry without its digits, so a replay without them re-simulates to the
same hashes. A lever held through a step back from the PIN to the initials, or through the
entry's end, counts only once released, live and re-simulated alike.

A PIN is never kept: accounts hold ``pin_digest(initials, pin, salt)``, a salted scrypt
digest with the account's own random salt, worked out by the board off the frame thread
(games/ti/accounts.py ``sign_in``); saves of the first release hold ``legacy_digest``
(unsalted), checked once and then replaced by the salted form.
"""

from __future__ import annotations

import hashlib
from typing import Any

from engine.inputs import PlayerInput
from games.ti.rules.decisions import TI_DECISIONS

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
INITIALS = 3
PIN = 4
SLOTS = INITIALS + PIN
ENTRY_FRAMES: int = TI_DECISIONS["login_frames"].value

SIDEWAYS = 0x0C  # the lever's left and right (engine.inputs PlayerInput bits 2 and 3)

TYPING = 0
DONE = 1  # all seven characters taken
GUEST = 2  # Start, or the time ran out


# Source: C. Percival, "Stronger Key Derivation via Sequential Memory-Hard Functions"
# (BSDCan 2009), section 7: N = 2^14, r = 8, p = 1 for interactive logins (under 100 ms,
# 16 MiB); RFC 7914 defines scrypt with these parameters.
SCRYPT_N = 1 << 14
SCRYPT_R = 8
SCRYPT_P = 1
SALT_BYTES = 16  # Source: NIST SP 800-132 section 5.1: a salt of at least 128 bits
DIGEST_BYTES = 32


def pin_digest(initials: str, pin: str, salt: bytes) -> str:
    """The salted slow digest of a PIN (64 hex digits): the board's worker computes it."""
    return hashlib.scrypt(f"{initials}:{pin}".encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R,
                          p=SCRYPT_P, maxmem=64 << 20, dklen=DIGEST_BYTES).hex()


def legacy_digest(initials: str, pin: str) -> str:
    """The first release's unsalted digest (16 hex digits), only to check old saves."""
    return hashlib.sha256(f"{initials}:{pin}".encode()).hexdigest()[:16]


def alphabet(slot: int) -> str:
    return LETTERS if slot < INITIALS else DIGITS


class Login:
    """One player's entry, frame by frame (``step``); ``text`` is what is typed so far,
    ``current`` the character under the cursor."""

    __slots__ = ("current", "held", "left", "status", "text")

    def __init__(self) -> None:
        self.text = ""
        self.current = 0  # index in the slot's alphabet
        self.status = TYPING
        self.left = ENTRY_FRAMES
        self.held = 0xFF  # the Start that joined is not a press

    def step(self, pi: PlayerInput) -> None:
        if self.status != TYPING:
            return
        bits = pi.to_bits()
        pressed = bits & ~self.held
        self.held = bits
        self.left -= 1
        if pressed & 0x80 or self.left <= 0:  # Start
            self.status = GUEST
            return
        chars = alphabet(len(self.text))
        move = (pressed >> 3 & 1) - (pressed >> 2 & 1)  # right, left
        if move:
            self.current = (self.current + move) % len(chars)
        if pressed & 0x10:  # A: take the character
            self.text += chars[self.current]
            self.current = 0
            if len(self.text) == SLOTS:
                self.status = DONE
        elif pressed & 0x20 and self.text:  # B: back one
            self.text = self.text[:-1]
            self.current = 0
            if len(self.text) < INITIALS:
                self.held |= SIDEWAYS  # this frame's left/right may not have been kept

    @property
    def typing_pin(self) -> bool:
        """The next step chooses a PIN digit: its left and right are the secret."""
        return self.status == TYPING and len(self.text) >= INITIALS

    @property
    def initials(self) -> str:
        return self.text[:INITIALS]

    @property
    def pin(self) -> str:
        return self.text[INITIALS:]

    def state(self) -> tuple[Any, ...]:
        return (self.text, self.current, self.status, self.left, self.held)

    def hashed(self) -> tuple[Any, ...]:
        """The state without anything the PIN's digits decide: what the state hash covers."""
        if len(self.text) < INITIALS:
            return self.state()
        return (self.initials, len(self.text), self.status, self.left, self.held & ~SIDEWAYS)

    def restore(self, state: tuple[Any, ...]) -> None:
        self.text, self.current, self.status, self.left, self.held = state
