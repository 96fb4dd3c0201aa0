"""Flash Point's parts hooked into the common Sega loop: the flashing cells left in the well,
the stage bonus counting down, and 2 Cell Move's gravity."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.events import Event
from games.flashpoint.rules import decisions as dec
from games.flashpoint.rules.events import FLASH_GONE
from games.flashpoint.rules.stages import flashing_cells
from games.sega.player import ACTIVE
from games.sega.rules import Extras, Gravity

if TYPE_CHECKING:
    from games.sega.player import Player

# Source: tetris.wiki "Flash Point" (2 Cell Move: blocks fall two rows per frame).
TWO_CELL_GRAVITY = Gravity(frames=1, rows=2)
_COUNTDOWN = dec.BONUS_COUNTDOWN_FRAMES.value
_FLOOR = dec.BONUS_FLOOR.value


class FlashExtras(Extras):
    """One player's stage in progress. For the screen (read only): ``flashing_left``,
    ``bonus``; ``cleared`` turns True on the frame the last flashing cell goes."""

    __slots__ = ("bonus", "bonus_tick", "cleared", "flashing_left", "two_cell")

    def __init__(self) -> None:
        self.flashing_left = 0
        self.bonus = 0
        self.bonus_tick = 0
        self.cleared = False
        self.two_cell = False

    def begin_stage(self, flashing: int, bonus: int) -> None:
        self.flashing_left = flashing
        self.bonus = bonus
        self.bonus_tick = 0
        self.cleared = False

    # ---- hooks -----------------------------------------------------------------------
    def on_frame(self, player: Player, pressed: int, out: list[Event]) -> bool:
        if self.two_cell and player.gravity is not TWO_CELL_GRAVITY:
            player.gravity = TWO_CELL_GRAVITY
        if player.phase == ACTIVE and self.bonus > _FLOOR:
            self.bonus_tick += 1
            if self.bonus_tick >= _COUNTDOWN:
                self.bonus_tick = 0
                self.bonus -= 1
        return False

    def on_cleared(self, player: Player, lines: int, out: list[Event]) -> None:
        left = flashing_cells(player.field)
        if left < self.flashing_left:
            out.append(Event(FLASH_GONE, player.index, self.flashing_left - left))
        self.flashing_left = left
        if not left:
            self.cleared = True

    # ---- state -----------------------------------------------------------------------
    def state(self) -> tuple[Any, ...]:
        return (self.flashing_left, self.bonus, self.bonus_tick, self.cleared, self.two_cell)

    def restore(self, state: tuple[Any, ...]) -> None:
        (self.flashing_left, self.bonus, self.bonus_tick, self.cleared,
         self.two_cell) = state

    def summary(self) -> dict[str, int]:
        return {"flashing_left": self.flashing_left, "bonus": self.bonus}
