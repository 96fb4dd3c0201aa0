"""The shared kit, pure and deterministic (no I/O, no clock, no randomness of its own):
field, pieces, randomizers, rotation, the Sega player loop, replays, and the GameSession
seam every cartridge's game implements (engine/session.py)."""

from engine.events import Event
from engine.game import Game
from engine.inputs import NO_INPUT, InputFrame, PlayerInput
from engine.session import GameSession
from engine.settings import Difficulty, GameSettings
from engine.version import ENGINE_VERSION

__all__ = [
    "ENGINE_VERSION",
    "NO_INPUT",
    "Difficulty",
    "Event",
    "Game",
    "GameSession",
    "GameSettings",
    "InputFrame",
    "PlayerInput",
]
