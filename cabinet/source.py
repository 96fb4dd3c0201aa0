"""The contract between the control panel's sources and the frame loop.

Every source (keyboard, GPIO, JVS) is read once per frame from the frame thread and must
never block. Control names are the input-script names: ``p1.up p1.down p1.left p1.right
p1.b1 p1.b2 p1.b3 p1.start`` (and ``p2.``), ``service``, ``test``, ``tilt``; coins are
counted per chute.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

PLAYER_SWITCHES = ("up", "down", "left", "right", "b1", "b2", "b3", "start")
CONTROLS: tuple[str, ...] = (
    *(f"p{n}.{s}" for n in (1, 2) for s in PLAYER_SWITCHES),
    "service",
    "test",
    "tilt",
)

# Outputs a cabinet may drive (GPIO OutputDevice or JVS general-purpose outputs).
OUTPUTS: tuple[str, ...] = (
    "coin_meter1",
    "coin_meter2",
    "coin_lockout1",
    "coin_lockout2",
    "p1_start_lamp",
    "p2_start_lamp",
)


@dataclass(frozen=True)
class SourceReading:
    """What one source saw since the previous frame.

    ``held``: controls down right now. ``pressed``: controls that went down at least once
    since the previous read, even if already released again (a press shorter than a frame is
    latched here). ``coins``: coin edges per chute since the previous read.
    """

    held: frozenset[str] = frozenset()
    pressed: frozenset[str] = frozenset()
    coins: tuple[int, int] = (0, 0)


NOTHING = SourceReading()


class InputSource(Protocol):
    name: str

    def read(self) -> SourceReading:
        """Called once per frame on the frame thread. Never blocks."""
        ...

    def status(self) -> str:
        """One line for the service menu's input test (link state, board id...)."""
        ...

    def close(self) -> None: ...


class OutputSink(Protocol):
    name: str

    def set(self, output: str, on: bool) -> None:
        """Drive one of OUTPUTS. Never blocks (a serial sink queues the change)."""
        ...

    def close(self) -> None: ...

