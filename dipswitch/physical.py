"""Soft DIPs (kept in save data) against a physical DIP bank on the cabinet."""

from __future__ import annotations


def override(soft_byte: int, physical_byte: int | None) -> int:
    """The byte in force: the physical bank wins when the cabinet has one fitted.

    Reading the physical bank's pins is cabinet/'s job; None means no bank is fitted.
    """
    return soft_byte if physical_byte is None else physical_byte
