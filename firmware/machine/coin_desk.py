"""Coins in, credits shown: a credit appears only once the commit counting it is durable.

Source: the project's money rule ("a coin is counted in save data before it is shown as a credit").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from firmware.credits import CreditBoard
from firmware.savedata import SaveData


class Saver(Protocol):
    def submit(self, data: SaveData, coin_chute: int | None = None) -> int: ...
    def poll_durable(self) -> int: ...


@dataclass(frozen=True)
class PendingCoin:
    ticket: int
    chute: int  # 0 = service credit (no coin meter)
    credits: int


class CoinDesk:
    def __init__(self, board: CreditBoard, data: SaveData, saver: Saver) -> None:
        self.board = board
        self.data = data
        self.saver = saver
        self.pending: list[PendingCoin] = []
        self._sync()

    def _sync(self) -> None:
        self.data.credits = self.board.credits
        self.data.credit_board = self.board.to_dict()

    @property
    def shown_credits(self) -> int:
        credits = self.board.credits
        if self.pending:
            credits -= sum(p.credits for p in self.pending)
        return credits if credits > 0 else 0

    @property
    def free_play(self) -> bool:
        return self.board.free_play

    @property
    def accepting(self) -> bool:
        return self.board.accepting

    def coin(self, chute: int) -> None:
        earned = self.board.coin(chute)
        books = self.data.bookkeeping
        books.coins[chute - 1] += 1
        books.credits_given += earned
        self._sync()
        self.pending.append(PendingCoin(self.saver.submit(self.data, coin_chute=chute), chute,
                                        earned))

    def service(self) -> bool:
        if not self.board.service():
            return False
        self.data.bookkeeping.service_credits += 1
        self._sync()
        self.pending.append(PendingCoin(self.saver.submit(self.data), 0, 1))
        return True

    def update(self) -> list[int]:
        """Once per frame: the chutes of the coins that became durable (for the coin meter
        and the coin sound)."""
        if not self.pending:
            return []
        durable = self.saver.poll_durable()
        done = [p for p in self.pending if p.ticket <= durable]
        if done:
            self.pending = [p for p in self.pending if p.ticket > durable]
        return [p.chute for p in done if p.chute]

    def can_start(self, players: int) -> bool:
        board = self.board  # read every frame (start lamps): shown_credits written out
        if board.free_play:
            return True
        credits = board.credits
        if self.pending:
            credits -= sum(p.credits for p in self.pending)
        return credits >= players

    def start(self, players: int) -> bool:
        """Take credits for a start (the caller commits the save data with the game count)."""
        if not self.can_start(players) or not self.board.start(players):
            return False
        if not self.free_play:
            self.data.bookkeeping.credits_used += players
        self._sync()
        return True
