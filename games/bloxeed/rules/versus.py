"""Versus: rows sent between the two players, and the first to top out loses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import events as ev
from engine.events import Event
from engine.field import FIELD_WIDTH
from games.bloxeed.rules.decisions import VERSUS_GARBAGE_COLOUR
from games.sega.player import OVER

if TYPE_CHECKING:
    from games.bloxeed.rules.extras import BloxeedExtras
    from games.sega.player import Player


def versus_row(hole: int) -> list[int]:
    """A received row: blocks everywhere but ``hole`` (0-based column)."""
    colour = VERSUS_GARBAGE_COLOUR.value
    return [0 if c == hole else colour for c in range(FIELD_WIDTH)]


def exchange(p1: Player, p2: Player, out: list[Event]) -> None:
    """After both players stepped: deliver the rows each one sent; end the match when one
    player has topped out (the other wins)."""
    e1: BloxeedExtras = p1.extras  # type: ignore[assignment]
    e2: BloxeedExtras = p2.extras  # type: ignore[assignment]
    if e1.outgoing:
        e2.incoming.extend(e1.outgoing)
        e1.outgoing.clear()
    if e2.outgoing:
        e1.incoming.extend(e2.outgoing)
        e2.outgoing.clear()
    over1, over2 = p1.phase == OVER, p2.phase == OVER
    if over1 != over2:
        winner = p2 if over1 else p1
        winner.phase = OVER
        e1.result, e2.result = ("LOSE", "WIN") if over1 else ("WIN", "LOSE")
        out.append(Event(ev.VERSUS_WIN, winner.index))
    elif over1 and e1.result is None:  # both topped out on one frame
        e1.result = e2.result = "DRAW"
