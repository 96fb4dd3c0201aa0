"""A Flash Point credit on the board: the stage select, the stages, the next-stage choice.

``FlashPointGame(settings, seeds, players, stages)`` is a ``GameSession``
(engine/session.py). Each side runs through these modes:

- ``select``: the first stage is chosen among 1-90 (lever, button, 10 s count-down);
- ``play``: the stage's layout is in the well and the common Sega loop runs until no
  flashing cell is left (or button 3 uses a Clear Round);
- ``choice``: the next stage is chosen among next, +2, +4, +6;
- ``over``: the stack topped out.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.digest import state_digest
from engine.events import Event
from engine.inputs import InputFrame, PlayerInput
from engine.settings import Difficulty, GameSettings
from games.flashpoint.rules import events as fev
from games.flashpoint.rules.choice import Choice
from games.flashpoint.rules.decisions import START_LEVEL
from games.flashpoint.rules.extras import FlashExtras
from games.flashpoint.rules.ruleset import (
    FLASHPOINT,
    FLASHPOINT_ID,
    deal_for,
)
from games.flashpoint.rules.stages import Stage
from games.flashpoint.rules.tables import (
    CLEAR_ROUND_CHOICES,
    CLEAR_ROUND_FACTORY,
    DAS_FRAMES,
    LEVEL_DROP_UNTIL,
    STAGE_COUNT,
    TWO_CELL_FACTORY,
    TWO_CELL_FROM,
    level_after_clear,
    stage_bonus,
)
from games.sega.player import ACTIVE, ARE, NO_PIECE, Player
from games.sega.player import OVER as OVER_PHASE
from games.sega.rules import TableDeal

SELECT = "select"
PLAY = "play"
CHOICE = "choice"
OVER = "over"

SESSION_VERSION = "1"

_B3 = 0x40  # PlayerInput bit of button 3 (engine/inputs.py)
_DOWN = 0x02
_BY_BITS = tuple(PlayerInput.from_bits(bits) for bits in range(256))


@dataclass(frozen=True)
class FlashSettings:
    """Flash Point's settings (SW2 and the operator's choices) in plain form."""

    difficulty: Difficulty = Difficulty.NORMAL
    clear_round_allowed: int = CLEAR_ROUND_FACTORY
    two_cell_move: bool = TWO_CELL_FACTORY
    stage: int | None = None  # start at this stage (1-100) without the select screen
    sequence_restarts: bool = True

    def __post_init__(self) -> None:
        if self.clear_round_allowed not in CLEAR_ROUND_CHOICES:
            raise ValueError(
                f"clear_round_allowed must be 1 or 2, not {self.clear_round_allowed}"
            )
        if self.stage is not None and not 1 <= self.stage <= STAGE_COUNT:
            raise ValueError(f"stage must be 1-{STAGE_COUNT}, not {self.stage}")

    def to_dict(self) -> dict[str, object]:
        return {
            "difficulty": self.difficulty.label,
            "clear_round_allowed": self.clear_round_allowed,
            "two_cell_move": self.two_cell_move,
            "stage": self.stage,
            "sequence_restarts": self.sequence_restarts,
        }

    @staticmethod
    def from_mapping(data: Mapping[str, Any]) -> FlashSettings:
        """From plain settings; ValueError (one line) for a bad value. Unknown keys of other
        games' settings are ignored."""
        if not isinstance(data, Mapping):
            raise ValueError("settings must be a mapping")
        stage = data.get("stage")
        try:
            return FlashSettings(
                difficulty=Difficulty.parse(str(data.get("difficulty", "normal"))),
                clear_round_allowed=int(data.get("clear_round_allowed", CLEAR_ROUND_FACTORY)),
                two_cell_move=_flag(data.get("two_cell_move", TWO_CELL_FACTORY)),
                stage=None if stage is None else int(stage),
                sequence_restarts=_flag(data.get("sequence_restarts", True)),
            )
        except (TypeError, ValueError) as exc:
            raise ValueError(f"bad settings: {exc}") from None


def _flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("on", "yes", "true", 1):
        return True
    if value in ("off", "no", "false", 0):
        return False
    raise ValueError(f"expected on/off, not {value!r}")


class Side:
    """One player's credit."""

    __slots__ = (
        "best_times", "choice", "clear_rounds_left", "credit_frames", "down_held", "extras",
        "mode", "player", "prev_b3", "restarts", "stage", "stage_began", "stages", "stages_cleared",
        "two_cell_move",
    )

    def __init__(self, player: Player, settings: FlashSettings, stages: Sequence[Stage],
                 out: list[Event]) -> None:
        self.player = player
        extras = player.extras
        assert isinstance(extras, FlashExtras)
        self.extras = extras
        self.stages = stages
        self.restarts = settings.sequence_restarts
        self.two_cell_move = settings.two_cell_move
        self.clear_rounds_left = settings.clear_round_allowed
        self.credit_frames = 0
        self.stages_cleared = 0
        self.down_held = 0
        self.prev_b3 = False
        self.stage = 0
        self.stage_began = 0
        self.best_times: dict[int, int] = {}  # stage -> fewest frames a clear took
        player.level = START_LEVEL.value
        player.gravity = player.rules.gravity(player.level, player.settings)
        self.choice: Choice | None = None
        self.mode = SELECT
        if settings.stage is not None:
            self.start_stage(settings.stage, out)
        else:
            self.choice = Choice.first_stage()
            out.append(Event(fev.STAGE_SELECT, player.index, self.choice.stage))

    # ---- the frame -------------------------------------------------------------------
    def step(self, pi: PlayerInput, out: list[Event]) -> None:
        mode = self.mode
        if mode == PLAY:
            self._play(pi, out)
        elif mode != OVER:
            self._choose(pi, out)

    def _choose(self, pi: PlayerInput, out: list[Event]) -> None:
        choice = self.choice
        assert choice is not None
        index = self.player.index
        buttons = pi.b1 or pi.b2
        confirm = buttons and not self.player.prev_buttons
        self.player.prev_buttons = int(buttons)
        chosen, moved = choice.step(pi.right - pi.left, pi.up - pi.down, bool(confirm))
        if moved:
            out.append(Event(fev.CURSOR, index, choice.stage))
        if chosen is not None:
            self.choice = None
            self.start_stage(chosen, out)

    def _play(self, pi: PlayerInput, out: list[Event]) -> None:
        player = self.player
        frames = self.credit_frames = self.credit_frames + 1
        if frames == TWO_CELL_FROM and self.two_cell_move:
            self.extras.two_cell = True
            out.append(Event(fev.TWO_CELL, player.index))
        b3 = pi.b3
        down = pi.down
        if b3:
            if not self.prev_b3 and self.clear_rounds_left and player.phase == ACTIVE:
                self.prev_b3 = True
                self.clear_rounds_left -= 1
                out.append(Event(fev.CLEAR_ROUND, player.index, self.stage))
                self._stage_cleared(0, out)
                return
            self.prev_b3 = True
            bits = pi.to_bits() & ~_B3
        elif down:
            self.prev_b3 = False
            bits = -1
        else:
            self.prev_b3 = False
            self.down_held = 0
            player.step(pi, out)
            self._after_step(out)
            return
        if down:
            held = self.down_held
            self.down_held = held + 1
            if 0 < held < DAS_FRAMES:
                bits = (pi.to_bits() if bits < 0 else bits) & ~_DOWN
        else:
            self.down_held = 0
        if bits >= 0:
            pi = _BY_BITS[bits]
        player.step(pi, out)
        self._after_step(out)

    def _after_step(self, out: list[Event]) -> None:
        if self.player.phase == OVER_PHASE:
            self.mode = OVER
        elif self.extras.cleared:
            took = self.credit_frames - self.stage_began
            best = self.best_times.get(self.stage)
            if best is None or took < best:
                self.best_times[self.stage] = took
            self._stage_cleared(self.extras.bonus, out)

    # ---- stages ----------------------------------------------------------------------
    def start_stage(self, number: int, out: list[Event]) -> None:
        player = self.player
        stage = self.stages[number - 1]
        self.stage = number
        self.stage_began = self.credit_frames
        self.down_held = 0  # Down held through the choice counts as a fresh tap
        player.field = stage.field()
        if self.restarts:
            player.pieces.restore((0,))
            player.next_kind = player.pieces.next()
        player.kind = NO_PIECE
        player.clearing = ()
        player.phase = ARE
        player.phase_left = player.delays.are
        player.gravity_count = 0
        player.lock_left = player.delays.lock
        self.extras.begin_stage(stage.flashing, stage_bonus(number))
        self.mode = PLAY
        out.append(Event(fev.STAGE_START, player.index, number))

    def _stage_cleared(self, bonus: int, out: list[Event]) -> None:
        player = self.player
        index = player.index
        if bonus:
            player.add_score(bonus)
            out.append(Event(fev.BONUS, index, bonus))
        self.extras.bonus = 0
        self.extras.cleared = False
        self.stages_cleared += 1
        out.append(Event(fev.STAGE_CLEAR, index, self.stage))
        if self.credit_frames < LEVEL_DROP_UNTIL:
            player.level = level_after_clear(player.level)
            player.gravity = player.rules.gravity(player.level, player.settings)
        player.kind = NO_PIECE
        player.phase = ARE
        self.choice = Choice.after(self.stage)
        self.mode = CHOICE
        out.append(Event(fev.CHOICE_OPEN, index, self.stage))

    # ---- views -----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.mode == OVER

    def summary(self) -> dict[str, int | str]:
        player = self.player
        return {
            "score": player.score,
            "stage": self.stage,
            "stages_cleared": self.stages_cleared,
            "level": player.level,
            "lines": player.lines,
            "pieces": player.pieces_dealt,
            "flashing_left": self.extras.flashing_left,
            "bonus": self.extras.bonus,
            "time": self.credit_frames,
            "mode": self.mode,
        }

    def records(self) -> dict[str, int]:
        """The credit's best clear time of each stage it cleared, in frames (a Clear Round
        is not a clear): ``stage_N_time``."""
        return {f"stage_{n}_time": t for n, t in sorted(self.best_times.items())}

    def snapshot(self) -> tuple[Any, ...]:
        return (
            self.mode, self.stage, self.stages_cleared, self.credit_frames,
            self.clear_rounds_left, self.down_held, self.prev_b3, self.stage_began,
            tuple(sorted(self.best_times.items())),
            None if self.choice is None else self.choice.state(),
            self.player.snapshot(),
        )

    def restore(self, snap: tuple[Any, ...]) -> None:
        (self.mode, self.stage, self.stages_cleared, self.credit_frames,
         self.clear_rounds_left, self.down_held, self.prev_b3, self.stage_began, best,
         choice, player) = snap
        self.best_times = dict(best)
        self.choice = None if choice is None else Choice.from_state(choice)
        self.player.restore(player)

    def hash_items(self) -> tuple[Any, ...]:
        snap = self.snapshot()
        return (*snap[:10], self.player.hash_items())


def stages_digest(stages: Sequence[Stage]) -> str:
    """A short fingerprint of a stage set (replays check they run on the same stages)."""
    text = "\n".join(stage.text() for stage in stages)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


class FlashPointGame:
    """One Flash Point session: one or two independent credits on the same piece table."""

    def __init__(self, settings: Mapping[str, Any], seeds: Mapping[str, int], players: int,
                 stages: Sequence[Stage]) -> None:
        if players not in (1, 2):
            raise ValueError(f"players must be 1 or 2, not {players}")
        if len(stages) != STAGE_COUNT:
            raise ValueError(f"a stage set has {STAGE_COUNT} stages, not {len(stages)}")
        self.rules_id = FLASHPOINT_ID
        self.rules = FLASHPOINT
        self.rules_version = FLASHPOINT.rules_version
        self.settings = FlashSettings.from_mapping(settings)
        self.game_settings = GameSettings(difficulty=self.settings.difficulty)
        self.stages = tuple(stages)
        self.stages_id = stages_digest(self.stages)
        self.deal: TableDeal = deal_for(seeds, self.game_settings)
        self.frame = 0
        self.sides: list[Side | None] = [None, None]
        self.pending: list[Event] = []
        for index in range(players):
            self.join(index)

    # ---- the session seam ------------------------------------------------------------
    def step(self, inputs: InputFrame) -> tuple[Event, ...]:
        self.frame += 1
        out = self.pending
        if out:
            self.pending = []
        else:
            out = []
        s1, s2 = self.sides
        if s1 is not None:
            s1.step(inputs.p1, out)
        if s2 is not None:
            s2.step(inputs.p2, out)
        return tuple(out) if out else ()

    @property
    def over(self) -> bool:
        s1, s2 = self.sides
        return (s1 is None or s1.mode == OVER) and (s2 is None or s2.mode == OVER)

    def playing(self, index: int) -> bool:
        side = self.sides[index]
        return side is not None and not side.over

    def can_join(self, index: int) -> bool:
        """A side may start while the session is still going (once every side is over, the
        board starts a new session)."""
        return not self.over and not self.playing(index)

    def join(self, index: int) -> None:
        player = Player(index, self.rules, self.game_settings, self.deal.source(index),
                        self.deal.main)
        self.sides[index] = Side(player, self.settings, self.stages, self.pending)

    def side(self, index: int = 0) -> Side:
        side = self.sides[index]
        if side is None:
            raise ValueError(f"player {index + 1} is not playing")
        return side

    def summary(self, index: int) -> dict[str, int | str] | None:
        side = self.sides[index]
        return None if side is None else side.summary()

    def seeds_out(self) -> dict[str, int]:
        return {"main": self.deal.main.value, "piece": self.deal.piece_seed}

    def snapshot(self) -> tuple[Any, ...]:
        return (
            self.frame, self.deal.main.value,
            tuple(None if s is None else s.snapshot() for s in self.sides),
        )

    def restore(self, snap: tuple[Any, ...]) -> None:
        frame, main, sides = snap
        self.frame = frame
        self.deal.main.value = main
        for index, ssnap in enumerate(sides):
            if ssnap is None:
                self.sides[index] = None
                continue
            side = self.sides[index]
            if side is None:
                self.join(index)
                self.pending.clear()
                side = self.sides[index]
                assert side is not None
            side.restore(ssnap)

    def state_hash(self) -> str:
        items = (
            SESSION_VERSION, self.rules_id, self.stages_id, self.frame, self.deal.main.value,
            tuple(None if s is None else s.hash_items() for s in self.sides),
        )
        return state_digest(items, self.rules_version)
