"""What the kiosk lends the service menu: the control panel, the outputs and the speaker.

The machine does not own the hardware; tests without a cabinet leave these None and the
menu shows "NOT CONNECTED".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol


class PanelView(Protocol):
    """cabinet.panel.ControlPanel as the input test uses it."""

    def last_sources(self) -> Mapping[str, tuple[str, ...]]: ...
    def states(self) -> list: ...  # type: ignore[type-arg]


class OutputsView(Protocol):
    """cabinet.outputs.CabinetOutputs as the output test uses it."""

    states: dict[str, bool]
    errors: dict[str, str]

    def override(self, output: str, on: bool | None) -> None: ...


class SpeakerView(Protocol):
    """cabinet.audio.Audio as the sound test uses it."""

    enabled: bool

    def play(self, name: str) -> bool: ...


def wall_clock() -> str:
    """When bookkeeping was cleared: local time, ISO 8601 to the second."""
    return datetime.now().isoformat(timespec="seconds")


@dataclass
class ServiceCabinet:
    panel: PanelView | None = None
    outputs: OutputsView | None = None
    audio: SpeakerView | None = None
    clock: Callable[[], str] = field(default=wall_clock)
    # The display mode, scaling and frame rate (the kiosk sets it; None outside a kiosk).
    video: Callable[[], str] | None = None
