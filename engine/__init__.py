"""The game rules: pure and deterministic (no I/O, no clock, no randomness of its own)."""

from engine.events import Event
from engine.game import ENGINE_VERSION, Game
from engine.inputs import NO_INPUT, InputFrame, PlayerInput
from engine.registry import RULES, get_rules
from engine.settings import Difficulty, GameSettings

__all__ = [
    "ENGINE_VERSION",
    "NO_INPUT",
    "RULES",
    "Difficulty",
    "Event",
    "Game",
    "GameSettings",
    "InputFrame",
    "PlayerInput",
    "get_rules",
]
