"""A TGM3 game on the board: one or two players, each an Arika player loop in one mode
of games/ti/modes.py. ``TiSession`` is a ``GameSession`` (engine/session.py) on the Arika
boards' common part (games/arika/session.py).

Rules id ``ti`` is the board: a player who joins first enters an account (initials and
PIN, games/ti/rules/login.py; Start plays as a guest), then picks a mode (lever
left/right, any button or Start; the selection times out and plays the highlighted mode).
The other rules ids play one mode at once, as a guest (the CLI, replays of one mode).

Once initials and PIN are typed the session asks the board (``sign_in_request``, engine/
session.py SignsIn) and waits, the player seeing CHECKING; the board checks the PIN off the
frame thread (games/ti/accounts.py ``sign_in``) and answers with ``sign_in`` before a
frame: the player's own account (no digest), a new one, a wrong PIN or a full table. An
answer that does not come in ``SIGN_IN_FRAMES`` plays as a guest. ``account_result`` is
what a finished game did for its player's account."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.digest import ARIKA_V1, state_digest
from engine.events import Event
from engine.inputs import InputFrame, PlayerInput
from engine.session import Seeds, Settings, Summary
from games.arika.player import OVER, ArikaPlayer
from games.arika.randomizer import lcg_output, lcg_step
from games.arika.session import MODE_START, ArikaBoardSession
from games.ti.modes import MODES, check_settings, mode
from games.ti.rule_choice import RULES, WORLD
from games.ti.rules import RULES_VERSION
from games.ti.rules.decisions import TI_DECISIONS
from games.ti.rules.exams import Account, Exam, choose_exam
from games.ti.rules.login import GUEST, SIDEWAYS, TYPING, Login
from games.ti.rules.player import TiPlayer, set_rule

BOARD = "ti"  # the rules id with the mode select
SELECT_FRAMES = 600  # as TAP's board: 10 s, then the highlighted mode plays
RULE_CURSOR = "rule_cursor"  # value: the rule highlighted (0 Classic, 1 World)
SIGN_IN_FRAMES: int = TI_DECISIONS["sign_in_wait_frames"].value
CHECKING = "CHECKING"
# The board's verdicts (games/ti/accounts.py sign_in) and the note each leaves.
NOTES = {"new": "NEW", "wrong": "WRONG PIN", "full": "NO ROOM"}


def mode_ids() -> tuple[str, ...]:
    return tuple(MODES)


class TiSession(ArikaBoardSession):
    """``TiSession(rules_id, settings, seeds, players)``. ``seeds["main"]`` seeds the
    first game (games/arika/session.py)."""

    rules_version = RULES_VERSION

    def __init__(self, rules_id: str, settings: Settings, seeds: Seeds, players: int) -> None:
        super().__init__(rules_id, seeds, players)
        self.settings: dict[str, Any] = check_settings(settings)
        # The rule each player plays: the setting, changed with the lever at mode select.
        self.rule = [RULES.index(self.settings.get("rule", RULES[0]))] * 2
        self.logins: list[Login | None] = [None, None]  # account entry in progress
        self.accounts: list[Account | None] = [None, None]  # whom each game counts for
        self.notes = ["", ""]  # CHECKING, then "NEW", "WRONG PIN", "NO ROOM" or ""
        # (initials, PIN) typed and asked of the board, and the frames waited for its answer.
        self.asking: list[tuple[str, str] | None] = [None, None]
        self.waited = [0, 0]
        self.exams: list[Exam | None] = [None, None]
        # Bit i: player i's input in the last step chose a PIN digit (engine.session SignsIn).
        self.secret_sides = 0
        for index in range(players):
            self.join(index)

    def step(self, inputs: InputFrame) -> tuple[Event, ...]:
        self.frame += 1
        out: list[Event] = []
        players = self.players
        logins = self.logins
        if logins[0] is not None or logins[1] is not None:
            self.secret_sides = sum(1 << i for i, login in enumerate(logins)
                                    if login is not None and login.typing_pin)
        else:
            self.secret_sides = 0
        p = players[0]
        if p is not None:
            p.step(inputs.p1, out)
        else:
            self._choose(0, inputs.p1, out)
        p = players[1]
        if p is not None:
            p.step(inputs.p2, out)
        else:
            self._choose(1, inputs.p2, out)
        return tuple(out) if out else ()

    def _choose(self, index: int, pi: PlayerInput, out: list[Event]) -> None:
        """A player not yet playing: the account entry, then the mode select."""
        login = self.logins[index]
        if login is not None:
            login.step(pi)
            if login.status != TYPING:
                self._signed_in(index, login, pi)
        elif self.asking[index] is not None:
            self.held[index] = pi.to_bits()  # nothing pressed while checking picks a mode
            self.waited[index] += 1
            if self.waited[index] >= SIGN_IN_FRAMES:
                self._answered(index, None)
        elif self.cursor[index] is not None:
            self._select(index, pi, out)

    def _signed_in(self, index: int, login: Login, pi: PlayerInput) -> None:
        """The entry is over: a guest goes to the mode select, initials and PIN are asked
        of the board."""
        self.logins[index] = None
        self.accounts[index] = None
        self.notes[index] = ""
        self.held[index] = pi.to_bits()  # the press that ended the entry picks nothing
        if self.secret_sides >> index & 1:
            # nor a lever held through a PIN digit's frame, whose left and right no replay keeps
            self.held[index] |= SIDEWAYS
        if login.status == GUEST:
            self._to_select(index)
            return
        self.asking[index] = (login.initials, login.pin)
        self.waited[index] = 0
        self.notes[index] = CHECKING

    def sign_in_request(self, index: int) -> tuple[str, str] | None:
        return self.asking[index]

    def sign_in(self, index: int, verdict: str) -> None:
        """The board's answer: "ok/<account>", "new", "wrong" or "full" (anything else, or
        no question asked, changes nothing)."""
        if self.asking[index] is None:
            return
        self._answered(index, verdict)

    def _answered(self, index: int, verdict: str | None) -> None:
        from games.ti.accounts import decode

        asked = self.asking[index]
        assert asked is not None
        initials = asked[0]
        self.asking[index] = None
        self.waited[index] = 0
        self.notes[index] = ""
        if verdict is not None and verdict.startswith("ok/"):
            try:
                self.accounts[index] = decode(initials, verdict[3:])
            except ValueError:
                self.accounts[index] = None
        elif verdict == "new":
            self.accounts[index] = Account(initials, "")
        if verdict is not None:
            self.notes[index] = NOTES.get(verdict, "")
        self._to_select(index)

    def _to_select(self, index: int) -> None:
        self.cursor[index] = 0
        self.select_left[index] = SELECT_FRAMES

    def plays(self) -> tuple[str, ...]:
        return (BOARD, *MODES)  # read each time: an entry added to MODES is a mode

    def choices(self, index: int) -> tuple[str, ...]:
        return mode_ids()

    def on_select_press(self, index: int, pressed: int, out: list[Event]) -> None:
        if pressed & 0b11:  # up or down: the other rule
            self.rule[index] ^= 1
            out.append(Event(RULE_CURSOR, index, self.rule[index]))

    def start_game(self, index: int, rules_id: str, out: list[Event] | None = None) -> None:
        game_seed = self._game_seed()
        self.cursor[index] = None
        chosen = mode(rules_id)
        p = self.players[index] = self.new_player(index, rules_id, game_seed)
        if isinstance(p, TiPlayer):
            set_rule(p, RULES[self.rule[index]] == WORLD)
        account = self.accounts[index]
        self.exams[index] = None
        if account is not None and chosen.accounts:
            exam = choose_exam(account, lcg_output(lcg_step(game_seed)), self.exam_rule)
            self.exams[index] = exam
            chosen.for_account(p, account, exam)
        if out is not None:
            out.append(Event(MODE_START, index, mode_ids().index(rules_id)))

    def new_player(self, index: int, rules_id: str, seed: int) -> ArikaPlayer:
        return mode(rules_id).new_player(index, self.settings, seed)

    @property
    def exam_rule(self) -> str:
        return str(self.settings.get("exam_rule", "wiki"))

    def account_result(self, index: int) -> tuple[Account, int, Exam | None, str] | None:
        """(account, grade index for its history, the exam, the exam rule) of player
        ``index``'s finished game, or None (a guest, a mode without accounts, in play)."""
        p = self.players[index]
        account = self.accounts[index]
        if p is None or account is None or p.phase != OVER or not mode(p.rules.id).accounts:
            return None
        worth = int(p.referee.summary(p).get("worth", 0))
        return account, worth, self.exams[index], self.exam_rule

    @property
    def over(self) -> bool:
        for index, p in enumerate(self.players):
            if p is not None:
                if p.phase != OVER:
                    return False
            elif (self.cursor[index] is not None or self.logins[index] is not None
                  or self.asking[index] is not None):
                return False
        return True

    def playing(self, index: int) -> bool:
        return (self.logins[index] is not None or self.asking[index] is not None
                or super().playing(index))

    def join(self, index: int) -> None:
        if self.playing(index):
            return
        self.accounts[index] = None
        self.exams[index] = None
        self.notes[index] = ""
        self.asking[index] = None
        self.waited[index] = 0
        if self.rules_id == BOARD:
            self.players[index] = None
            self.cursor[index] = None
            self.logins[index] = Login()
        else:
            self.start_game(index, self.rules_id)

    def summary(self, index: int) -> Summary | None:
        p = self.players[index]
        account = self.accounts[index]
        exam = self.exams[index]
        who: dict[str, int | str] = {
            "account": account.initials if account is not None else "",
            "qualified": account.qualified_name if account is not None else "",
            "exam": exam.kind if exam is not None else "",
            "exam_target": exam.name if exam is not None else "",
        }
        if p is None:
            chosen = ("" if self.logins[index] is not None or self.asking[index] is not None
                      else self.mode_of(index))
            if chosen is None:
                return None
            return {**self.waiting_summary(chosen), "order": 0, **who}
        out = {**self.player_summary(p), "score": 0, "grade": "", "order": 0, **who}
        out.update(p.referee.summary(p))
        return out

    def _who(self) -> tuple[Any, ...]:
        return (tuple(None if x is None else x.state() for x in self.logins),
                tuple(self.accounts), tuple(self.notes), tuple(self.exams),
                tuple(self.asking), tuple(self.waited))

    def _who_hashed(self) -> tuple[Any, ...]:
        """``_who`` without a PIN's digits, which no replay keeps."""
        return (tuple(None if x is None else x.hashed() for x in self.logins),
                tuple(self.accounts), tuple(self.notes), tuple(self.exams),
                tuple(None if x is None else x[0] for x in self.asking), tuple(self.waited))

    def state_hash(self) -> str:
        items = (self.rules_id, self.frame, self.seed, tuple(self.cursor),
                 tuple(self.select_left), tuple(self.held),
                 *((tuple(self.rule),) if any(self.rule) else ()),  # Classic: as before
                 self._who_hashed(),
                 self.players_hash_items())
        return state_digest(items, self.rules_version, ARIKA_V1)

    def snapshot(self) -> Any:
        return (self.frame, self.seed, tuple(self.cursor), tuple(self.select_left),
                tuple(self.held), tuple(self.rule), self._who(),
                self.players_snapshot())

    def restore(self, snap: Any) -> None:
        self.frame, self.seed, cursor, left, held, rule, who, players = snap
        self.cursor, self.select_left, self.held = list(cursor), list(left), list(held)
        self.rule = list(rule)
        logins, accounts, notes, exams, asking, waited = who
        self.logins = [None, None]
        for index, state in enumerate(logins):
            if state is not None:
                login = self.logins[index] = Login()
                login.restore(state)
        self.accounts, self.notes, self.exams = list(accounts), list(notes), list(exams)
        self.asking, self.waited = list(asking), list(waited)
        self.restore_players(players)


def new_session(rules_id: str, settings: Settings, seeds: Seeds, players: int) -> TiSession:
    return TiSession(rules_id, settings, seeds, players)


def session_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    return check_settings(settings)
