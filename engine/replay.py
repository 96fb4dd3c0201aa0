"""Replay codec: run-length-encoded input frames plus what is needed to re-simulate.

Pure (text in, text out); reading and writing files is firmware's job.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.game import ENGINE_VERSION, Game
from engine.inputs import InputFrame
from engine.settings import GameSettings

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
        try:
            header: dict[str, Any] = json.loads(lines[1])
            runs = []
            for token in " ".join(lines[2:]).split():
                bits, _, count = token.partition("*")
                runs.append((int(bits, 16), int(count) if count else 1))
            replay = Replay(
                rules=str(header["rules"]),
                settings=GameSettings.from_dict(header["settings"]),
                seed=int(header["seed"]),
                players=int(header["players"]),
                inputs=decode_runs(runs),
                final_hash=str(header["final_hash"]),
                engine=str(header["engine"]),
                checkpoints={int(k): str(v) for k, v in header.get("checkpoints", {}).items()},
                piece_seed=None if header.get("piece_seed") is None
                else int(header["piece_seed"]),
            )
        except (KeyError, ValueError, TypeError) as exc:
            raise ReplayError(f"damaged replay: {exc}") from None
        if len(replay.inputs) != int(header.get("frames", len(replay.inputs))):
            raise ReplayError("damaged replay: frame count does not match the inputs")
        return replay


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
