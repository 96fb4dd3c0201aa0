"""The seam between a game's rules and the board.

The cabinet's state machine, the demo player, replays, rankings and the screens use a game
only through ``GameSession``: they never assume a 2D Sega well. A cartridge (``games/<id>/``)
builds sessions with ``new_session(rules_id, settings, seeds, players)`` (its
``Cartridge.new_session``; ``games.registry.new_session`` picks the cartridge that plays
``rules_id``, one of the board's or its modes' rules ids).

Conventions every session keeps:

- ``step(InputFrame)`` advances exactly one frame and returns that frame's events; it is pure
  and deterministic (same construction + same inputs = same ``state_hash`` on every machine).
- ``settings`` is a plain JSON-able mapping (what a replay header stores); ``seeds`` is a
  mapping of named 32-bit seeds in and ``seeds_out()`` the seeds to keep in save data after
  (or during) the game.
- ``summary(index)`` is what the score line and the ranking tables read of one player: a flat
  mapping whose keys the cartridge names (``score``, ``lines``, ``level`` for Sega games;
  ``grade``, ``time`` for the Grand Master modes; ``stage`` for Flash Point; ``cubes`` and
  ``round`` for BLOCKOUT). ``score`` is always present; ``None`` means no such player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, cast, runtime_checkable

from engine.events import Event
from engine.inputs import InputFrame

Summary = Mapping[str, int | str]
Settings = Mapping[str, Any]
Seeds = Mapping[str, int]


@runtime_checkable
class GameSession(Protocol):
    """One game on the board, one or two players."""

    rules_id: str
    # The cartridge's rules version this session plays (``state_hash`` hashes under it).
    rules_version: int
    frame: int

    def step(self, inputs: InputFrame) -> tuple[Event, ...]: ...

    @property
    def over(self) -> bool:
        """No player is playing any more."""
        ...

    def playing(self, index: int) -> bool:
        """Player ``index`` (0 or 1) has a game in progress."""
        ...

    def can_join(self, index: int) -> bool:
        """A Start press on side ``index`` may begin a game for that player now."""
        ...

    def join(self, index: int) -> object:
        """Begin a game for player ``index`` (the machine has taken the credit); what it
        returns is the session's own business."""
        ...

    def summary(self, index: int) -> Summary | None: ...

    def seeds_out(self) -> dict[str, int]: ...

    def state_hash(self) -> str: ...

    def snapshot(self) -> Any: ...

    def restore(self, snap: Any) -> None: ...


@runtime_checkable
class SignsIn(Protocol):
    """A session whose players sign in with a secret the board checks (TGM3's accounts).

    The session asks (``sign_in_request(index)``: what was typed, or None) and waits; the
    board works the answer out off the frame thread and gives it with ``sign_in(index,
    verdict)`` just before a frame's step. The replay keeps the verdict and its frame (not
    the board's records), so re-simulating needs nothing but the replay.

    ``secret_sides``: bit i is set when player i's input in the last step chose part of the
    secret; a replay keeps that input without the lever's left and right (``kept_bits``), and
    ``state_hash`` covers nothing those two switches decided there, so no replay tells the
    secret and every replay still re-simulates to its hashes."""

    secret_sides: int

    def sign_in_request(self, index: int) -> tuple[str, str] | None: ...

    def sign_in(self, index: int, verdict: str) -> None: ...


_SIGNS_IN_KINDS: dict[type, bool] = {}


def signs_in(session: object) -> SignsIn | None:
    """``session`` as a SignsIn, or None. Decided once per class: isinstance against a
    runtime-checkable Protocol looks up each of its members (about 20 us), too much for
    every frame."""
    kind = type(session)
    known = _SIGNS_IN_KINDS.get(kind)
    if known is None:
        known = _SIGNS_IN_KINDS[kind] = isinstance(session, SignsIn)
    return cast(SignsIn, session) if known else None


# The lever's left and right of each player in ``InputFrame.to_bits`` (bits 2-3 and 10-11).
_SIDEWAYS = (0x0C, 0x0C << 8)


def kept_bits(bits: int, secret_sides: int) -> int:
    """A frame's input bits as a replay keeps them: without the left and right of the players
    in ``secret_sides`` (SignsIn)."""
    for index, mask in enumerate(_SIDEWAYS):
        if secret_sides >> index & 1:
            bits &= ~mask
    return bits
