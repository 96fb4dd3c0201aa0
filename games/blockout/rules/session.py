"""BLOCKOUT as a ``GameSession``: one or two players, each with their own pit and pieces;
in versus, faces cleared raise the opponent's cubes and the first to 21 faces (or the
one left when the other tops out) wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.digest import state_digest
from engine.events import Event
from engine.inputs import InputFrame
from engine.session import Seeds, Settings
from games.blockout.rules import RULES_VERSION, lcg
from games.blockout.rules import decisions as d
from games.blockout.rules.player import OVER, VERSUS_WIN, WAIT, Player
from games.blockout.rules.rounds import RoundTable

RULES_ID = "blockout"
P2_SEED_OFFSET = 0x9E3779B9


def parse_settings(settings: Settings, table: RoundTable) -> dict[str, Any]:
    """The plain settings, checked; ValueError (one line) for a bad value."""
    if not isinstance(settings, Mapping):
        raise ValueError("settings must be a mapping")
    known = {"round", "difficulty", "rotate_buttons", "versus"}
    unknown = set(settings) - known
    if unknown:
        raise ValueError(f"unknown setting {sorted(unknown)[0]!r}; known: {sorted(known)}")
    round_no = settings.get("round")
    if round_no is not None and (not isinstance(round_no, int)
                                 or not 1 <= round_no <= table.rounds):
        raise ValueError(f"round must be a whole number 1 to {table.rounds}, not {round_no!r}")
    difficulty = settings.get("difficulty", "normal")
    if difficulty not in d.DIFFICULTY_FALL:
        raise ValueError(f"difficulty must be one of {', '.join(d.DIFFICULTY_FALL)}, "
                         f"not {difficulty!r}")
    buttons = settings.get("rotate_buttons", 2)
    if buttons not in (2, 3):
        raise ValueError(f"rotate_buttons must be 2 or 3, not {buttons!r}")
    return {"round": round_no, "difficulty": difficulty, "rotate_buttons": buttons,
            "versus": bool(settings.get("versus", False))}


class BlockoutSession:
    """The game for the board: ``step`` one frame of both players."""

    rules_id = RULES_ID
    rules_version = RULES_VERSION

    def __init__(self, table: RoundTable, settings: Settings, seeds: Seeds,
                 players: int) -> None:
        if players not in (1, 2):
            raise ValueError(f"players must be 1 or 2, not {players!r}")
        self.table = table
        self.settings = parse_settings(settings, table)
        self.main = int(seeds.get("main", 0)) & lcg.MASK
        self.frame = 0
        self.versus = self.settings["versus"] and players == 2
        self.winner: int | None = None
        self.players: list[Player | None] = [None, None]
        self._started: list[list[Event]] = [[], []]
        for index in range(players):
            self._new_player(index)

    def _new_player(self, index: int) -> Player:
        s = self.settings
        seed = (self.main + index * P2_SEED_OFFSET) & lcg.MASK
        round_no = (s["round"] if s["round"] is not None or not self.versus
                    else d.DECISIONS["versus_round"].value)
        player = Player(self.table, index, round_no, seed,
                        d.DIFFICULTY_FALL[s["difficulty"]], s["rotate_buttons"] == 3,
                        self.versus)
        self.players[index] = player
        player.start(self._started[index])
        return player

    def player(self, index: int) -> Player | None:
        return self.players[index]

    def step(self, inputs: InputFrame) -> tuple[Event, ...]:
        self.frame += 1
        out: list[Event] = []
        for index in (0, 1):
            if self._started[index]:
                out.extend(self._started[index])
                self._started[index] = []
            p = self.players[index]
            if p is not None and self.winner is None:
                p.step(inputs.p2 if index else inputs.p1, out)
        if self.versus and self.winner is None:
            self._versus(out)
        return tuple(out)

    def _versus(self, out: list[Event]) -> None:
        a, b = self.players
        assert a is not None and b is not None
        for sender, receiver in ((a, b), (b, a)):
            if sender.sent:
                receiver.incoming.extend(sender.sent)
                sender.sent = []
        winner: Player | None = None
        if a.state == OVER and b.state != OVER:
            winner = b
        elif b.state == OVER and a.state != OVER:
            winner = a
        elif a.faces >= d.VERSUS_FACES or b.faces >= d.VERSUS_FACES:
            winner = a if a.faces >= b.faces else b
        if winner is not None:
            self.winner = winner.index
            winner.won = True
            out.append(Event(VERSUS_WIN, winner.index))
            for p in (a, b):
                if p.state != OVER:
                    p.state = OVER

    @property
    def over(self) -> bool:
        return all(p is None or p.state == OVER for p in self.players)

    def playing(self, index: int) -> bool:
        p = self.players[index]
        return p is not None and p.state != OVER and p.state != WAIT

    def can_join(self, index: int) -> bool:
        """A second player may join a 1P game; a topped-out player may continue while the
        continue countdown runs."""
        if self.versus or self.over:
            return False
        p = self.players[index]
        return p is None or p.state == WAIT

    def join(self, index: int) -> Player:
        p = self.players[index]
        if p is not None and p.state == WAIT:
            p.continue_game(self._started[index])
            return p
        return self._new_player(index)

    def summary(self, index: int) -> dict[str, int | str] | None:
        p = self.players[index]
        if p is None:
            return None
        return {
            "score": p.score,
            "cubes": p.cubes,
            "round": p.round,
            "faces": p.faces,
            "faces_left": (d.VERSUS_FACES - p.faces) if self.versus else p.faces_left,
            "level": p.level,
            "blockouts": p.blockouts,
            "pieces": p.pieces,
            "bonus": p.bonus,
        }

    def seeds_out(self) -> dict[str, int]:
        p = self.players[0]
        return {"main": p.rng if p is not None else self.main}

    def state_hash(self) -> str:
        items = (self.frame, self.winner,
                 [None if p is None else p.state_tuple() for p in self.players])
        return state_digest(items, self.rules_version)

    def snapshot(self) -> Any:
        return (self.frame, self.winner,
                [None if p is None else p.snapshot() for p in self.players],
                [list(e) for e in self._started])

    def restore(self, snap: Any) -> None:
        frame, winner, players, started = snap
        self.frame, self.winner = frame, winner
        for index, ps in enumerate(players):
            if ps is None:
                self.players[index] = None
                continue
            p = self.players[index]
            if p is None:
                p = Player.__new__(Player)
                self.players[index] = p
            p.restore(ps)
        self._started = [list(e) for e in started]
