"""A headless kiosk with an operator at the coin door, for the service-menu tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from firmware.kiosk import Kiosk, KioskOptions
from tools.operator import Operator


@contextmanager
def cabinet(save_dir: Path, audio: bool = False) -> Iterator[Operator]:
    kiosk = Kiosk(KioskOptions(mode="headless", inputs=[], save_dir=save_dir, audio=audio))
    try:
        yield Operator(kiosk)
    finally:
        kiosk.close()
