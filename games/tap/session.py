"""A TAP game on the board: one or two players of one mode, each an Arika player loop.
``TapSession`` is a ``GameSession`` (engine/session.py)."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from engine.arika.player import OVER, ArikaPlayer
from engine.arika.randomizer import lcg_step
from engine.events import Event
from engine.inputs import InputFrame
from engine.session import Seeds, Settings, Summary
from games.tap.rules.modes import rules_from_settings
from games.tap.rules.referees import TapReferee


class TapSession:
    """``TapSession(rules_id, settings, seeds, players)``. ``seeds["main"]`` seeds the
    first game; every game started steps it once with the board's LCG, so that the next
    game deals other pieces (``seeds_out()`` is what to keep)."""

    def __init__(self, rules_id: str, settings: Settings, seeds: Seeds, players: int) -> None:
        if players not in (1, 2):
            raise ValueError(f"players must be 1 or 2, not {players}")
        self.rules = rules_from_settings(rules_id, settings)
        self.rules_id = self.rules.id
        self.settings: dict[str, Any] = dict(settings)
        self.seed = int(seeds.get("main", 0)) & 0xFFFFFFFF
        self.frame = 0
        self.players: list[ArikaPlayer | None] = [None, None]
        for index in range(players):
            self.join(index)

    def step(self, inputs: InputFrame) -> tuple[Event, ...]:
        self.frame += 1
        out: list[Event] = []
        p1, p2 = self.players
        if p1 is not None:
            p1.step(inputs.p1, out)
        if p2 is not None:
            p2.step(inputs.p2, out)
        return tuple(out) if out else ()

    def player(self, index: int) -> ArikaPlayer:
        p = self.players[index]
        if p is None:
            raise ValueError(f"player {index + 1} is not playing")
        return p

    @property
    def over(self) -> bool:
        p1, p2 = self.players
        return (p1 is None or p1.phase == OVER) and (p2 is None or p2.phase == OVER)

    def playing(self, index: int) -> bool:
        p = self.players[index]
        return p is not None and not p.over

    def can_join(self, index: int) -> bool:
        return not self.playing(index)

    def join(self, index: int) -> None:
        if self.playing(index):
            return
        game_seed = self.seed
        self.seed = lcg_step(self.seed)
        self.players[index] = ArikaPlayer(index, self.rules, game_seed)

    def summary(self, index: int) -> Summary | None:
        p = self.players[index]
        if p is None:
            return None
        referee = p.referee
        out: dict[str, int | str] = {
            "mode": self.rules_id, "level": p.level, "lines": p.lines, "pieces": p.pieces,
            "time": p.clock, "cleared": int(p.finished),
        }
        if isinstance(referee, TapReferee):
            out.update(referee.summary(p))
        return out

    def seeds_out(self) -> dict[str, int]:
        return {"main": self.seed}

    def state_hash(self) -> str:
        items = (self.rules_id, self.frame, self.seed,
                 tuple(p.hash_items() if p is not None else None for p in self.players))
        return hashlib.sha256(repr(items).encode()).hexdigest()[:16]

    def snapshot(self) -> Any:
        return (self.frame, self.seed,
                tuple(p.snapshot() if p is not None else None for p in self.players))

    def restore(self, snap: Any) -> None:
        self.frame, self.seed, players = snap
        for index, ps in enumerate(players):
            if ps is None:
                self.players[index] = None
                continue
            p = self.players[index]
            if p is None:
                p = self.players[index] = ArikaPlayer(index, self.rules, 0)
            p.restore(ps)


def session_factory(rules_id: str) -> Any:
    """A ``SessionFactory`` for one mode: ``(settings, seeds, players) -> TapSession``."""

    def make(settings: Mapping[str, Any], seeds: Seeds, players: int) -> TapSession:
        return TapSession(rules_id, settings, seeds, players)

    return make
