"""Rows for the service menu's DIP switch screen, laid out like the manual's table."""

from __future__ import annotations

from dataclasses import dataclass

from dipswitch.bank import POSITIONS, DipBank, DipSwitch, is_on


@dataclass(frozen=True)
class DipRow:
    """One setting: ``SW2:5-6 Difficulty``, each of its switches ON/OFF, and the meaning."""

    switch: str
    positions: tuple[tuple[int, str], ...]
    setting: str


def on_off_text(byte: int, position: int) -> str:
    return "ON" if is_on(byte, position) else "OFF"


def dip_rows(bank: DipBank, byte: int) -> tuple[list[DipRow], str | None]:
    """The rows for ``byte`` and the decode notice, if it fell back to the factory byte.

    Switches no setting covers get a row of their own labelled "unused".
    """
    reading = bank.decode(byte)
    shown = reading.byte
    rows: list[DipRow] = []
    covered: set[int] = set()
    for sw in bank.switches:
        covered.update(sw.positions)
        rows.append(DipRow(
            f"{bank.name}:{sw.location} {sw.name}",
            tuple((p, on_off_text(shown, p)) for p in sorted(sw.positions)),
            reading.labels[sw.name],
        ))
    for p in POSITIONS:
        if p not in covered:
            rows.append(DipRow(f"{bank.name}:{p} unused", ((p, on_off_text(shown, p)),), "-"))
    rows.sort(key=lambda r: r.positions[0][0])
    return rows, reading.notice


def bank_switches(byte: int) -> str:
    """The whole bank as the operator sees it: switch 1 first, e.g. ``OFF ON OFF ...``."""
    return " ".join(on_off_text(byte, p) for p in POSITIONS)


def setting_choices(switch: DipSwitch) -> list[tuple[str, tuple[str, ...]]]:
    """Every code of a setting as the manual prints it: label and ON/OFF per switch, for
    the soft-DIP editor (codes that share a label are all listed)."""
    return [
        (label, tuple(on_off_text(bits, p) for p in sorted(switch.positions)))
        for label, bits in switch.settings
    ]
