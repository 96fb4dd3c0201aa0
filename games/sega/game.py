"""A Sega-family game on the board: one or two players of the common Sega loop stepped in
the same frame. ``Game`` is a ``GameSession`` (engine/session.py)."""

from __future__ import annotations

from typing import Any

from engine.digest import ENGINE_2, state_digest
from engine.events import Event
from engine.inputs import InputFrame
from engine.settings import GameSettings
from games.sega.player import Player
from games.sega.rules import Rules


class Game:
    """``Game(rules, settings, seed)``; ``step(InputFrame)`` advances exactly one frame."""

    def __init__(
        self,
        rules: Rules,
        settings: GameSettings | None = None,
        seed: int = 0,
        players: int = 1,
        piece_seed: int | None = None,
    ) -> None:
        """``piece_seed``: replay a kept piece sequence (Bloxeed's "same sequence again"
        after a game over: pass the previous game's ``piece_seed``)."""
        if players not in (1, 2):
            raise ValueError(f"players must be 1 or 2, not {players}")
        self.rules = rules
        self.rules_id = rules.id
        self.rules_version = rules.rules_version
        self.settings = settings or GameSettings()
        self.seed = seed & 0xFFFFFFFF
        self.versus = self.rules.versus if self.settings.versus else None
        if self.settings.versus:
            if self.versus is None:
                raise ValueError(f"rules {self.rules.id!r} have no versus mode")
            if players != 2:
                raise ValueError("versus mode needs 2 players")
        if piece_seed is None:
            self.deal = self.rules.deal(self.seed, self.settings)
        elif self.rules.deal_with_piece_seed is None:
            raise ValueError(f"rules {self.rules.id!r} cannot replay a piece sequence")
        else:
            self.deal = self.rules.deal_with_piece_seed(
                self.seed, piece_seed & 0xFFFFFFFF, self.settings
            )
        self.frame = 0
        self.players: list[Player | None] = [self._new_player(0), None]
        if players == 2:
            self.join(1)

    def _new_player(self, index: int) -> Player:
        return Player(index, self.rules, self.settings, self.deal.source(index), self.deal.main)

    def join(self, index: int) -> Player:
        """Start player ``index`` (0 or 1) if not playing yet; a new game for that side."""
        player = self.players[index]
        if player is None or player.over:
            player = self.players[index] = self._new_player(index)
        return player

    def step(self, inputs: InputFrame) -> tuple[Event, ...]:
        self.frame += 1
        out: list[Event] = []
        p1, p2 = self.players
        if p1 is not None:
            p1.step(inputs.p1, out)
        if p2 is not None:
            p2.step(inputs.p2, out)
            if self.versus is not None and p1 is not None:
                self.versus(p1, p2, out)
        return tuple(out) if out else ()

    # ---- the session seam -------------------------------------------------------------
    @property
    def over(self) -> bool:
        """Every player has topped out; in versus the match ends when either one has."""
        p1, p2 = self.players  # read every frame (start lamps): no generator
        if self.versus is not None:
            return (p1 is not None and p1.over) or (p2 is not None and p2.over)
        return (p1 is None or p1.over) and (p2 is None or p2.over)

    @property
    def ranked(self) -> bool:
        """Results enter the rankings (not in versus)."""
        return self.versus is None

    def playing(self, index: int) -> bool:
        player = self.players[index]
        return player is not None and not player.over

    def can_join(self, index: int) -> bool:
        if self.versus is not None or self.over:
            return False
        player = self.players[index]
        return player is None or player.over

    def summary(self, index: int) -> dict[str, int | str] | None:
        player = self.players[index]
        if player is None:
            return None
        return {"score": player.score, "lines": player.lines, "level": player.level,
                "pieces": player.pieces_dealt}

    def seeds_out(self) -> dict[str, int]:
        """``main``: the board's main seed to keep (Sega: as after the 1000th call);
        ``piece``: the piece seed of this game (Bloxeed's same sequence again)."""
        return {"main": self.deal.main.value, "piece": self.deal.piece_seed}

    # ---- read-only views -------------------------------------------------------------

    @property
    def main_seed(self) -> int:
        """The main seed to save after this game (Sega: as after the 1000th call)."""
        return self.deal.main.value

    @property
    def piece_seed(self) -> int:
        return self.deal.piece_seed

    def player(self, index: int = 0) -> Player:
        player = self.players[index]
        if player is None:
            raise ValueError(f"player {index + 1} is not playing")
        return player

    # ---- state -----------------------------------------------------------------------
    def snapshot(self) -> tuple[Any, ...]:
        return (
            self.frame,
            self.deal.main.value,
            tuple(None if p is None else p.snapshot() for p in self.players),
        )

    def restore(self, snap: tuple[Any, ...]) -> None:
        frame, main, players = snap
        self.frame = frame
        self.deal.main.value = main
        for index, psnap in enumerate(players):
            if psnap is None:
                self.players[index] = None
            else:
                player = self.players[index] or self._new_player(index)
                player.restore(psnap)
                self.players[index] = player

    def state_hash(self) -> str:
        items = (
            ENGINE_2,  # (version 1 hashes as engine 2 did)
            self.rules.id,
            self.frame,
            self.deal.main.value,
            tuple(None if p is None else p.hash_items() for p in self.players),
        )
        return state_digest(items, self.rules_version)
