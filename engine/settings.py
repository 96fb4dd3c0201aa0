"""The game settings the engine takes (decoded from DIP switches by dipswitch/)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class Difficulty(IntEnum):
    EASY = 0
    NORMAL = 1
    HARD = 2
    HARDEST = 3

    @property
    def label(self) -> str:
        return self.name.lower()

    @staticmethod
    def parse(text: str) -> Difficulty:
        try:
            return Difficulty[text.upper()]
        except KeyError:
            raise ValueError(
                f"difficulty must be easy, normal, hard or hardest, not {text!r}"
            ) from None


@dataclass(frozen=True, slots=True)
class GameSettings:
    """Rule-affecting settings. ``lines_per_level`` None means the rules' own default."""

    difficulty: Difficulty = Difficulty.NORMAL
    lines_per_level: int | None = None
    high_speed: bool = True
    versus: bool = False

    def __post_init__(self) -> None:
        if self.lines_per_level is not None and self.lines_per_level not in (2, 3, 4):
            raise ValueError(f"lines per level must be 2, 3 or 4, not {self.lines_per_level}")

    def to_dict(self) -> dict[str, object]:
        return {
            "difficulty": self.difficulty.label,
            "lines_per_level": self.lines_per_level,
            "high_speed": self.high_speed,
            "versus": self.versus,
        }

    @staticmethod
    def from_dict(data: dict[str, object]) -> GameSettings:
        lpl = data.get("lines_per_level")
        return GameSettings(
            difficulty=Difficulty.parse(str(data.get("difficulty", "normal"))),
            lines_per_level=int(str(lpl)) if lpl is not None else None,
            high_speed=bool(data.get("high_speed", True)),
            versus=bool(data.get("versus", False)),
        )
