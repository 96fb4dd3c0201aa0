import os
from collections.abc import Iterator

import pytest

import firmware  # noqa: F401  (lends games/ the board's file reader: firmware/game_files.py)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Long soak / fuzz / power-cut runs: BLOXCAB_LONG=1 (make test-long).
LONG = os.environ.get("BLOXCAB_LONG") == "1"


@pytest.fixture
def tiny() -> Iterator[None]:
    """The tiny test-only cartridge (tests/tiny_cartridge.py) plugged in for one test."""
    from games import registry
    from tests.tiny_cartridge import CARTRIDGE

    registry.register(CARTRIDGE)
    try:
        yield
    finally:
        registry.unregister(CARTRIDGE.id)
