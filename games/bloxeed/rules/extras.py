"""Bloxeed's parts hooked into the common Sega player loop (games/sega/player.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine import events as ev
from engine.events import Event
from engine.field import POWER_SHIFT
from engine.settings import GameSettings
from games.bloxeed.rules.characters import PENDING, Character
from games.bloxeed.rules.decisions import (
    FOUR_LINES,
    GARBAGE_SKIP_LEVEL,
    KIND_NAMES,
)
from games.bloxeed.rules.garbage import GarbageMeter
from games.bloxeed.rules.power import (
    PowerBlocks,
    activated_kind,
    clear_marks,
    four_lines_rows,
    marked_index,
)
from games.bloxeed.rules.tables import GARBAGE_STACK_LIMIT_ROW, POWER_BLOCK_POINTS
from games.bloxeed.rules.versus import versus_row
from games.sega.player import ARE, NO_PIECE, OVER
from games.sega.rules import Extras, MainSeed

if TYPE_CHECKING:
    from games.sega.player import Player

# Player phases added by Bloxeed (games/sega/player.py has are, active, clear, over).
GARBAGE = "garbage"  # the garbage delay; the row rises on its last frame + 1 (first ARE)
CHARACTER = "character"  # a power-block character is in control


class BloxeedExtras(Extras):
    """One player's garbage meter, power blocks, character and versus queues.

    For the screen (read only): ``meter_lamps``, ``meter_frames``, ``garbage_rows``,
    ``pattern_position``, ``next_power_kind``, ``piece_power_cell(player)``, and
    ``character`` (``kind``, ``x``, ``y`` = hitbox bottom row, ``width``, ``phase``), and
    ``result`` (a versus match's end: "WIN", "LOSE", "DRAW"; None before).
    Power blocks in the field are the cells' bits 4-7 (engine.field.POWER_SHIFT)."""

    __slots__ = (
        "character", "dirty", "four_lines_due", "garbage_due", "incoming", "lock_level",
        "main", "meter", "meter_on", "outgoing", "piece_kind", "power", "result",
        "rows_risen",
    )

    def __init__(self, player: Player, settings: GameSettings, main: MainSeed) -> None:
        self.main = main
        self.meter_on = not settings.versus
        self.meter = GarbageMeter()
        self.power = PowerBlocks()
        self.character = Character()
        self.garbage_due = False
        self.lock_level = 0
        self.four_lines_due = False
        self.piece_kind = NO_PIECE
        self.dirty = False
        self.rows_risen = 0
        self.incoming: list[int] = []  # hole columns of rows received in versus
        self.outgoing: list[int] = []  # hole columns of rows to send in versus
        self.result: str | None = None  # a versus match's end for this player: WIN, LOSE, DRAW

    # ---- hooks -----------------------------------------------------------------------
    def on_frame(self, player: Player, pressed: int, out: list[Event]) -> bool:
        phase = player.phase
        if phase == OVER:
            return False
        if self.dirty:
            self.dirty = False
            self.power.refresh(player.field, player.level)
        if self.garbage_due:
            self.garbage_due = False
            self._decide_garbage(player, out)
            phase = player.phase
        if not self.character.kind:
            if self.meter_on and self.meter.tick(player.level):
                out.append(Event(ev.METER_LAMP, player.index, self.meter.lamps))
            kind = self.power.tick(self.main)
            if kind:
                out.append(Event(ev.POWER_BLOCK, player.index, kind))
        if phase == GARBAGE:
            player.level_timer += 1
            if player.phase_left:
                player.phase_left -= 1
            else:
                self._rise(player, out)
            return True
        if phase == CHARACTER:
            player.level_timer += 1
            if self.character.step(player, pressed, out):
                out.append(Event(ev.CHARACTER_GONE, player.index, self.character.kind))
                self.character.gone()
                self.dirty = True
                player.phase = ARE
                player.phase_left = player.delays.are
            return True
        return False

    def on_spawn(self, player: Player) -> None:
        self.piece_kind = player.kind
        self.power.spawned()

    def on_lock(
        self, player: Player, cells: list[tuple[int, int]], full_rows: list[int],
        out: list[Event],
    ) -> list[int]:
        self.dirty = True
        power = self.power
        field = player.field
        if power.current:
            r, c = cells[marked_index(self.piece_kind)]
            field.cells[r][c] |= power.kind << POWER_SHIFT
            power.current = False
        if full_rows:
            kind = activated_kind(field, full_rows)
            if kind:
                self._activate(player, kind, out)
            if not self.meter_on and len(full_rows) > 1:
                hole = min(c for _, c in cells)
                self.outgoing.extend([hole] * (len(full_rows) - 1))
                out.append(Event(ev.VERSUS_ATTACK, player.index, len(full_rows) - 1))
            return full_rows
        self.lock_level = player.level
        if self.incoming or (self.meter_on and self.meter.full):
            self.garbage_due = True
        return full_rows

    def on_cleared(self, player: Player, lines: int, out: list[Event]) -> None:
        self.dirty = True
        if self.four_lines_due:
            self.four_lines_due = False
            rows = four_lines_rows(player.field)
            if rows:
                player.clear_rows(rows, out)
        elif self.character.phase == PENDING:
            self.character.enter()
            player.phase = CHARACTER

    # ---- garbage ---------------------------------------------------------------------
    def _decide_garbage(self, player: Player, out: list[Event]) -> None:
        """On the frame after a non-clearing lock: start the garbage delay, or not."""
        if not self.incoming:
            if self.lock_level < GARBAGE_SKIP_LEVEL.value <= player.level:
                return  # the lock that reached level 10: no row, the meter stays full
            self.meter.empty()
            out.append(Event(ev.METER_EMPTY, player.index))
            if player.field.height() >= GARBAGE_STACK_LIMIT_ROW:
                return
        player.phase = GARBAGE
        player.phase_left = player.delays.garbage

    def _rise(self, player: Player, out: list[Event]) -> None:
        field = player.field
        if self.incoming:
            rows = [versus_row(hole) for hole in self.incoming]
            self.incoming.clear()
        else:
            rows = [self.meter.next_row()]
        fits = True
        for cells in rows:
            fits = field.push_bottom(cells) and fits
        self.rows_risen += len(rows)
        self.dirty = True
        out.append(Event(ev.GARBAGE_RISE, player.index, len(rows)))
        if fits:
            player.phase = ARE
            player.phase_left = player.delays.are - 1
        else:
            player.phase = OVER
            out.append(Event(ev.GAME_OVER, player.index))

    # ---- power blocks ----------------------------------------------------------------
    def _activate(self, player: Player, kind: int, out: list[Event]) -> None:
        player.add_score(POWER_BLOCK_POINTS)
        out.append(Event(ev.POWER_ACTIVATE, player.index, kind))
        self.power.activated[kind] += 1
        clear_marks(player.field)
        self.meter.empty()
        out.append(Event(ev.METER_EMPTY, player.index))
        if kind == FOUR_LINES:
            self.four_lines_due = True
        else:
            self.character.activate(kind)

    # ---- read-only views for the screen ----------------------------------------------
    @property
    def meter_lamps(self) -> int:
        return self.meter.lamps

    @property
    def meter_frames(self) -> int:
        """Frames into the lamp now filling."""
        return self.meter.frames

    @property
    def garbage_rows(self) -> int:
        """Rows risen so far (garbage meter and versus)."""
        return self.rows_risen

    @property
    def pattern_position(self) -> int:
        """The next garbage pattern row, 0..31."""
        return self.meter.position

    @property
    def next_power_kind(self) -> int:
        """The power-block kind the next piece (the preview) carries, 0 for none."""
        return self.power.next_kind()

    def piece_power_cell(self, player: Player) -> tuple[int, int, int] | None:
        """(row, column, kind) of the active piece's power block, or None."""
        if player.kind == NO_PIECE or not self.power.current:
            return None
        r, c = player.piece_cells()[marked_index(player.kind)]
        return r, c, self.power.kind

    def summary(self) -> dict[str, object]:
        return {
            "garbage_rows": self.rows_risen,
            "power_blocks": {
                name: self.power.activated[kind] for kind, name in KIND_NAMES.items()
            },
        }

    # ---- state -----------------------------------------------------------------------
    def state(self) -> tuple[Any, ...]:
        return (
            self.meter.state(), self.power.state(), self.character.state(), self.garbage_due,
            self.lock_level, self.four_lines_due, self.piece_kind, self.dirty,
            self.rows_risen, tuple(self.incoming), tuple(self.outgoing),
        )

    def snapshot(self) -> tuple[Any, ...]:
        # The match's end is kept but not hashed: hashes (and replays) stay as they were.
        return (*self.state(), self.result)

    def restore(self, state: tuple[Any, ...]) -> None:
        (meter, power, character, self.garbage_due, self.lock_level, self.four_lines_due,
         self.piece_kind, self.dirty, self.rows_risen, incoming, outgoing, self.result) = state
        self.meter.restore(meter)
        self.power.restore(power)
        self.character.restore(character)
        self.incoming = list(incoming)
        self.outgoing = list(outgoing)
