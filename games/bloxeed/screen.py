"""What a Bloxeed player shows beyond the common Sega well: the garbage meter, the
power-block marks and the falling character, as the generic ``FieldExtras`` view."""

from __future__ import annotations

import functools
from typing import Any

from games.bloxeed.rules.characters import FALLING, LANDED, WAITING
from games.bloxeed.rules.extras import BloxeedExtras
from games.bloxeed.rules.power import marked_index

# The letter each power-block kind shows on its cell (field cell bits 4-7).
POWER_LETTERS: dict[int, str] = {1: "4", 2: "T", 3: "B", 4: "F", 5: "S"}


@functools.cache
def _drawing() -> tuple[Any, Any]:
    """The drawing side's parts, imported on the first frame drawn (the machine runs
    without pygame) and then kept: an import statement costs on every frame."""
    from games.bloxeed.sprites import character_sprite
    from games.sega.field_view import FieldExtras

    return FieldExtras, character_sprite


def field_extras(player: Any) -> Any:
    field_extras_type, character_sprite = _drawing()
    extras = player.extras
    if not isinstance(extras, BloxeedExtras):
        return None
    character = extras.character
    next_kind = extras.next_power_kind
    sprite = None
    if character.phase in (WAITING, FALLING, LANDED):
        art = character_sprite(character.kind)
        if art is not None:
            sprite = (art, character.y, character.x)
    return field_extras_type(
        meter_lamps=extras.meter_lamps if extras.meter_on else None,
        sprite=sprite,
        piece_mark=extras.piece_power_cell(player),
        next_mark=(marked_index(player.next_kind), next_kind) if next_kind else None,
        mark_letters=POWER_LETTERS,
        result=extras.result,
    )
