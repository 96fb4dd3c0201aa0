"""Replay codec: run-length-encoded input frames plus what is needed to re-simulate.

Pure (text in, text out); reading and writing files is firmware's job.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from engine.game import ENGINE_VERSION, Game
from engine.inputs import InputFrame
from engine.settings import Difficulty, GameSettings

REPLAY_MAGIC = "BLXR"
REPLAY_FORMAT = 1
CHECKPOINT_EVERY = 600  # frames between state-hash checkpoints (10 s)
_TOKENS_PER_LINE = 16


class ReplayError(ValueError):
    """The replay text is not a valid replay."""


def encode_runs(frames: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for bits in frames:
        if runs and runs[-1][0] == bits:
            runs[-1] = (bits, runs[-1][1] + 1)
        else:
            runs.append((bits, 1))
    return runs


def decode_runs(runs: list[tuple[int, int]]) -> list[int]:
    frames: list[int] = []
    for bits, count in runs:
        frames.extend([bits] * count)
    return frames


@dataclass
class Replay:
    rules: str
    settings: GameSettings
    seed: int
    players: int
    inputs: list[int]  # InputFrame.to_bits() per frame
    final_hash: str = ""
    engine: str = ENGINE_VERSION
    checkpoints: dict[int, str] = field(default_factory=dict)
    piece_seed: int | None = None  # Bloxeed "same sequence again": the kept piece seed

    def to_text(self) -> str:
        header = {
            "rules": self.rules,
            "settings": self.settings.to_dict(),
            "seed": self.seed,
            "players": self.players,
            "engine": self.engine,
            "frames": len(self.inputs),
            "final_hash": self.final_hash,
            "checkpoints": {str(k): v for k, v in sorted(self.checkpoints.items())},
        }
        if self.piece_seed is not None:
            header["piece_seed"] = self.piece_seed
        tokens = [f"{bits:x}*{count}" if count > 1 else f"{bits:x}"
                  for bits, count in encode_runs(self.inputs)]
        lines = [" ".join(tokens[i:i + _TOKENS_PER_LINE])
                 for i in range(0, len(tokens), _TOKENS_PER_LINE)]
        return "\n".join([f"{REPLAY_MAGIC} {REPLAY_FORMAT}", json.dumps(header), *lines]) + "\n"

    @staticmethod
    def from_text(text: str) -> Replay:
        lines = text.splitlines()
        if len(lines) < 2 or lines[0].split() != [REPLAY_MAGIC, str(REPLAY_FORMAT)]:
            raise ReplayError(f"not a replay file (first line must be '{REPLAY_MAGIC} "
                              f"{REPLAY_FORMAT}')")
        header = parse_header(lines[1])
        frames = header_count(header, "frames", MAX_FRAMES)
        inputs = decode_runs(parse_runs(lines[2:], frames))
        if len(inputs) != frames:
            raise ReplayError(f"damaged replay: the inputs hold {len(inputs)} frames, the "
                              f"header says {frames}")
        piece_seed = header.get("piece_seed")
        return Replay(
            rules=header_text(header, "rules"),
            settings=parse_settings(header.get("settings", _MISSING)),
            seed=header_count(header, "seed", MAX_SEED),
            players=header_players(header),
            inputs=inputs,
            final_hash=header_hash(header.get("final_hash", _MISSING), "final_hash"),
            engine=header_text(header, "engine"),
            checkpoints=parse_checkpoints(header.get("checkpoints", {}), frames),
            piece_seed=None if piece_seed is None else header_count(header, "piece_seed",
                                                                    MAX_SEED),
        )


# ---- validation at load: every field typed and bounded, so a loaded replay always plays ----
# A damaged file is refused here with one line, never later inside the engine or the kiosk.

# decision: a replay holds at most 4 hours of play (60 Hz); longer is damage, not a game.
MAX_FRAMES = 4 * 60 * 60 * 60
MAX_SEED = 0xFFFFFFFF  # seeds are 32-bit (Game masks them to 32 bits)
MAX_INPUT_BITS = (1 << 25) - 1  # InputFrame.to_bits(): 25 bits
MAX_HEADER_CHARS = 1 << 16  # decision: a real header is a few hundred characters
_MAX_INT_DIGITS = 20  # no header number needs more digits than 2**64
_MAX_TEXT = 64  # rules id, engine version, state hashes
_MISSING = object()
_RUN = re.compile(r"([0-9a-fA-F]{1,7})(?:\*([0-9]{1,20}))?", re.ASCII)
_HASH = re.compile(r"[0-9a-f]{1,64}", re.ASCII)


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > _MAX_INT_DIGITS:
        raise ReplayError(f"damaged replay: a header number has {len(text)} digits")
    return int(text)


def _no_constant(text: str) -> object:
    raise ReplayError(f"damaged replay: {text} is not a number")


def parse_header(line: str) -> dict[str, Any]:
    """The JSON header line as a mapping; numbers bounded, nesting bounded by the line length
    and the parser's own recursion limit."""
    if len(line) > MAX_HEADER_CHARS:
        raise ReplayError(f"damaged replay: header of {len(line)} characters")
    try:
        header = json.loads(line, parse_int=_bounded_int, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ReplayError(f"damaged replay: header is not JSON ({_short(exc)})") from None
    if not isinstance(header, dict):
        raise ReplayError("damaged replay: header is not a JSON object")
    return header


def _short(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__


def header_count(header: dict[str, Any], key: str, top: int) -> int:
    value = header.get(key, _MISSING)
    if value is _MISSING:
        raise ReplayError(f"damaged replay: header has no {key!r}")
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ReplayError(f"damaged replay: {key!r} must be a whole number 0-{top}, "
                          f"not {_shown(value)}")
    return value


def header_players(header: dict[str, Any]) -> int:
    players = header_count(header, "players", 2)
    if players not in (1, 2):
        raise ReplayError(f"damaged replay: 'players' must be 1 or 2, not {players}")
    return players


def header_text(header: dict[str, Any], key: str) -> str:
    value = header.get(key, _MISSING)
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_TEXT or not value.isprintable():
        raise ReplayError(f"damaged replay: {key!r} must be a short text, not {_shown(value)}")
    return value


def header_hash(value: object, what: str) -> str:
    if not isinstance(value, str) or not (value == "" or _HASH.fullmatch(value)):
        raise ReplayError(f"damaged replay: {what} must be a hex state hash, not "
                          f"{_shown(value)}")
    return value


def parse_settings(value: object) -> GameSettings:
    """The settings mapping: known keys only, each of its own type."""
    if not isinstance(value, dict):
        raise ReplayError(f"damaged replay: 'settings' must be a mapping, not {_shown(value)}")
    known = ("difficulty", "lines_per_level", "high_speed", "versus")
    for key in value:
        if key not in known:
            raise ReplayError(f"damaged replay: unknown setting {_shown(key)}")
    difficulty = value.get("difficulty", "normal")
    lpl = value.get("lines_per_level")
    defaults = GameSettings()
    flags = {"high_speed": value.get("high_speed", defaults.high_speed),
             "versus": value.get("versus", defaults.versus)}
    if not isinstance(difficulty, str):
        raise ReplayError(f"damaged replay: difficulty must be a name, not {_shown(difficulty)}")
    if lpl is not None and (isinstance(lpl, bool) or not isinstance(lpl, int)):
        raise ReplayError(f"damaged replay: lines_per_level must be 2, 3, 4 or null, not "
                          f"{_shown(lpl)}")
    for key, flag in flags.items():
        if not isinstance(flag, bool):
            raise ReplayError(f"damaged replay: {key} must be true or false, not {_shown(flag)}")
    try:
        return GameSettings(Difficulty.parse(difficulty), lpl, flags["high_speed"],
                            flags["versus"])
    except ValueError as exc:
        raise ReplayError(f"damaged replay: {exc}") from None


def parse_checkpoints(value: object, frames: int) -> dict[int, str]:
    """``{"600": hash, ...}``: frame numbers 1..frames, each a hex state hash."""
    if not isinstance(value, dict):
        raise ReplayError(f"damaged replay: 'checkpoints' must be a mapping, not "
                          f"{_shown(value)}")
    checkpoints: dict[int, str] = {}
    for key, digest in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 7
                and 1 <= int(key) <= frames):
            raise ReplayError(f"damaged replay: checkpoint frame {_shown(key)} is not a frame "
                              f"of the game (1-{frames})")
        checkpoints[int(key)] = header_hash(digest, f"checkpoint {key}")
    return checkpoints


def parse_runs(lines: list[str], frames: int) -> list[tuple[int, int]]:
    """Run-length tokens ``BITS[*COUNT]`` (hex bits, decimal count); the running total may
    not pass ``frames`` (checked before anything is expanded)."""
    runs: list[tuple[int, int]] = []
    total = 0
    for number, line in enumerate(lines, start=3):
        for token in line.split():
            match = _RUN.fullmatch(token)
            if match is None:
                raise ReplayError(f"damaged replay: line {number}: bad input token "
                                  f"{_shown(token)}")
            bits, count = int(match[1], 16), int(match[2] or "1")
            if bits > MAX_INPUT_BITS or count < 1:
                raise ReplayError(f"damaged replay: line {number}: bad input token "
                                  f"{_shown(token)}")
            total += count
            if total > frames:
                raise ReplayError(f"damaged replay: line {number}: a run of {count} frames "
                                  f"takes the inputs past the {frames} frames the header "
                                  f"gives (at most {MAX_FRAMES})")
            runs.append((bits, count))
    return runs


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def record(
    rules: str, settings: GameSettings, seed: int, players: int, inputs: list[InputFrame],
    piece_seed: int | None = None,
) -> Replay:
    """Play ``inputs`` from the start and make a replay with checkpoints and final hash."""
    game = Game(rules, settings, seed, players, piece_seed=piece_seed)
    replay = Replay(rules, settings, seed, players, [f.to_bits() for f in inputs],
                    piece_seed=piece_seed)
    for number, frame in enumerate(inputs, start=1):
        game.step(frame)
        if number % CHECKPOINT_EVERY == 0:
            replay.checkpoints[number] = game.state_hash()
    replay.final_hash = game.state_hash()
    return replay


@dataclass(frozen=True)
class Verdict:
    ok: bool
    frames: int
    final_hash: str
    first_bad_checkpoint: int | None = None


def verify(replay: Replay) -> Verdict:
    game = Game(replay.rules, replay.settings, replay.seed, replay.players,
                piece_seed=replay.piece_seed)
    first_bad: int | None = None
    for number, bits in enumerate(replay.inputs, start=1):
        game.step(InputFrame.from_bits(bits))
        expected = replay.checkpoints.get(number)
        if expected is not None and first_bad is None and game.state_hash() != expected:
            first_bad = number
    final = game.state_hash()
    return Verdict(final == replay.final_hash and first_bad is None, len(replay.inputs), final,
                   first_bad)
