"""The rankings' side of the cabinet: records every game while it is played, writes the
replay of each ranked row durably before the row commits, and prunes replays that no row,
committed or pending, refers to once the save that dropped them is durable.

A ranked replay is sealed with its row when the initials are in (recorder.seal): the
initials and the table go into the replay, so the replay's id, the digest of its text,
covers the whole row; each row has its own replay."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.replay import Replay, ReplayError
from engine.session import GameSession
from firmware.machine.coin_desk import Saver
from firmware.rankings.check import referenced
from firmware.rankings.recorder import GameRecorder, seal
from firmware.rankings.store import DURABLE, FAILED, PENDING, ReplayStore
from firmware.savedata import RankEntry, SaveData, insert_ranking
from games.registry import cartridge, stages_in_play

log = logging.getLogger("bloxcab.rankings")


@dataclass
class _Coded:
    """A ranked replay's inputs, their text coded while the game was played, and how many
    rows wait for their initials with that replay."""

    inputs: list[int]
    text: str
    rows: int = 1


class RankingDesk:
    def __init__(self, data: SaveData, saver: Saver, replays: ReplayStore | None,
                 notice: Callable[[str], None]) -> None:
        self.data = data
        self.saver = saver
        self.replays = replays
        self.notice = notice
        self.recorder: GameRecorder | None = None
        # The cabinet's name in the fleet, written into each ranked replay (the kiosk sets
        # it: firmware/uplink/enrolled.py); None when the cabinet is not enrolled.
        self.cabinet: str | None = None
        self.pending: list[tuple[str, str, RankEntry]] = []  # game, mode, row awaiting its replay
        self.prune_after: int | None = None  # the save ticket after which to prune
        self.version = 0  # counts changes to the tables (a new row), for the screens
        # The inputs of the rows' replays waiting for their initials, and their text, coded
        # while the game was played (GameRecorder.inputs_text): sealing a row in the frame
        # its initials are in costs its header and digest, not a pass over every frame.
        # Kept for every row waiting (a long 2P session of BLOCKOUT ranks a dozen before
        # the initials are asked), each let go with its last row.
        self._coded: list[_Coded] = []
        if replays is not None:
            replays.prune(referenced(data))  # the loaded save is durable: orphans go

    # ---- a game in progress ---------------------------------------------------------------
    def start(self, game_id: str, rules_id: str, settings: Mapping[str, Any],
              seeds: Mapping[str, int], players: int, stages: str | None = None) -> None:
        self.recorder = GameRecorder(game_id, rules_id, settings, seeds, players, stages)
        self._coded = []

    def join(self, player: int) -> None:
        if self.recorder is not None:
            self.recorder.join(player)

    def sign_in(self, player: int, verdict: str) -> None:
        if self.recorder is not None:
            self.recorder.sign_in(player, verdict)

    def drop(self) -> None:
        """The game was abandoned (tilt, service menu): nothing of it can rank."""
        self.recorder = None
        self._coded = []

    def replay_for(self, session: GameSession, player: int) -> Replay | None:
        """The replay of ``player``'s ranked result, kept until the row's initials are in
        (None when the cabinet keeps no replays)."""
        if self.recorder is None or self.replays is None:
            return None
        replay = self.recorder.ranked(session, player)
        coded = self._coded_for(replay.inputs)
        if coded is None:
            self._coded.append(_Coded(replay.inputs, self.recorder.inputs_text()))
        else:
            coded.rows += 1
        return replay

    def _coded_for(self, inputs: list[int]) -> _Coded | None:
        return next((c for c in self._coded if c.inputs is inputs), None)

    @property
    def coded_waiting(self) -> int:
        """Ranked replays whose coded inputs are kept for rows still waiting."""
        return len(self._coded)

    # ---- rows -------------------------------------------------------------------------------
    def enter(self, game: str, mode: str, entry: RankEntry,
              replay: Replay | None = None) -> None:
        """Seal ``replay`` with the row and start writing it; the row goes in once its
        replay is durable (at once if it has none)."""
        if replay is not None and self.replays is not None:
            coded = self._coded_for(replay.inputs)
            entry.replay_id, text = seal(replay, entry.initials, mode,
                                         coded.text if coded is not None else None,
                                         self.cabinet)
            self.replays.put(entry.replay_id, text)
            if coded is not None:
                coded.rows -= 1
                if coded.rows <= 0:
                    self._coded.remove(coded)
        self.pending.append((game, mode, entry))
        self.update()

    def settle(self, timeout: float) -> None:
        """At shutdown: wait, at most ``timeout`` seconds, for the replays of the pending
        rows, then put every pending row in (one whose replay is not durable by then is
        kept without it), so the last save holds them all."""
        if self.replays is not None and any(self._state(e.replay_id) == PENDING
                                            for _, _, e in self.pending):
            self.replays.wait_idle(timeout)
        self.update()
        for game, mode, entry in self.pending:
            self.notice("RANKING KEPT WITHOUT ITS REPLAY (REPLAY STORE ERROR)")
            entry.replay_id = None
            self._insert(game, mode, entry)
        self.pending = []

    def kept(self) -> set[str]:
        """Every replay a row refers to, committed or still waiting for its replay."""
        return referenced(self.data) | {e.replay_id for _, _, e in self.pending
                                        if e.replay_id is not None}

    def update(self) -> None:
        """Each frame: rows whose replay is now durable (or failed) go in; replays no row
        refers to go once the save without them is durable."""
        still: list[tuple[str, str, RankEntry]] = []
        for game, mode, entry in self.pending:
            state = self._state(entry.replay_id)
            if state == DURABLE:
                self._insert(game, mode, entry)
            elif state == FAILED or state is None:
                self.notice("RANKING KEPT WITHOUT ITS REPLAY (REPLAY STORE ERROR)")
                entry.replay_id = None
                self._insert(game, mode, entry)
            else:
                still.append((game, mode, entry))
        self.pending = still
        if (self.prune_after is not None and self.replays is not None
                and self.saver.poll_durable() >= self.prune_after):
            self.prune_after = None
            self.replays.prune(self.kept())

    def _state(self, rid: str | None) -> str | None:
        if rid is None:
            return DURABLE
        return self.replays.state(rid) if self.replays is not None else None

    def _insert(self, game: str, mode: str, entry: RankEntry) -> None:
        insert_ranking(self.data, game, mode, entry)
        self.version += 1
        self.prune_after = self.saver.submit(self.data)

    # ---- attract mode -------------------------------------------------------------------------
    def top_replay(self, game: str, mode: str) -> Replay | None:
        """The replay of the game's best row, when it has one that reads."""
        table = self.data.rankings.get(game, {}).get(mode, [])
        if not table or table[0].replay_id is None or self.replays is None:
            return None
        try:
            replay = Replay.from_text(self.replays.read(table[0].replay_id))
        except (OSError, ValueError, UnicodeDecodeError, ReplayError) as exc:
            log.warning("top play of %s unusable: %s", game, exc)
            return None
        if replay.rules_version != cartridge(game).rules_version:
            return None  # recorded under other rules: it would play out otherwise now
        if replay.stages != stages_in_play(game):
            return None  # played on other stages than the ones in play now
        return replay
