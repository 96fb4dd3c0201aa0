"""The state hash every session gives (``GameSession.state_hash``): one digest of the items
that make up its state, under the rules version the session plays.

Version 1 of every cartridge is what the release before per-cartridge rules versions called
engine version 2, and its replays and certified rankings must still verify, so version 1
keeps each family's digest of that time exactly: ``repr(items)`` hashed with BLAKE2b-128
(the Sega loop, Flash Point, BLOCKOUT) or with SHA-256 cut to 64 bits (the Arika boards:
TAP, TGM3). From version 2 on every cartridge hashes the same way: BLAKE2b-128 of the
rules version and the items, so a replay of one version never matches a session of another.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Final


def blake2b_128(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def sha256_64(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def warm() -> None:
    """Run each digest once (the first call into the hashing library sets it up: a
    kiosk does it at boot, not in the frame of a game's first checkpoint)."""
    blake2b_128("")
    sha256_64("")


Digest = Callable[[str], str]
# The engine-2 digest of each family, kept for its cartridges' rules version 1.
SEGA_V1: Final[Digest] = blake2b_128
ARIKA_V1: Final[Digest] = sha256_64
# The global engine version that the Sega loop put first in its hash items; its sessions
# keep it there under rules version 1 so their old hashes come out the same.
ENGINE_2: Final = "2"


def state_digest(items: object, rules_version: int, v1: Digest = SEGA_V1) -> str:
    """The state hash of ``items`` (plain values whose ``repr`` is the same on every
    machine) under ``rules_version``; ``v1`` is the family's engine-2 digest, used for
    version 1 only."""
    if rules_version < 1:
        raise ValueError(f"rules version {rules_version} is not a version (1 and up)")
    if rules_version == 1:
        return v1(repr(items))
    return blake2b_128(repr((rules_version, items)))
