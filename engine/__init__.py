"""What every game uses, pure and deterministic (no I/O, no clock, no randomness of its own):
inputs, events, the field's bits, pieces, replays, decisions and the GameSession seam every
cartridge's game implements (engine/session.py). The game families' kits live under games/."""

from engine.events import Event
from engine.inputs import NO_INPUT, InputFrame, PlayerInput
from engine.session import GameSession
from engine.settings import Difficulty, GameSettings

__all__ = [
    "NO_INPUT",
    "Difficulty",
    "Event",
    "GameSession",
    "GameSettings",
    "InputFrame",
    "PlayerInput",
]
