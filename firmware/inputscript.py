"""Input scripts: text, one event a line: ``FRAME CONTROL down|up`` (``#`` starts a comment).

Controls: coin1 coin2 service test tilt p1.start p1.up p1.down p1.left p1.right p1.b1
p1.b2 p1.b3 and the same for p2. A coin ``down`` is one coin edge in that frame.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cabinet.source import CONTROLS
from engine.inputs import InputFrame, PlayerInput
from firmware.errors import UsageError

SCRIPT_CONTROLS = frozenset((*CONTROLS, "coin1", "coin2"))


@dataclass(frozen=True)
class ScriptEvent:
    frame: int
    control: str
    down: bool


def parse_script(text: str, name: str = "input script") -> list[ScriptEvent]:
    events: list[ScriptEvent] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        where = f"{name} line {number}"
        if len(parts) != 3:
            raise UsageError(f"{where}: expected 'FRAME CONTROL down|up', got {line!r}")
        frame_text, control, state = parts
        if not frame_text.isdigit():
            raise UsageError(f"{where}: frame must be a whole number, not {frame_text!r}")
        if control not in SCRIPT_CONTROLS:
            raise UsageError(f"{where}: unknown control {control!r}")
        if state not in ("down", "up"):
            raise UsageError(f"{where}: state must be 'down' or 'up', not {state!r}")
        events.append(ScriptEvent(int(frame_text), control, state == "down"))
    events.sort(key=lambda e: e.frame)
    return events


def load_script(path: str) -> list[ScriptEvent]:
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise UsageError(f"cannot read input script {path}: {exc.strerror}") from None
    return parse_script(text, path)


def random_inputs(seed: int, players: int = 1) -> Iterator[InputFrame]:
    """Endless deterministic random play: a new lever/button state every 1-8 frames."""
    import random

    rng = random.Random(seed)
    while True:
        p1 = PlayerInput.from_bits(rng.getrandbits(7))
        p2 = PlayerInput.from_bits(rng.getrandbits(7)) if players == 2 else PlayerInput()
        frame = InputFrame(p1, p2)
        for _ in range(rng.randint(1, 8)):
            yield frame
