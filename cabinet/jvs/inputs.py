"""Switch and coin bytes (replies to 0x20 and 0x21) <-> control names and counts."""

from __future__ import annotations

from dataclasses import dataclass

from cabinet.jvs.codes import COIN_COUNT_MASK, CoinCondition

# Source: JVS-TR Table 10: system byte, bit 7 TEST, bits 6-4 TILT1-3.
SYSTEM_BITS: dict[str, int] = {"test": 0x80, "tilt": 0x40, "tilt2": 0x20, "tilt3": 0x10}

# Source: JVS-TR Table 10: a player's switches as (byte index, bit mask); 1 = pressed.
PLAYER_BITS: dict[str, tuple[int, int]] = {
    "start": (0, 0x80),
    "service": (0, 0x40),
    "up": (0, 0x20),
    "down": (0, 0x10),
    "left": (0, 0x08),
    "right": (0, 0x04),
    "b1": (0, 0x02),
    "b2": (0, 0x01),
    "b3": (1, 0x80),
    "b4": (1, 0x40),
    "b5": (1, 0x20),
    "b6": (1, 0x10),
    "b7": (1, 0x08),
    "b8": (1, 0x04),
}

# The switches `jvs-probe --watch` prints per player, in its order.
WATCH_SWITCHES = ("start", "service", "up", "down", "left", "right", "b1", "b2", "b3")


@dataclass(frozen=True)
class SwitchState:
    """Decoded 0x20 reply: system switch names and, per player, the held switch names."""

    system: frozenset[str]
    players: tuple[frozenset[str], ...]

    def controls(self) -> frozenset[str]:
        """Held switches as cabinet control names (cabinet/source.py)."""
        held: set[str] = set()
        if "test" in self.system:
            held.add("test")
        if self.system & {"tilt", "tilt2", "tilt3"}:
            held.add("tilt")
        for number, switches in enumerate(self.players[:2], start=1):
            for name in switches:
                if name == "service":
                    held.add("service")
                elif name in ("up", "down", "left", "right", "b1", "b2", "b3", "start"):
                    held.add(f"p{number}.{name}")
        return frozenset(held)


RELEASED = SwitchState(frozenset(), (frozenset(), frozenset()))


def decode_switches(data: bytes, players: int, bytes_per_player: int) -> SwitchState:
    """Decode the data of a 0x20 answer. Short data decodes as released."""
    if len(data) < 1 + players * bytes_per_player:
        return RELEASED
    system = frozenset(name for name, mask in SYSTEM_BITS.items() if data[0] & mask)
    decoded = []
    for player in range(players):
        chunk = data[1 + player * bytes_per_player : 1 + (player + 1) * bytes_per_player]
        decoded.append(
            frozenset(
                name
                for name, (index, mask) in PLAYER_BITS.items()
                if index < len(chunk) and chunk[index] & mask
            )
        )
    return SwitchState(system, tuple(decoded))


def encode_switches(
    system: set[str] | frozenset[str],
    players: list[set[str]] | tuple[frozenset[str], ...],
    bytes_per_player: int,
) -> bytes:
    out = bytearray((sum(SYSTEM_BITS[n] for n in system if n in SYSTEM_BITS),))
    for switches in players:
        chunk = bytearray(bytes_per_player)
        for name in switches:
            index, mask = PLAYER_BITS[name]
            if index < bytes_per_player:
                chunk[index] |= mask
        out += chunk
    return bytes(out)


@dataclass(frozen=True)
class CoinSlot:
    """One slot of a 0x21 reply (JVS-TR §4.3.11): condition (top 2 bits) and 14-bit count."""

    condition: CoinCondition
    count: int


def decode_coins(data: bytes) -> tuple[CoinSlot, ...]:
    return tuple(
        CoinSlot(CoinCondition(data[i] >> 6), ((data[i] << 8) | data[i + 1]) & COIN_COUNT_MASK)
        for i in range(0, len(data) - 1, 2)
    )


def encode_coin(condition: int, count: int) -> bytes:
    word = ((condition & 0x3) << 14) | (count & COIN_COUNT_MASK)
    return bytes((word >> 8, word & 0xFF))
