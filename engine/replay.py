"""Replay codec: run-length-encoded input frames plus what is needed to re-simulate.

Pure (text in, text out); reading and writing files is firmware's job.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.inputs import InputFrame
from engine.session import GameSession, Seeds, Settings
from engine.version import ENGINE_VERSION

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
    """A game's construction (rules id, settings, seeds, players) and its input frames.

    ``settings`` and ``seeds`` are what the cartridge's session factory was given; the
    replay knows nothing of any one game."""

    rules: str
    settings: dict[str, Any]
    seeds: dict[str, int]
    players: int
    inputs: list[int]  # InputFrame.to_bits() per frame
    final_hash: str = ""
    engine: str = ENGINE_VERSION
    checkpoints: dict[int, str] = field(default_factory=dict)
    # (frame, player): the machine began a game for ``player`` just before that frame's step
    # (a second player joining a running game).
    joins: list[tuple[int, int]] = field(default_factory=list)
    # What the recorder wants kept with the game (cartridge id, ranked player...).
    meta: dict[str, Any] = field(default_factory=dict)

    def to_text(self) -> str:
        header = {
            "rules": self.rules,
            "settings": dict(self.settings),
            "seeds": dict(self.seeds),
            "players": self.players,
            "engine": self.engine,
            "frames": len(self.inputs),
            "final_hash": self.final_hash,
            "checkpoints": {str(k): v for k, v in sorted(self.checkpoints.items())},
        }
        if self.joins:
            header["joins"] = [list(j) for j in self.joins]
        if self.meta:
            header["meta"] = dict(self.meta)
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
                settings=dict(header["settings"]),
                seeds=_seeds(header),
                players=int(header["players"]),
                inputs=decode_runs(runs),
                final_hash=str(header["final_hash"]),
                engine=str(header["engine"]),
                checkpoints={int(k): str(v) for k, v in header.get("checkpoints", {}).items()},
                joins=[(int(f), int(p)) for f, p in header.get("joins", [])],
                meta=dict(header.get("meta", {})),
            )
        except (KeyError, ValueError, TypeError) as exc:
            raise ReplayError(f"damaged replay: {exc}") from None
        if len(replay.inputs) != int(header.get("frames", len(replay.inputs))):
            raise ReplayError("damaged replay: frame count does not match the inputs")
        return replay


def _seeds(header: dict[str, Any]) -> dict[str, int]:
    """Named seeds; replays written before the seam carried ``seed`` and ``piece_seed``."""
    if "seeds" in header:
        return {str(k): int(v) for k, v in dict(header["seeds"]).items()}
    seeds = {"main": int(header["seed"])}
    if header.get("piece_seed") is not None:
        seeds["piece"] = int(header["piece_seed"])
    return seeds


def record(
    session: GameSession, settings: Settings, seeds: Seeds, players: int,
    inputs: list[InputFrame],
) -> Replay:
    """Play ``inputs`` on a fresh ``session`` (built from ``settings``, ``seeds`` and
    ``players``) and make a replay with checkpoints and the final hash."""
    replay = Replay(session.rules_id, dict(settings), dict(seeds), players,
                    [f.to_bits() for f in inputs])
    for number, frame in enumerate(inputs, start=1):
        session.step(frame)
        if number % CHECKPOINT_EVERY == 0:
            replay.checkpoints[number] = session.state_hash()
    replay.final_hash = session.state_hash()
    return replay


@dataclass(frozen=True)
class Verdict:
    ok: bool
    frames: int
    final_hash: str
    first_bad_checkpoint: int | None = None


def verify(replay: Replay, session: GameSession) -> Verdict:
    """Re-simulate ``replay`` on ``session``, a fresh session built from the replay's
    rules, settings, seeds and players."""
    first_bad: int | None = None
    joins: dict[int, list[int]] = {}
    for at, player in replay.joins:
        joins.setdefault(at, []).append(player)
    for number, bits in enumerate(replay.inputs, start=1):
        for player in joins.get(number, ()):
            session.join(player)
        session.step(InputFrame.from_bits(bits))
        expected = replay.checkpoints.get(number)
        if expected is not None and first_bad is None and session.state_hash() != expected:
            first_bad = number
    final = session.state_hash()
    return Verdict(final == replay.final_hash and first_bad is None, len(replay.inputs), final,
                   first_bad)
