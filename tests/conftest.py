import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

import firmware  # noqa: F401  (lends games/ the board's file reader: firmware/game_files.py)

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Hypothesis checks behaviour, never speed: its per-example deadline and its "input generation
# is slow" check fail on a loaded machine or under emulation (an arm64 root: 8 inputs in 1.3 s).
settings.register_profile("bloxcab", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("bloxcab")

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
