"""A DIP bank as data: eight switches grouped into named settings.

Bit convention (the whole package keeps to it): a bank is stored as the byte MAME reads from
it. Switch n of the bank is bit n-1 (SW2:1 = 0x01 ... SW2:8 = 0x80), and a switch turned ON
reads 0, OFF reads 1 (active low). Source: Sega System 16 coinage DIP table (MAME segaipt) ("ON"
means the bit
reads 0); MAME segas16b.cpp / segas18.cpp PORT_DIPLOCATION lists.
So a bank with every switch OFF is 0xFF, and an unused switch is kept OFF (bit 1) when the
firmware encodes a byte. The factory byte is computed from the defaults, never typed in.
"""

from __future__ import annotations

from dataclasses import dataclass

POSITIONS = range(1, 9)
ALL_OFF = 0xFF


def position_bit(position: int) -> int:
    """The bit of switch ``position`` (1..8) in the bank's byte."""
    return 1 << (position - 1)


def is_on(byte: int, position: int) -> bool:
    """A switch is ON when its bit reads 0 (active low)."""
    return not byte & position_bit(position)


@dataclass(frozen=True)
class DipSwitch:
    """One setting of a bank: a name, the switch positions it uses and its settings.

    ``settings`` maps a label to the bits (already in place in the byte, as MAME writes
    them) that select it. Two labels may share a meaning (Bloxeed has two "2 lines" codes),
    so the settings are pairs, and the first pair for a label is the one encoding writes.
    """

    name: str
    positions: tuple[int, ...]
    settings: tuple[tuple[str, int], ...]
    default: str

    def __post_init__(self) -> None:
        if not self.positions or any(p not in POSITIONS for p in self.positions):
            raise ValueError(f"{self.name}: switch positions must be 1..8, not {self.positions}")
        for label, bits in self.settings:
            if bits & ~self.mask:
                raise ValueError(f"{self.name}: setting {label!r} uses bits outside its switches")
        codes = [bits for _, bits in self.settings]
        if len(set(codes)) != len(codes):
            raise ValueError(f"{self.name}: two settings share the same switch code")
        if self.default not in self.labels:
            raise ValueError(f"{self.name}: default {self.default!r} is not one of its settings")

    @property
    def mask(self) -> int:
        m = 0
        for p in self.positions:
            m |= position_bit(p)
        return m

    @property
    def labels(self) -> tuple[str, ...]:
        """Labels in table order, each once."""
        return tuple(dict.fromkeys(label for label, _ in self.settings))

    @property
    def location(self) -> str:
        """The manual's name for the switches, e.g. ``5-6`` or ``2``."""
        ps = sorted(self.positions)
        if len(ps) > 1 and ps == list(range(ps[0], ps[-1] + 1)):
            return f"{ps[0]}-{ps[-1]}"
        return ",".join(str(p) for p in ps)

    def bits_of(self, label: str) -> int:
        for name, bits in self.settings:
            if name == label:
                return bits
        raise ValueError(f"{self.name} has no setting {label!r}; choose one of: "
                         f"{', '.join(self.labels)}")

    def label_of(self, byte: int) -> str | None:
        """The setting the byte selects, or None for a code the table does not define."""
        code = byte & self.mask
        for label, bits in self.settings:
            if bits == code:
                return label
        return None


@dataclass(frozen=True)
class BankReading:
    """A decoded byte: each switch's setting label; ``notice`` says if it fell back."""

    byte: int
    labels: dict[str, str]
    notice: str | None = None


@dataclass(frozen=True)
class DipBank:
    """A bank of eight switches (``SW1``, ``SW2``) and the settings laid on them."""

    name: str
    switches: tuple[DipSwitch, ...]

    def __post_init__(self) -> None:
        used = 0
        for sw in self.switches:
            if used & sw.mask:
                raise ValueError(f"{self.name}: {sw.name} overlaps another setting")
            used |= sw.mask
        names = [sw.name for sw in self.switches]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.name}: setting names must be unique")

    @property
    def factory(self) -> int:
        """The factory byte: every setting at its default, free switches OFF."""
        return self.encode({})

    def switch(self, name: str) -> DipSwitch:
        for sw in self.switches:
            if sw.name == name:
                return sw
        raise ValueError(f"{self.name} has no setting {name!r}")

    def set(self, byte: int, name: str, label: str) -> int:
        """``byte`` with one setting changed and every other switch left as it was (the
        soft-DIP editor uses this, so unknown and unused switches keep their position)."""
        sw = self.switch(name)
        base = self.decode(byte).byte
        return (base & ~sw.mask) | sw.bits_of(label)

    def encode(self, labels: dict[str, str]) -> int:
        """The byte for these labels; settings not named keep their default."""
        unknown = set(labels) - {sw.name for sw in self.switches}
        if unknown:
            raise ValueError(f"{self.name} has no setting {sorted(unknown)[0]!r}")
        byte = ALL_OFF
        for sw in self.switches:
            byte = (byte & ~sw.mask) | sw.bits_of(labels.get(sw.name, sw.default))
        return byte

    def decode(self, byte: int) -> BankReading:
        """Labels for a byte. A byte that is not a byte, or selects a code no setting
        defines, gives the factory settings and a notice; never an exception."""
        if isinstance(byte, bool) or not isinstance(byte, int) or not 0 <= byte <= 0xFF:
            return self._fallback(f"{self.name}: {byte!r} is not a bank value (0-255)")
        labels: dict[str, str] = {}
        for sw in self.switches:
            label = sw.label_of(byte)
            if label is None:
                return self._fallback(
                    f"{self.name}: switches {sw.location} read an undefined {sw.name} "
                    f"setting (0x{byte:02X})"
                )
            labels[sw.name] = label
        return BankReading(byte, labels)

    def _fallback(self, why: str) -> BankReading:
        factory = self.factory
        reading = self.decode(factory)
        return BankReading(factory, reading.labels, f"{why}; factory settings used")
