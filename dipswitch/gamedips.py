"""The typed result of a game's SW2 bank, and the parts every Sega SW2 bank shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from dipswitch.bank import DipBank, DipSwitch
from engine import Difficulty, GameSettings


@dataclass(frozen=True)
class GameDips:
    """What SW2 sets: the rules' settings plus the cabinet-level ones (attract audio,
    whether a second player may challenge to a versus game)."""

    settings: GameSettings = field(default_factory=GameSettings)
    demo_sounds: bool = True
    allow_vs: bool = False


@dataclass(frozen=True)
class GameBank:
    """A game's SW2 definition with its decoding into typed settings and back."""

    game: str
    bank: DipBank
    to_typed: Callable[[dict[str, str]], GameDips]
    to_labels: Callable[[GameDips], dict[str, str]]

    @property
    def factory(self) -> int:
        return self.bank.factory

    def decode(self, byte: int) -> tuple[GameDips, str | None]:
        """Typed settings for a byte; a byte that cannot be decoded gives the factory
        settings and a notice (never an exception)."""
        reading = self.bank.decode(byte)
        return self.to_typed(reading.labels), reading.notice

    def encode(self, dips: GameDips) -> int:
        """The byte for these settings. Fields this game's bank does not hold are ignored;
        a value the bank cannot hold is a ValueError naming the choices."""
        return self.bank.encode(self.to_labels(dips))


# Source: MAME segas16b.cpp (Tetris) and segas18.cpp (Bloxeed) DSW2 (SW2:5,6 Difficulty: Easy
# 0x20, Normal 0x30, Hard 0x10, Hardest 0x00); MAME segas16b.cpp / segas18.cpp DIP definitions,
# MAME segas16b.cpp / segas18.cpp.
DIFFICULTY_LABELS: dict[str, Difficulty] = {
    "Easy": Difficulty.EASY,
    "Normal": Difficulty.NORMAL,
    "Hard": Difficulty.HARD,
    "Hardest": Difficulty.HARDEST,
}
DIFFICULTY = DipSwitch(
    "Difficulty",
    (5, 6),
    (("Easy", 0x20), ("Normal", 0x30), ("Hard", 0x10), ("Hardest", 0x00)),
    "Normal",
)

# Source: MAME's Tetris and Bloxeed DSW2: SW2:2 Demo Sounds Off 0x02 / On 0x00, default On.
DEMO_SOUNDS = DipSwitch("Demo Sounds", (2,), (("Off", 0x02), ("On", 0x00)), "On")


def on_off(flag: bool) -> str:
    return "On" if flag else "Off"


def difficulty_label(difficulty: Difficulty) -> str:
    for label, value in DIFFICULTY_LABELS.items():
        if value == difficulty:
            return label
    raise ValueError(f"unknown difficulty {difficulty!r}")
