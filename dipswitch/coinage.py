"""SW1: the System 16 boards' standard coinage bank (Coin A on SW1:1-4, Coin B on SW1:5-8),
the cabinet's for every cartridge.

Each chute has a 4-bit value. A scheme is a list of steps (coins inserted, credits given in
total so far); when the last step is reached the chute's coin count starts again, so the
last step is the cycle ("5 coins 3 credits, 6 coins 4 credits" gives its 4th credit at the
6th coin and starts over).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property

from dipswitch.bank import DipBank, DipSwitch


class Chute(IntEnum):
    """Coin chutes by the coin input that feeds them (InputFrame.coin1 -> A, coin2 -> B)."""

    A = 1
    B = 2


@dataclass(frozen=True)
class CoinScheme:
    """One row of the coinage table: its 4-bit DIP value, label and credit steps."""

    value: int
    label: str
    steps: tuple[tuple[int, int], ...]

    @property
    def cycle_coins(self) -> int:
        return self.steps[-1][0]

    @property
    def cycle_credits(self) -> int:
        return self.steps[-1][1]

    def credits_at(self, coins_in_cycle: int) -> int:
        """Credits given in total once ``coins_in_cycle`` coins of the cycle are in."""
        got = 0
        for coins, credits in self.steps:
            if coins <= coins_in_cycle:
                got = credits
        return got

    def credits_for(self, coins: int) -> int:
        """Credits that ``coins`` coins buy from an empty chute."""
        whole, rest = divmod(coins, self.cycle_coins)
        return whole * self.cycle_credits + self.credits_at(rest)

    def coins_for(self, credits: int) -> int:
        """The fewest coins that buy at least ``credits`` credits from an empty chute."""
        coins = 0
        while self.credits_for(coins) < credits:
            coins += 1
        return coins


# Source: MAME's System 16 SW1 coinage table (segaipt.h), used by the DIP definitions of
# segas16b.cpp and segas18.cpp. Steps for the bonus rows are the table's
# own figures ("2C/1C 5/3 6/4" = 1 credit at 2 coins, 3 at 5, 4 at 6).
# How plain and bonus rows count coins: DIP_DECISIONS coin_step and coin_bonus_steps.
COINAGE: dict[int, CoinScheme] = {s.value: s for s in (
    CoinScheme(0xF, "1 Coin/1 Credit", ((1, 1),)),
    CoinScheme(0xE, "1 Coin/2 Credits", ((1, 2),)),
    CoinScheme(0xD, "1 Coin/3 Credits", ((1, 3),)),
    CoinScheme(0xC, "1 Coin/4 Credits", ((1, 4),)),
    CoinScheme(0xB, "1 Coin/5 Credits", ((1, 5),)),
    CoinScheme(0xA, "1 Coin/6 Credits", ((1, 6),)),
    CoinScheme(0x9, "2 Coins/1 Credit", ((2, 1),)),
    CoinScheme(0x8, "3 Coins/1 Credit", ((3, 1),)),
    CoinScheme(0x7, "4 Coins/1 Credit", ((4, 1),)),
    CoinScheme(0x6, "2 Coins/3 Credits", ((2, 3),)),
    CoinScheme(0x5, "2 Coins/1 Credit, 5/3, 6/4", ((2, 1), (4, 2), (5, 3), (6, 4))),
    CoinScheme(0x4, "2 Coins/1 Credit, 4/3", ((2, 1), (4, 3))),
    CoinScheme(0x3, "1 Coin/1 Credit, 5/6", ((1, 1), (2, 2), (3, 3), (4, 4), (5, 6))),
    CoinScheme(0x2, "1 Coin/1 Credit, 4/5", ((1, 1), (2, 2), (3, 3), (4, 5))),
    CoinScheme(0x1, "1 Coin/1 Credit, 2/3", ((1, 1), (2, 3))),
    # Value 0 is free play only when the other chute is 0 too; otherwise it counts as 1C/1C.
    CoinScheme(0x0, "Free Play (if other chute 0 too) or 1/1", ((1, 1),)),
)}

FREE_PLAY_VALUE = 0x0
FACTORY_VALUE = 0xF  # Source: MAME segas16b.cpp / segas18.cpp (factory 0xF = 1C/1C)


@dataclass(frozen=True)
class CoinSettings:
    """The coin rate of each chute. Free play when both chutes are set to value 0."""

    chute_a: CoinScheme = COINAGE[FACTORY_VALUE]
    chute_b: CoinScheme = COINAGE[FACTORY_VALUE]

    @cached_property  # read every frame (lockout, start lamps); the settings never change
    def free_play(self) -> bool:
        # Source: MAME segaipt.h "Free Play (if Coin B too) or 1/1"
        return self.chute_a.value == FREE_PLAY_VALUE and self.chute_b.value == FREE_PLAY_VALUE

    def scheme(self, chute: Chute) -> CoinScheme:
        return self.chute_a if chute is Chute.A else self.chute_b

    @staticmethod
    def of(value_a: int, value_b: int) -> CoinSettings:
        for v in (value_a, value_b):
            if v not in COINAGE:
                raise ValueError(f"a coinage value is 0-15 (0x0-0xF), not {v!r}")
        return CoinSettings(COINAGE[value_a], COINAGE[value_b])

    @staticmethod
    def free() -> CoinSettings:
        return CoinSettings.of(FREE_PLAY_VALUE, FREE_PLAY_VALUE)


def _chute_switch(name: str, first: int, other: str) -> DipSwitch:
    shift = first - 1
    return DipSwitch(
        name,
        tuple(range(first, first + 4)),
        tuple(
            (s.label.replace("other chute", other), s.value << shift)
            for s in COINAGE.values()
        ),
        COINAGE[FACTORY_VALUE].label,
    )


# Source: MAME sys16_common: Coin A = SW1:1-4 (low nibble), Coin B = SW1:5-8 (high nibble).
SW1 = DipBank("SW1", (
    _chute_switch("Coin A", 1, "Coin B"),
    _chute_switch("Coin B", 5, "Coin A"),
))


def decode_coinage(byte: int) -> tuple[CoinSettings, str | None]:
    """Coin settings from the SW1 byte. Every byte is a valid coinage; a value out of
    range gives the factory setting and a notice."""
    reading = SW1.decode(byte)
    b = reading.byte
    return CoinSettings.of(b & 0x0F, b >> 4), reading.notice


def encode_coinage(settings: CoinSettings) -> int:
    return (settings.chute_b.value << 4) | settings.chute_a.value
