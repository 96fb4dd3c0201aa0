"""Doubles on the board: ``DoublesBoard`` is the TAP session (``TapSession``) with DOUBLES
as the fifth entry of the mode select, and rules id ``tap-doubles`` plays it at once.

The gesture: the player who started moves the lever to DOUBLES (after T.A.DEATH) and
presses any button or Start (or lets the 10 s run out on it). Both players then play, the
other side on the same credit; its Start lamp stays dark (``can_join`` is False) until the
game is over. DOUBLES is listed only while the other side is free; if the other side joins
with a credit while DOUBLES is highlighted, the cursor goes back to MASTER.
"""

from __future__ import annotations

from typing import Any

from engine.digest import ARIKA_V1, state_digest
from engine.events import Event
from engine.inputs import InputFrame
from engine.session import Seeds, Settings
from games.arika.rules import ArikaRules
from games.arika.session import MODE_START
from games.tap.rules.doubles import DOUBLES, DoublesPair, doubles_rules
from games.tap.rules.match import VERSUS
from games.tap.rules.modes import MODES
from games.tap.session import BOARD, DEFAULT_MODE, TapSession
from games.tap.versus import VersusBoard

WITH_DOUBLES: tuple[str, ...] = (*MODES, DOUBLES)


class DoublesBoard(TapSession):
    rules_ids = (BOARD, *MODES, DOUBLES)

    def __init__(self, rules_id: str, settings: Settings, seeds: Seeds, players: int) -> None:
        self.pair: DoublesPair | None = None
        super().__init__(rules_id, settings, seeds, players)

    # ---- the select -----------------------------------------------------------------
    def choices(self, index: int) -> tuple[str, ...]:
        other = 1 - index
        free = self.cursor[other] is None and not self.playing(other)
        return WITH_DOUBLES if free and self.pair is None else MODES

    def join(self, index: int) -> None:
        super().join(index)
        other = 1 - index
        if self.cursor[other] == len(MODES):  # DOUBLES is off the other side's list now
            self.cursor[other] = DEFAULT_MODE

    def rules(self, mode: str) -> ArikaRules:
        return doubles_rules() if mode == DOUBLES else super().rules(mode)

    def start_game(self, index: int, mode: str, out: list[Event] | None = None) -> None:
        if mode != DOUBLES:
            super().start_game(index, mode, out)
            return
        game_seed = self._game_seed()
        self.cursor = [None, None]
        self.pair = DoublesPair(game_seed, self.rules(DOUBLES))
        self.players = list(self.pair.players)
        if out is not None:
            out.append(Event(MODE_START, index, len(MODES)))

    # ---- the frame ------------------------------------------------------------------
    def step(self, inputs: InputFrame) -> tuple[Event, ...]:
        pair = self.pair
        if pair is None:
            return super().step(inputs)
        self.frame += 1
        out: list[Event] = []
        pair.step(inputs.p1, inputs.p2, out)
        return tuple(out) if out else ()

    @property
    def doubles(self) -> bool:
        return self.pair is not None

    def summary(self, index: int) -> dict[str, int | str] | None:
        base = super().summary(index)
        if base is None or self.pair is None:
            return None if base is None else dict(base)
        return {**base, "doubles_clock": self.pair.clock}

    # ---- state ------------------------------------------------------------------------
    def state_hash(self) -> str:
        base = super().state_hash()
        if self.pair is None:
            return base
        return state_digest((base, self.pair.state()), self.rules_version, ARIKA_V1)

    def snapshot(self) -> Any:
        return (super().snapshot(), None if self.pair is None else self.pair.snapshot())

    def restore(self, snap: Any) -> None:
        base, pair = snap
        super().restore(base)
        if pair is None:
            self.pair = None
            return
        if self.pair is None:
            self.pair = DoublesPair(0, self.rules(DOUBLES))
        self.pair.restore(pair)
        self.players = list(self.pair.players)


class TapBoard(DoublesBoard, VersusBoard):
    """The whole board: the single-player modes, a challenger's Versus match (and the Item
    mode), and DOUBLES on the select; each part hands on to the next what is not its own."""

    rules_ids = (BOARD, *MODES, VERSUS, DOUBLES)


ALL_RULES = TapBoard.rules_ids


def new_session(rules_id: str, settings: Settings, seeds: Seeds, players: int) -> TapBoard:
    return TapBoard(rules_id, settings, seeds, players)


def doubles_document() -> dict[str, object]:
    """`bloxcab rules tap-doubles --json`."""
    from games.tap.cartridge import rules_document as tap_document

    rules = doubles_rules()
    doc = tap_document(MODES[0])  # Normal's tables: Doubles reuses them (decisions)
    doc.update({
        "rules": DOUBLES, "title": rules.title, "well_width": 14, "players": 2,
        "goal": rules.goal, "level_stops": sorted(rules.level_stops),
        "roll_frames": rules.roll_frames, "decisions": dict(rules.decisions),
    })
    return doc


def rules_document(rules_id: str) -> dict[str, object]:
    from games.tap.cartridge import rules_document as tap_document

    return doubles_document() if rules_id == DOUBLES else tap_document(rules_id)
