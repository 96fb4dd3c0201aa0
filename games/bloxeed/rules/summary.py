"""Bloxeed's tables and per-game figures as plain data, for `bloxcab rules` and `sim`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.pieces import letter
from engine.tables import sega_common as tab
from games.bloxeed.rules.decisions import BLOXEED_DECISIONS, CHARACTERS, KIND_NAMES
from games.bloxeed.rules.power import THRESHOLDS, ZONE_KINDS
from games.bloxeed.rules.tables import (
    BLOXEED_DEFAULT_CONSTANT,
    BLOXEED_INDEX_MASK,
    BOTTOM_LAMP_FACTOR,
    CHARACTER_HEIGHT,
    CHARACTER_LOCK,
    GARBAGE_GROUP_PIECES,
    GARBAGE_GROUP_ROWS,
    GARBAGE_PATTERN,
    GARBAGE_STACK_LIMIT_ROW,
    METER_FRAMES_PER_LAMP,
    METER_LAMPS,
    POWER_BLOCK_POINTS,
    SATELLITE_ALL_CLEAR,
    SATELLITE_POINTS,
    ZONE_FLOORS,
)

if TYPE_CHECKING:
    from engine.player import Player

_D = BLOXEED_DECISIONS


def bloxeed_tables() -> dict[str, object]:
    zone_heights = list(zip((0, *ZONE_FLOORS), (*(f - 1 for f in ZONE_FLOORS), 20), strict=True))
    return {
        **tab.scoring_tables(),
        "randomizer": {
            "default_constant": BLOXEED_DEFAULT_CONSTANT,
            "index_mask": BLOXEED_INDEX_MASK,
            "piece_seed": "the first main-seed call's full return value",
        },
        "high_speed": {"from_level": _D.high_speed_from_level, "rows_per_frame": 2},
        "garbage_pattern": list(GARBAGE_PATTERN),
        "garbage_pattern_colours": [
            letter(GARBAGE_GROUP_PIECES[i // GARBAGE_GROUP_ROWS])
            for i in range(len(GARBAGE_PATTERN))
        ],
        "garbage_meter": {
            "lamps": METER_LAMPS,
            "bottom_lamp_factor": BOTTOM_LAMP_FACTOR,
            "frames_per_lamp": [
                {"from_level": lv, "frames": n, "full_meter": n * (METER_LAMPS + 1)}
                for lv, n in METER_FRAMES_PER_LAMP
            ],
            "no_row_from_stack_row": GARBAGE_STACK_LIMIT_ROW,
            "no_row_on_lock_reaching_level": _D.garbage_skip_level,
        },
        "power_blocks": {
            "priority": [KIND_NAMES[k] for k in sorted(KIND_NAMES)],
            "points": POWER_BLOCK_POINTS,
            "zones": [{"zone": z, "heights": list(h)} for z, h in enumerate(zone_heights)],
            "timer_frames": [
                {"level": lv, "zones": list(THRESHOLDS[lv])} for lv in range(tab.LEVEL_CAP + 1)
            ],
            "kind_by_value": {
                str(z): [KIND_NAMES[k] for k in table] for z, table in enumerate(ZONE_KINDS)
            },
            "marked_cell": {letter(k): i + 1 for k, i in sorted(_D.marked_cell.items())},
            "characters": {
                KIND_NAMES[k]: {"width": _D.character_width[k]} for k in CHARACTERS
            },
            "character_wait": _D.character_wait,
            "character_fall_frames": _D.character_fall_frames,
            "character_height": CHARACTER_HEIGHT,
            "character_lock": CHARACTER_LOCK,
            "satellite_points": SATELLITE_POINTS,
            "satellite_all_clear": f"(level + 1) x {SATELLITE_ALL_CLEAR}",
        },
    }


def sim_summary_extras(player: Player) -> dict[str, object]:
    """``{"garbage_rows": rows risen, "power_blocks": {kind: activations}}``."""
    summary = getattr(player.extras, "summary", None)
    if summary is None:
        return {"garbage_rows": 0, "power_blocks": {name: 0 for name in KIND_NAMES.values()}}
    result: dict[str, object] = summary()
    return result
