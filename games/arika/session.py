"""What the Arika cartridges' board sessions share: one or two players, each on an Arika
player loop; the board's mode select (the lever left/right moves the cursor, any button or
Start picks, and when its time runs out the highlighted mode plays); and the main seed,
stepped once with Arika's LCG for every game started so that the next game deals other
pieces (``seeds_out()`` is what to keep).

A cartridge's session subclasses ``ArikaBoardSession`` and gives its modes (``rules_ids``
or ``plays``, ``choices``), how a player starts (``start_game``, ``new_player``) and what it
hashes, keeps and summarises."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from engine.events import Event
from engine.inputs import PlayerInput
from engine.session import Seeds
from games.arika.player import OVER, ArikaPlayer
from games.arika.randomizer import lcg_step
from games.arika.timing import clock_text

MODE_CURSOR = "mode_cursor"  # value: the highlighted mode's index in the select list
MODE_START = "mode_start"  # value: the chosen mode's index
START_AND_BUTTONS = 0xF0  # PlayerInput.to_bits(): the buttons and Start


class ArikaBoardSession(ABC):
    """``players[i]`` the player loop of side ``i`` (None before it plays); ``cursor[i]``
    the highlighted mode while side ``i`` selects (None otherwise)."""

    rules_ids: tuple[str, ...] = ()  # what it plays (the board's id and each mode's)
    rules_version: int  # the cartridge's RULES_VERSION

    def __init__(self, rules_id: str, seeds: Seeds, players: int) -> None:
        if players not in (1, 2):
            raise ValueError(f"players must be 1 or 2, not {players}")
        if rules_id not in self.plays():
            raise ValueError(f"unknown rules {rules_id!r}; choose one of: "
                             f"{', '.join(self.plays())}")
        self.rules_id = rules_id
        self.seed = int(seeds.get("main", 0)) & 0xFFFFFFFF
        self.frame = 0
        self.players: list[ArikaPlayer | None] = [None, None]
        self.cursor: list[int | None] = [None, None]  # mode select in progress
        self.select_left = [0, 0]
        self.held = [0xFF, 0xFF]  # switches held last frame (a press is a new one)

    def plays(self) -> tuple[str, ...]:
        """The rules ids it plays."""
        return self.rules_ids

    @abstractmethod
    def choices(self, index: int) -> tuple[str, ...]:
        """The modes on player ``index``'s select list."""

    @abstractmethod
    def start_game(self, index: int, mode: str, out: list[Event] | None = None) -> None:
        """Start player ``index``'s game of ``mode`` (events into ``out``)."""

    @abstractmethod
    def new_player(self, index: int, rules_id: str, seed: int) -> ArikaPlayer:
        """A player of side ``index`` in mode ``rules_id``."""

    def on_select_press(self, index: int, pressed: int, out: list[Event]) -> None:
        """A cartridge's own use of the switches pressed at the mode select (none here)."""
        return

    def _select(self, index: int, pi: PlayerInput, out: list[Event]) -> None:
        bits = pi.to_bits()
        pressed = bits & ~self.held[index]
        self.held[index] = bits
        cursor = self.cursor[index]
        assert cursor is not None
        choices = self.choices(index)
        self.on_select_press(index, pressed, out)
        move = (pressed >> 3 & 1) - (pressed >> 2 & 1)  # right, left
        if move:
            cursor = (cursor + move) % len(choices)
            self.cursor[index] = cursor
            out.append(Event(MODE_CURSOR, index, cursor))
        self.select_left[index] -= 1
        if pressed & START_AND_BUTTONS or self.select_left[index] <= 0:
            self.start_game(index, choices[cursor], out)

    def _game_seed(self) -> int:
        """The seed of the game starting now; the main seed steps once."""
        game_seed = self.seed
        self.seed = lcg_step(self.seed)
        return game_seed

    def player(self, index: int) -> ArikaPlayer:
        p = self.players[index]
        if p is None:
            raise ValueError(f"player {index + 1} is not playing")
        return p

    def mode_of(self, index: int) -> str | None:
        p = self.players[index]
        if p is not None:
            return p.rules.id
        cursor = self.cursor[index]
        return None if cursor is None else self.choices(index)[cursor]

    def playing(self, index: int) -> bool:
        p = self.players[index]
        return self.cursor[index] is not None or (p is not None and p.phase != OVER)

    def can_join(self, index: int) -> bool:
        return not self.playing(index)

    def seeds_out(self) -> dict[str, int]:
        return {"main": self.seed}

    # ---- the summary's common part -----------------------------------------------------
    @staticmethod
    def waiting_summary(mode: str) -> dict[str, int | str]:
        """The figures of a side that has not started its game (``mode``: the one
        highlighted, or "")."""
        return {"mode": mode, "score": 0, "level": 0, "lines": 0, "pieces": 0, "time": 0,
                "clock": clock_text(0), "cleared": 0, "grade": ""}

    @staticmethod
    def player_summary(p: ArikaPlayer) -> dict[str, int | str]:
        """The figures every Arika game has (its referee adds score, grade and the rest)."""
        return {"mode": p.rules.id, "level": p.level, "lines": p.lines, "pieces": p.pieces,
                "time": p.clock, "clock": clock_text(p.clock), "cleared": int(p.finished)}

    # ---- what a session hashes and keeps of its players ------------------------------
    def players_hash_items(self) -> tuple[Any, ...]:
        return tuple((p.rules.id, p.hash_items()) if p is not None else None
                     for p in self.players)

    def players_snapshot(self) -> tuple[Any, ...]:
        return tuple((p.rules.id, p.snapshot()) if p is not None else None
                     for p in self.players)

    def restore_players(self, entries: Sequence[Any]) -> None:
        """Back to ``players_snapshot()``'s ``entries`` (a side without a player of that
        mode gets a new one first)."""
        for index, entry in enumerate(entries):
            if entry is None:
                self.players[index] = None
                continue
            rules_id, state = entry
            p = self.players[index]
            if p is None or p.rules.id != rules_id:
                p = self.players[index] = self.new_player(index, rules_id, 0)
            p.restore(state)
