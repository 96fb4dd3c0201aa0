"""What the kiosk tells the outbox, looked up from the machine between frames.

``frame()`` costs a few comparisons a frame; once a second it compares the bookkeeping
totals, and it reads no file: a ranking row's replay is read on the outbox's thread.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from firmware.rankings.store import ReplayStore
from firmware.uplink.decisions import LINK_DECISIONS
from firmware.uplink.message import (
    BEAT,
    NOTICE,
    RANK,
    RESULT,
    beat_body,
    notice_body,
    rank_body,
    result_body,
)
from firmware.uplink.outbox import Outbox

BOOK_EVERY_FRAMES: int = LINK_DECISIONS["feed_every_frames"].value["bookkeeping"]
BEAT_EVERY_FRAMES: int = LINK_DECISIONS["feed_every_frames"].value["heartbeat"]


def book_totals(data: Any) -> dict[str, int]:
    """The bookkeeping counters as one flat dict of names to totals."""
    book = data.bookkeeping
    totals = {f"coins.{i + 1}": n for i, n in enumerate(book.coins)}
    totals["service_credits"] = book.service_credits
    totals["credits_given"] = book.credits_given
    totals["credits_used"] = book.credits_used
    for game, counts in sorted(book.games.items()):
        totals[f"{game}.plays_1p"] = counts.one_player
        totals[f"{game}.plays_2p"] = counts.two_player
        totals[f"{game}.play_frames"] = counts.play_frames
    return totals


def rows(data: Any) -> set[tuple[str, str, str, str]]:
    """(game, mode, replay id, initials) of every certified ranking row."""
    return {(game, mode, e.replay_id, e.initials)
            for game, tables in data.rankings.items() for mode, table in tables.items()
            for e in table if e.replay_id is not None}


class OutboxFeed:
    def __init__(self, outbox: Outbox, replays: ReplayStore, machine: Any) -> None:
        self.outbox = outbox
        self.replays = replays
        self.frames = 0
        self.last_totals: dict[str, int] | None = None
        self.finished = machine.games_finished
        self.reported: set[tuple[int, int]] = set()  # (id of the session, player)
        self.notices = len(machine.notices)
        self.ranks_version = machine.rankings.version
        self.known_rows = rows(machine.data)

    def frame(self, machine: Any) -> None:
        self.frames += 1
        if machine.games_finished != self.finished:
            self._results(machine)
        if len(machine.notices) > self.notices:
            for line in machine.notices[self.notices:]:
                self.outbox.post(NOTICE, notice_body(str(line)))
            self.notices = len(machine.notices)
        self.ranks(machine)
        if self.frames % BOOK_EVERY_FRAMES == 0:
            self.book(machine)
        if self.frames % BEAT_EVERY_FRAMES == 1:
            self.outbox.post(BEAT, beat_body(machine.screen.value, credits=machine.credits,
                                             frames=machine.frame,
                                             notices=len(machine.notices)))

    def ranks(self, machine: Any) -> None:
        """Post the ranking rows that went in since the last look (each frame, and at a
        stop after the rows still waiting for their replay went in)."""
        if machine.rankings.version != self.ranks_version:
            self.ranks_version = machine.rankings.version
            self._rankings(machine.data)

    def book(self, machine: Any) -> None:
        totals = book_totals(machine.data)
        if totals != self.last_totals:
            self.last_totals = totals
            self.outbox.book(totals, machine.data.bookkeeping.cleared_at)

    def _results(self, machine: Any) -> None:
        self.finished = machine.games_finished
        game = machine.game
        if game is None:
            return
        for index in sorted(machine.ended):
            summary = game.summary(index)
            if summary is not None and (id(game), index) not in self.reported:
                self.reported = {r for r in self.reported if r[0] == id(game)}
                self.reported.add((id(game), index))
                self.outbox.post(RESULT, result_body(machine.game_id, index, summary))

    def _rankings(self, data: Any) -> None:
        now = rows(data)
        for game, mode, rid, initials in sorted(now - self.known_rows):
            table = data.rankings[game][mode]
            entry = next(e for e in table if e.replay_id == rid)
            self.outbox.post(RANK, rank_body(game, mode, rid, initials, entry.values,
                                             entry.rules_version),
                             attach=partial(self.replays.read, rid))
        self.known_rows = now
