"""What makes one game's rules: parts composed, not copied game loops."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from engine.decision import DecisionTable
from engine.settings import GameSettings
from games.sega.randomizer import PieceTable, sega_random
from games.sega.rotation import RotationSystem

if TYPE_CHECKING:
    from engine.events import Event
    from games.sega.player import Player


@dataclass(frozen=True, slots=True)
class Delays:
    """Frame counts (1/60 s)."""

    das: int
    are: int
    lock: int
    line_clear: int
    garbage: int = 0


@dataclass(frozen=True, slots=True)
class Gravity:
    """``rows`` rows every ``frames`` frames. 1G = 1 row every frame."""

    frames: int
    rows: int = 1

    @property
    def soft_drop_allowed(self) -> bool:
        # Source: abomination.jp OGA "Introduction of Bloxeed", basic rules (soft drop is 1G
        # and impossible while gravity is 1G or faster).
        return self.frames > 1 and self.rows == 1


class PieceSource(Protocol):
    def next(self) -> int: ...
    def state(self) -> tuple[int, ...]: ...
    def restore(self, state: tuple[int, ...]) -> None: ...


class MainSeed:
    """The board's main seed, advanced by every call (kept in save data between games)."""

    __slots__ = ("default", "value")

    def __init__(self, value: int, default: int) -> None:
        self.value = value
        self.default = default

    def draw(self) -> int:
        self.value, result = sega_random(self.value, self.default)
        return result

    def attract_call(self) -> int:
        """The one extra call a Sega board makes when the game-over sequence plays through
        to attract mode without a Start press (its attract scene draws a random number);
        the next game then starts one call later."""
        return self.draw()


class Deal(Protocol):
    """The pieces of one game: a source per player, and the seeds to save afterwards."""

    main: MainSeed
    piece_seed: int

    def source(self, player: int) -> PieceSource: ...


@dataclass
class TableDeal:
    """One drawn piece table for the game (Sega Tetris, Flash Point); each player walks it
    from entry 1."""

    table: PieceTable
    main: MainSeed
    piece_seed: int

    def source(self, player: int) -> PieceSource:
        return PieceTable(self.table.entries, self.table.seed_after)


class Extras:
    """Game-specific parts hooked into the common player loop (garbage, power blocks...).
    The base does nothing: Tetris (1988) has no extras."""

    def on_frame(self, player: Player, pressed: int, out: list[Event]) -> bool:
        """Called every frame after the lever's DAS count and the buttons were read
        (``pressed``: button bits newly pressed this frame); return True if the extra
        handled the whole frame."""
        return False

    def on_spawn(self, player: Player) -> None: ...

    def on_lock(
        self, player: Player, cells: list[tuple[int, int]], full_rows: list[int],
        out: list[Event],
    ) -> list[int]:
        """Called after a lock wrote the piece's ``cells`` (row, column); returns the rows
        to clear."""
        return full_rows

    def on_cleared(self, player: Player, lines: int, out: list[Event]) -> None:
        """Called on the frame the cleared rows collapse (the player is then in ARE)."""

    def counts_for_level(self, player: Player) -> bool:
        return True

    def state(self) -> tuple[Any, ...]:
        """What the state hash covers."""
        return ()

    def snapshot(self) -> tuple[Any, ...]:
        """What a snapshot keeps: the hashed ``state``, and in a game that needs it more."""
        return self.state()

    def restore(self, state: tuple[Any, ...]) -> None:
        """Back to a ``snapshot``."""


@dataclass(frozen=True)
class Rules:
    id: str
    title: str
    rotation: RotationSystem
    default_lines_per_level: int
    delays: Callable[[GameSettings], Delays]
    gravity: Callable[[int, GameSettings], Gravity]
    deal: Callable[[int, GameSettings], Deal]
    line_points: Callable[[int, int], int]
    drop_points: Callable[[int], int]
    level_timer: Callable[[int], int]
    decisions: DecisionTable
    # The cartridge's rules version (its RULES_VERSION): replays and ranking rows carry it.
    rules_version: int
    extras: Callable[[Player, GameSettings, MainSeed], Extras] | None = None
    tables: Callable[[], dict[str, object]] = field(default=lambda: {})
    # (main seed, piece seed, settings) -> Deal: a game that replays a kept piece sequence.
    deal_with_piece_seed: Callable[[int, int, GameSettings], Deal] | None = None
    # Called once a frame after both players stepped, in versus only (None: no versus).
    versus: Callable[[Player, Player, list[Event]], None] | None = None
    # main seed -> main seed after the attract scene's one randomizer call, made when the
    # game-over sequence reaches attract mode without a Start press (None: no such call).
    attract_call: Callable[[int], int] | None = None

    def lines_per_level(self, settings: GameSettings) -> int:
        return settings.lines_per_level or self.default_lines_per_level
