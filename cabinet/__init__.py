"""The physical cabinet: input sources, outputs, video, audio."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
