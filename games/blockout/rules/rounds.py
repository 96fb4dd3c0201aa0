"""The round table: pit size, face quota, level-up rule, fall speed and piece weights of
each of the 100 rounds, and the three bonus stages. The values live in one data file
(games/blockout/rounds.toml, every cell with its source or decision); this module only
parses that text (the cartridge reads the file) and answers questions about it."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from games.blockout.rules.pieces import BY_NAME

LEVELS = 5


@dataclass(frozen=True)
class Stage:
    """What one round (or bonus stage) plays: the pit and how pieces come."""

    width: int
    depth: int
    height: int
    quota: int  # faces to clear; 0 in a bonus stage (it runs on time)
    level_up: tuple[int, ...]  # data sheet units: (cubes needed - 1) / floor area, lv2..lv5
    fall: tuple[int, ...]  # frames per layer at LEVEL 1..5
    weights: tuple[tuple[int, int], ...]  # (piece index, weight), eligible pieces only
    bonus: int = 0  # bonus-stage kind 1-3, 0 for a normal round

    @property
    def area(self) -> int:
        return self.width * self.depth

    def cubes_for_level(self, level: int) -> int:
        """Cubes locked (since the round start or the last BLOCKOUT) after which LEVEL
        becomes ``level + 1``. Source: data sheet section 7 note 1 (value * area + 1)."""
        return self.level_up[level - 1] * self.area + 1


def eligible(piece: str, width: int, depth: int) -> bool:
    """Source: abomination.jp 4I page: no piece longer than the floor's short side."""
    return BY_NAME[piece].extent <= min(width, depth)


@dataclass(frozen=True)
class RoundTable:
    rounds: int
    start_rounds: tuple[int, ...]
    bonus_frames: int
    bonus_every: int
    slots: tuple[dict[str, Any], ...]  # the file's [[slot]] entries, slot 1..10
    pieces: tuple[dict[str, Any], ...]
    bonuses: tuple[dict[str, Any], ...]
    document: dict[str, Any]  # the whole file, for `bloxcab rules`

    def slot_of(self, round_no: int) -> dict[str, Any]:
        return self.slots[(round_no - 1) % 10]

    def weights_for(self, round_no: int) -> dict[str, int]:
        slot = (round_no - 1) % 10 + 1
        best: dict[str, Any] | None = None
        for entry in self.pieces:
            if entry["slot"] == slot and entry["from"] <= round_no and (
                best is None or entry["from"] > best["from"]
            ):
                best = entry
        if best is None:
            raise ValueError(f"no piece weights for round {round_no}")
        return dict(best["weights"])

    def stage(self, round_no: int, difficulty_percent: int = 100) -> Stage:
        if not 1 <= round_no <= self.rounds:
            raise ValueError(f"round must be 1 to {self.rounds}, not {round_no}")
        slot = self.slot_of(round_no)
        w, d, h = slot["pit"]
        return Stage(w, d, h, slot["quota"], tuple(slot["level_up"]),
                     _scaled(slot["fall"], difficulty_percent),
                     _weights(self.weights_for(round_no), w, d))

    def bonus_stage(self, kind: int, difficulty_percent: int = 100) -> Stage:
        entry = self.bonuses[(kind - 1) % len(self.bonuses)]
        w, d, h = entry["pit"]
        return Stage(w, d, h, 0, (1 << 20,) * 4, _scaled(entry["fall"], difficulty_percent),
                     _weights(dict(entry["weights"]), w, d), bonus=entry["kind"])


def _scaled(fall: list[int], percent: int) -> tuple[int, ...]:
    return tuple(max(1, (f * percent + 50) // 100) for f in fall)


def _weights(weights: dict[str, int], w: int, d: int) -> tuple[tuple[int, int], ...]:
    return tuple((BY_NAME[name].index, weight) for name, weight in weights.items()
                 if weight > 0 and eligible(name, w, d))


def parse(text: str, refresh_hz: float) -> RoundTable:
    """The table from the data file's text; ValueError (one line) for a malformed file."""
    try:
        doc = tomllib.loads(text)
        slots = sorted(doc["slot"], key=lambda s: s["slot"])
        if [s["slot"] for s in slots] != list(range(1, 11)):
            raise ValueError("the table needs slots 1 to 10")
        for s in slots:
            if len(s["pit"]) != 3 or len(s["fall"]) != LEVELS or len(s["level_up"]) != 4:
                raise ValueError(f"slot {s['slot']}: pit needs 3 numbers, fall 5, level_up 4")
        for entry in doc["pieces"] + doc["bonus"]:
            for name in entry["weights"]:
                if name not in BY_NAME:
                    raise ValueError(f"unknown piece {name!r}")
        table = RoundTable(
            rounds=int(doc["rounds"]),
            start_rounds=tuple(doc["start_rounds"]),
            bonus_frames=round(doc["bonus_seconds"] * refresh_hz),
            bonus_every=int(doc["bonus_every"]),
            slots=tuple(slots),
            pieces=tuple(doc["pieces"]),
            bonuses=tuple(sorted(doc["bonus"], key=lambda b: b["kind"])),
            document=doc,
        )
        for r in range(1, table.rounds + 1):
            if not table.stage(r).weights:
                raise ValueError(f"round {r} has no piece that fits its pit")
        return table
    except (tomllib.TOMLDecodeError, KeyError, TypeError) as exc:
        raise ValueError(f"bad round table: {exc}") from None
