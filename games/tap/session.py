"""A TAP game on the board: one or two players, each an Arika player loop in one mode.
``TapSession`` is a ``GameSession`` (engine/session.py) on the Arika boards' common part
(games/arika/session.py).

Rules id ``tap`` is the board: a player who joins first picks a mode (lever left/right,
any button or Start to play; the selection times out and plays the highlighted mode).
The other rules ids play one mode at once (the CLI, replays of one mode)."""

from __future__ import annotations

from typing import Any

from engine.digest import ARIKA_V1, state_digest
from engine.events import Event
from engine.inputs import InputFrame
from engine.session import Seeds, Settings, Summary
from games.arika.player import OVER, ArikaPlayer
from games.arika.rules import ArikaRules
from games.arika.session import MODE_START, ArikaBoardSession
from games.tap.rules import RULES_VERSION
from games.tap.rules.decisions import TAP_DECISIONS
from games.tap.rules.modes import (
    DEATH,
    MASTER,
    MODES,
    check_settings,
    rules_for,
    st_records,
)
from games.tap.rules.referees import TapReferee

BOARD = "tap"  # the rules id with the mode select
SELECT_FRAMES: int = TAP_DECISIONS["mode_select_frames"].value
DEFAULT_MODE = MODES.index(MASTER)


class TapSession(ArikaBoardSession):
    """``TapSession(rules_id, settings, seeds, players)``. ``seeds["main"]`` seeds the
    first game (games/arika/session.py)."""

    rules_ids: tuple[str, ...] = (BOARD, *MODES)  # what it plays (a subclass adds modes)
    rules_version = RULES_VERSION

    def __init__(self, rules_id: str, settings: Settings, seeds: Seeds, players: int) -> None:
        super().__init__(rules_id, seeds, players)
        self.boundaries, self.das_step = check_settings(settings)
        self.st_records = st_records(settings)
        self.death_records = st_records(settings, DEATH)
        self.settings: dict[str, Any] = dict(settings)
        for index in range(players):
            self.join(index)

    def rules(self, mode: str) -> ArikaRules:
        records = self.death_records if mode == DEATH else self.st_records
        return rules_for(mode, self.boundaries, self.das_step, records)

    def step(self, inputs: InputFrame) -> tuple[Event, ...]:
        self.frame += 1
        out: list[Event] = []
        p1, p2 = self.players
        if p1 is not None:
            p1.step(inputs.p1, out)
        elif self.cursor[0] is not None:
            self._select(0, inputs.p1, out)
        if p2 is not None:
            p2.step(inputs.p2, out)
        elif self.cursor[1] is not None:
            self._select(1, inputs.p2, out)
        return tuple(out) if out else ()

    def choices(self, index: int) -> tuple[str, ...]:
        """The modes on player ``index``'s select list."""
        return MODES

    def start_game(self, index: int, mode: str, out: list[Event] | None = None) -> None:
        game_seed = self._game_seed()
        self.cursor[index] = None
        self.players[index] = self.new_player(index, mode, game_seed)
        if out is not None:
            out.append(Event(MODE_START, index, MODES.index(mode)))

    def new_player(self, index: int, rules_id: str, seed: int) -> ArikaPlayer:
        return ArikaPlayer(index, self.rules(rules_id), seed)

    @property
    def over(self) -> bool:
        p1, p2 = self.players
        c1, c2 = self.cursor
        return (c1 is None and (p1 is None or p1.phase == OVER)) and (
            c2 is None and (p2 is None or p2.phase == OVER))

    def join(self, index: int) -> None:
        if self.playing(index):
            return
        if self.rules_id == BOARD:
            self.players[index] = None
            self.cursor[index] = DEFAULT_MODE
            self.select_left[index] = SELECT_FRAMES
            self.held[index] = 0xFF  # the Start that joined does not pick at once
        else:
            self.start_game(index, self.rules_id)

    def summary(self, index: int) -> Summary | None:
        p = self.players[index]
        if p is None:
            mode = self.mode_of(index)
            if mode is None:
                return None
            return {**self.waiting_summary(mode), "line": "none"}
        out = self.player_summary(p)
        referee = p.referee
        if isinstance(referee, TapReferee):
            out.update(referee.summary(p))
        return out

    def state_hash(self) -> str:
        items = (self.rules_id, self.frame, self.seed, tuple(self.cursor),
                 tuple(self.select_left), tuple(self.held), self.players_hash_items())
        return state_digest(items, self.rules_version, ARIKA_V1)

    def snapshot(self) -> Any:
        return (self.frame, self.seed, tuple(self.cursor), tuple(self.select_left),
                tuple(self.held), self.players_snapshot())

    def restore(self, snap: Any) -> None:
        self.frame, self.seed, cursor, left, held, players = snap
        self.cursor, self.select_left, self.held = list(cursor), list(left), list(held)
        self.restore_players(players)
