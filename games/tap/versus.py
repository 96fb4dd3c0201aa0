"""The TAP board with Versus: a challenger, "no more challenger", the match, the Item mode.

``VersusBoard`` is ``TapSession`` (games/tap/session.py) plus:

- a Start on the free side while the other side plays a game of its own asks the newcomer
  "CHALLENGE?" (lever: YES / NO; a button or Start answers; the time-out takes YES). YES
  ends the running game and starts a match in its mode (games/tap/rules/match.py); NO
  lets the newcomer pick a mode of their own.
- the player in a game of their own who presses Start blocks challenges: "NO MORE
  CHALLENGER" until their game ends.
- B+C held and Start pressed during READY in Master or TGM+ switches the game to the Item
  mode: items as in versus, every effect on yourself.
- rules id ``tap-versus`` (and the board's settings ``versus: true``, a two-player start)
  begins a match at once in Master.
"""

from __future__ import annotations

from typing import Any

from engine.digest import ARIKA_V1, state_digest
from engine.events import Event
from engine.inputs import InputFrame, PlayerInput
from engine.session import Seeds, Settings, Summary
from games.arika.player import OVER, READY, ArikaPlayer
from games.arika.timing import clock_text
from games.tap.rules.decisions import VERSUS_DECISIONS
from games.tap.rules.match import (
    DEFAULT_TARGET,
    DEFAULT_WINS,
    DRAW,
    VERSUS,
    Match,
    MatchSettings,
    check_target,
    check_wins,
)
from games.tap.rules.modes import MASTER, PLUS
from games.tap.rules.referees import TapReferee
from games.tap.rules.versus_player import Side, VersusPlayer, VersusReferee, item_seed
from games.tap.session import BOARD, TapSession

CHALLENGE_FRAMES: int = VERSUS_DECISIONS["challenge_frames"].value
VERSUS_KEYS = ("versus", "versus_target", "versus_wins")
CHALLENGE = "challenge"  # value: 1 asked, 2 accepted (the match starts), 0 refused
NO_MORE_CHALLENGER = "no_more_challenger"
ITEM_MODE = "item_mode"
ITEM_MODES = (MASTER, PLUS)
START = 0x80


def split_settings(settings: Settings) -> tuple[dict[str, Any], int, int, bool]:
    """(the single-player settings, target, wins, versus at once) from board settings."""
    base = {k: v for k, v in settings.items() if k not in VERSUS_KEYS}
    target = check_target(settings.get("versus_target", DEFAULT_TARGET))
    wins = check_wins(settings.get("versus_wins", DEFAULT_WINS))
    return base, target, wins, bool(settings.get("versus", False))


class VersusBoard(TapSession):
    def __init__(self, rules_id: str, settings: Settings, seeds: Seeds, players: int) -> None:
        base, self.target, self.wins, at_once = split_settings(settings)
        versus = rules_id == VERSUS or (at_once and players == 2)
        self.match: Match | None = None
        self.prompt: list[int | None] = [None, None]  # challenge cursor: 0 YES, 1 NO
        self.prompt_left = [0, 0]
        self.blocked = [False, False]
        self.prev_start = [True, True]
        self.challenges = False  # joins made while building the session never challenge
        super().__init__(BOARD if versus else rules_id, base, seeds,
                         players if not versus else 1)
        self.settings = dict(settings)
        self.challenges = True
        if versus:
            self.rules_id = rules_id
            self.cursor = [None, None]
            self._begin_match(MASTER)

    # ---- joining and challenging ----------------------------------------------------------
    def join(self, index: int) -> None:
        if self.playing(index):
            return
        other = 1 - index
        if self.challenges and self._challengeable(other):
            self.prompt[index] = 0
            self.prompt_left[index] = CHALLENGE_FRAMES
            self.held[index] = 0xFF
            return
        super().join(index)

    def _challengeable(self, index: int) -> bool:
        p = self.players[index]
        return (self.match is None and p is not None and p.phase != OVER
                and not self.blocked[index] and not isinstance(p, VersusPlayer))

    def _begin_match(self, mode: str) -> None:
        game_seed = self._game_seed()
        self.match = Match(MatchSettings(mode, self.target, self.wins, self.boundaries,
                                         self.das_step), game_seed)
        self.players = [None, None]
        self.cursor = [None, None]
        self.prompt = [None, None]

    def _ask(self, index: int, pi: PlayerInput, out: list[Event]) -> None:
        bits = pi.to_bits()
        pressed = bits & ~self.held[index]
        self.held[index] = bits
        if pressed & 0b1100:  # the lever left or right toggles YES / NO
            self.prompt[index] = 1 - (self.prompt[index] or 0)
            out.append(Event(CHALLENGE, index, 1))
        self.prompt_left[index] -= 1
        if not (pressed & 0xF0 or self.prompt_left[index] <= 0):
            return
        yes = self.prompt[index] == 0
        self.prompt[index] = None
        other = self.players[1 - index]
        if yes and other is not None and other.phase != OVER:
            out.append(Event(CHALLENGE, index, 2))
            self._begin_match(other.rules.id)
        else:
            out.append(Event(CHALLENGE, index, 0))
            super().join(index)

    # ---- the frame ------------------------------------------------------------------------
    def step(self, inputs: InputFrame) -> tuple[Event, ...]:
        match = self.match
        if match is not None:
            self.frame += 1
            out: list[Event] = []
            match.step(inputs, out)
            return tuple(out)
        early: list[Event] = []
        for index, pi in ((0, inputs.p1), (1, inputs.p2)):
            self._watch_start(index, pi, early)
            if self.prompt[index] is not None:
                self._ask(index, pi, early)
                if self.match is not None:
                    self.frame += 1
                    return tuple(early)
        events = super().step(inputs)
        return (*early, *events) if early else events

    def _watch_start(self, index: int, pi: PlayerInput, out: list[Event]) -> None:
        """A new Start press by a player in a game of their own: the Item mode code at
        READY (with B+C held), else no more challengers."""
        pressed = pi.start and not self.prev_start[index]
        self.prev_start[index] = pi.start
        p = self.players[index]
        if not pressed or p is None or p.phase == OVER:
            return
        if (p.phase == READY and pi.b2 and pi.b3 and p.rules.id in ITEM_MODES
                and not isinstance(p, VersusPlayer)):
            self.players[index] = item_mode_player(p, self.seed)
            out.append(Event(ITEM_MODE, index, 1))
        elif not self.blocked[index]:
            self.blocked[index] = True
            out.append(Event(NO_MORE_CHALLENGER, index, 1))

    def start_game(self, index: int, mode: str, out: list[Event] | None = None) -> None:
        self.blocked[index] = False
        super().start_game(index, mode, out)

    # ---- the seam -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        if self.match is not None:
            return self.match.over
        return super().over and self.prompt == [None, None]

    def playing(self, index: int) -> bool:
        if self.match is not None:
            return not self.match.over
        return self.prompt[index] is not None or super().playing(index)

    def player(self, index: int) -> ArikaPlayer:
        if self.match is not None:
            return self.match.players[index]
        return super().player(index)

    def mode_of(self, index: int) -> str | None:
        if self.match is not None:
            return VERSUS
        return super().mode_of(index)

    def summary(self, index: int) -> Summary | None:
        match = self.match
        if match is None:
            p = self.players[index]
            if self.prompt[index] is not None and p is None:
                return {"mode": VERSUS, "score": 0, "level": 0, "lines": 0, "pieces": 0,
                        "time": 0, "clock": clock_text(0), "cleared": 0, "grade": "",
                        "line": "none"}
            out = super().summary(index)
            if out is not None and p is not None and isinstance(p.referee, VersusReferee):
                inner = p.referee.inner
                if isinstance(inner, TapReferee):
                    out = {**out, **inner.summary(p), "items": 1}
            return out
        p = match.players[index]
        won = match.winner == index
        return {"mode": VERSUS, "score": 0, "level": p.level, "lines": p.lines,
                "pieces": p.pieces, "time": match.clock, "clock": clock_text(match.clock),
                "cleared": int(won), "grade": "", "line": "none",
                "wins": match.wins[index], "draw": int(match.winner == DRAW)}

    def state_hash(self) -> str:
        if self.match is None and self.prompt == [None, None] and not any(self.blocked):
            return super().state_hash()  # a board without versus hashes as before
        items = (self.rules_id, self.frame, self.seed, tuple(self.cursor),
                 tuple(self.select_left), tuple(self.held), tuple(self.prompt),
                 tuple(self.prompt_left), tuple(self.blocked), tuple(self.prev_start),
                 tuple(_player_hash(p) for p in self.players),
                 self.match.hash_items() if self.match is not None else None)
        return state_digest(items, self.rules_version, ARIKA_V1)

    def snapshot(self) -> Any:
        match = self.match
        return (super().snapshot(), tuple(self.prompt), tuple(self.prompt_left),
                tuple(self.blocked), tuple(self.prev_start),
                tuple(isinstance(p, VersusPlayer) for p in self.players),
                None if match is None else (match.settings, match.state()))

    def restore(self, snap: Any) -> None:
        base, prompt, left, blocked, prev_start, items, match = snap
        for index, (is_item, entry) in enumerate(zip(items, base[5], strict=True)):
            p = self.players[index]
            if entry is not None and is_item != isinstance(p, VersusPlayer):
                self.players[index] = None  # rebuilt below with the right class
            if is_item and entry is not None:
                mode = entry[0]
                q = VersusPlayer(index, self.rules(mode), 0, item_side(0))
                q.side.other = q
                self.players[index] = q
        super().restore(base)
        self.prompt, self.prompt_left = list(prompt), list(left)
        self.blocked, self.prev_start = list(blocked), list(prev_start)
        if match is None:
            self.match = None
            return
        settings, state = match
        if self.match is None or self.match.settings != settings:
            self.match = Match(settings, 0)
        self.match.restore(state)


def _player_hash(p: ArikaPlayer | None) -> Any:
    return None if p is None else (p.rules.id, p.hash_items())


def item_side(seed: int) -> Side:
    return Side(seed, items_on=True, garbage_on=False, item_mode=True)


def item_mode_player(p: ArikaPlayer, seed: int) -> VersusPlayer:
    """The READY player ``p`` again, as the Item mode: same mode, same pieces to come."""
    q = VersusPlayer(p.index, p.rules, 0, item_side(item_seed(seed, p.index)))
    q.side.other = q
    q.randomizer = p.randomizer
    q.next_kind = p.next_kind
    q.frame, q.phase, q.left = p.frame, p.phase, p.left
    q.das_dir, q.das_count, q.prev_buttons = p.das_dir, p.das_count, p.prev_buttons
    return q
