"""Master's two counters on the Ti player: the displayed level decides sections, the speed
level (displayed level + 100 a COOL) decides gravity and delays; COOLs are judged at x70
and REGRETs at each section's end (tables and rules in games/ti/rules/master.py)."""

from __future__ import annotations

from typing import Any

from engine.events import Event
from games.arika.timing import TWENTY_G, Timing
from games.ti.rules import master
from games.ti.rules.player import TI_EXTRAS, TiPlayer

COOL = "cool"  # value: the section whose x70 time was a COOL
REGRET = "regret"  # value: the section that took too long


class SpeedLevelPlayer(TiPlayer):
    __slots__ = (
        "cool_pending",
        "cools",
        "last_cool",
        "last_x70",
        "regrets",
        "require_baseline",
        "speed_bonus",
        "steps",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.speed_bonus = 0
        self.cools = 0
        self.regrets = 0
        self.steps = 0  # grade steps from sections: +1 a COOL, -1 a REGRET
        self.cool_pending = False
        self.last_cool = False
        self.last_x70: int | None = None
        self.require_baseline = False  # the "cool_rule" switch: NullpoMino's reading
        super().__init__(*args, **kwargs)

    @property
    def speed_level(self) -> int:
        return self.level + self.speed_bonus

    def level_to(self, level: int, out: list[Event], lock: bool = False) -> None:
        old = self.level
        section = old // 100
        if old % 100 < master.COOL_LEVEL <= level % 100 or (
                level // 100 > section and old % 100 < master.COOL_LEVEL):
            x70 = self.clock - self.section_start
            self.cool_pending = master.cool(section, x70, self.last_x70, self.last_cool,
                                            self.require_baseline)
            if self.cool_pending:
                out.append(Event(COOL, self.index, section))
            self.last_x70 = x70
        super().level_to(level, out, lock)
        if level // 100 != section:
            regret = master.regret(section, self.section_frames[-1])
            won = self.cool_pending
            if regret:
                self.regrets += 1
                out.append(Event(REGRET, self.index, section))
            if won:
                self.cools += 1
                self.speed_bonus += master.SPEED_PER_COOL
            self.steps += master.section_steps(won, regret)
            self.last_cool = won
            self.cool_pending = False
        speed = self.speed_level
        self.g = self.rules.gravity_at(master.gravity_level(speed))
        self.twenty_g = self.g >= TWENTY_G
        if not lock:
            self.timing = master.timing_at(speed)

    def timing_now(self) -> Timing:
        return master.timing_at(self.speed_level)

    def extra_state(self) -> tuple[Any, ...]:
        return (*super().extra_state(), self.speed_bonus, self.cools, self.regrets, self.steps,
                int(self.cool_pending), int(self.last_cool), self.last_x70)

    def restore(self, snap: tuple[Any, ...]) -> None:
        super().restore(snap)
        (self.speed_bonus, self.cools, self.regrets, self.steps, pending, last,
         self.last_x70) = snap[-1][TI_EXTRAS:]
        self.cool_pending, self.last_cool = bool(pending), bool(last)
