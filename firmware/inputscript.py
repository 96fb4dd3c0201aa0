"""Input scripts: text, one event a line: ``FRAME CONTROL down|up`` (``#`` starts a comment).

Controls: coin1 coin2 service test tilt p1.start p1.up p1.down p1.left p1.right p1.b1
p1.b2 p1.b3 and the same for p2. A coin ``down`` is one coin edge in that frame.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from cabinet.source import CONTROLS
from engine.inputs import InputFrame, PlayerInput
from firmware.errors import UsageError
from firmware.file_decisions import FILE_DECISIONS
from firmware.regular_file import UnfitFile, read_regular

SCRIPT_CONTROLS = frozenset((*CONTROLS, "coin1", "coin2"))


@dataclass(frozen=True)
class ScriptEvent:
    frame: int
    control: str
    down: bool


MAX_SCRIPT_FRAME: int = FILE_DECISIONS["script_frame"].value
MAX_SCRIPT_BYTES: int = FILE_DECISIONS["script_bytes"].value
_FRAME = re.compile(r"[0-9]{1,10}", re.ASCII)


def parse_line(line: str, where: str) -> ScriptEvent:
    """One event line (comment and blanks already removed); UsageError naming the line."""
    if not line.replace("\t", " ").isprintable():
        raise UsageError(f"{where}: not text (control or binary characters)")
    parts = line.split()
    if len(parts) != 3:
        raise UsageError(f"{where}: expected 'FRAME CONTROL down|up', got {_shown(line)}")
    frame_text, control, state = parts
    if not _FRAME.fullmatch(frame_text) or int(frame_text) > MAX_SCRIPT_FRAME:
        raise UsageError(f"{where}: frame must be a whole number 0-{MAX_SCRIPT_FRAME}, "
                         f"not {_shown(frame_text)}")
    if control not in SCRIPT_CONTROLS:
        raise UsageError(f"{where}: unknown control {_shown(control)}")
    if state not in ("down", "up"):
        raise UsageError(f"{where}: state must be 'down' or 'up', not {_shown(state)}")
    return ScriptEvent(int(frame_text), control, state == "down")


def parse_script(text: str, name: str = "input script") -> list[ScriptEvent]:
    """Events in file order; frame numbers may repeat but never go back."""
    events: list[ScriptEvent] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{name} line {number}"
        event = parse_line(line, where)
        if events and event.frame < events[-1].frame:
            raise UsageError(f"{where}: frame {event.frame} comes after frame "
                             f"{events[-1].frame}; events must be in frame order")
        events.append(event)
    return events


def load_script(path: str) -> list[ScriptEvent]:
    try:
        raw = read_regular(path, MAX_SCRIPT_BYTES)
    except UnfitFile as exc:
        raise UsageError(f"input script {path}: {exc.strerror}") from None
    except OSError as exc:
        raise UsageError(f"cannot read input script {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"input script {path}: not UTF-8 text (byte {exc.start})") from None
    return parse_script(text, path)


def _shown(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 40 else shown[:37] + "..."


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
