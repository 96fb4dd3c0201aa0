"""What an I/O board says about itself: ID string, revisions, feature check."""

from __future__ import annotations

from dataclasses import dataclass, field

from cabinet.jvs.codes import Feature


def decode_text(data: bytes) -> str:
    """The ASCII ID ended by 00 (JVS-TR §4.3, 0x10). Undecodable bytes become '?'."""
    return data.split(b"\x00", 1)[0].decode("ascii", errors="replace").replace("\ufffd", "?")


def encode_text(text: str) -> bytes:
    # Source: JVS-TR §4.3: the ID is at most 100 characters.
    return text.encode("ascii", errors="replace")[:100] + b"\x00"


def decode_bcd(byte: int) -> str:
    """A BCD revision byte as "major.minor": 0x13 -> "1.3" (JVS-TR §3.3)."""
    return f"{byte >> 4}.{byte & 0x0F}"


@dataclass(frozen=True)
class Features:
    """Feature-check answer (JVS-TR Table 8); ``entries`` keeps every raw entry by code."""

    players: int = 0
    switches_per_player: int = 0
    coin_slots: int = 0
    analog_channels: int = 0
    general_outputs: int = 0
    entries: dict[int, tuple[int, int, int]] = field(default_factory=dict)

    @property
    def switch_bytes(self) -> int:
        """Bytes per player in a 0x20 reply: one per 8 switches (JVS-TR Table 10)."""
        return (self.switches_per_player + 7) // 8

    @property
    def output_bytes(self) -> int:
        return (self.general_outputs + 7) // 8


def decode_features(data: bytes) -> Features:
    entries: dict[int, tuple[int, int, int]] = {}
    for pos in range(0, len(data) - 3, 4):
        code = data[pos]
        if code == Feature.END:
            break
        entries[code] = (data[pos + 1], data[pos + 2], data[pos + 3])
    none = (0, 0, 0)
    return Features(
        players=entries.get(Feature.SWITCHES, none)[0],
        switches_per_player=entries.get(Feature.SWITCHES, none)[1],
        coin_slots=entries.get(Feature.COINS, none)[0],
        analog_channels=entries.get(Feature.ANALOG, none)[0],
        general_outputs=entries.get(Feature.GENERAL_OUTPUTS, none)[0],
        entries=entries,
    )


def encode_features(entries: dict[int, tuple[int, int, int]]) -> bytes:
    out = bytearray()
    for code, params in entries.items():
        out += bytes((code, *params))
    return bytes(out) + bytes((Feature.END,))


@dataclass(frozen=True)
class BoardInfo:
    """One enumerated board, as `jvs-probe` prints it."""

    address: int
    id: str
    command_revision: str
    jvs_revision: str
    comm_version: str
    features: Features

    def as_json(self) -> dict[str, object]:
        return {
            "address": self.address,
            "id": self.id,
            "command_revision": self.command_revision,
            "jvs_revision": self.jvs_revision,
            "comm_version": self.comm_version,
            "players": self.features.players,
            "switches_per_player": self.features.switches_per_player,
            "coin_slots": self.features.coin_slots,
            "general_outputs": self.features.general_outputs,
        }
