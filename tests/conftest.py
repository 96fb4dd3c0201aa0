import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Long soak / fuzz / power-cut runs: BLOXCAB_LONG=1 (make test-long).
LONG = os.environ.get("BLOXCAB_LONG") == "1"
