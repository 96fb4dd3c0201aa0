"""Bloxeed's tables and per-game figures as plain data, for `bloxcab rules` and `sim`."""

from __future__ import annotations

from engine.pieces import letter
from games.bloxeed.rules.decisions import (
    CHARACTER_FALL_FRAMES,
    CHARACTER_WAIT,
    CHARACTER_WIDTH,
    CHARACTERS,
    GARBAGE_SKIP_LEVEL,
    HIGH_SPEED_FROM_LEVEL,
    KIND_NAMES,
    MARKED_CELL,
    T16,
)
from games.bloxeed.rules.power import THRESHOLDS, ZONE_KINDS
from games.bloxeed.rules.tables import (
    BLOXEED_DEFAULT_CONSTANT,
    BLOXEED_INDEX_MASK,
    BLOXEED_PIECE_BY_VALUE,
    BLOXEED_SZ_TO_I_ABOVE,
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
    SATELLITE_POINTS_DIVISOR,
    T16_WIDTH,
    ZONE_FLOORS,
)
from games.sega import tables as tab


def bloxeed_tables() -> dict[str, object]:
    zone_heights = list(zip((0, *ZONE_FLOORS), (*(f - 1 for f in ZONE_FLOORS), 20), strict=True))
    return {
        **tab.scoring_tables(),
        "randomizer": {
            "default_constant": BLOXEED_DEFAULT_CONSTANT,
            "index_mask": BLOXEED_INDEX_MASK,
            "index": "p mod 7, p = value AND index_mask",
            "s_or_z_becomes_i_above": BLOXEED_SZ_TO_I_ABOVE,
            "shares_of_128": {
                letter(k): BLOXEED_PIECE_BY_VALUE.count(k) for k in range(7)
            },
            "piece_seed": "the first main-seed call's full return value",
        },
        "high_speed": {"from_level": HIGH_SPEED_FROM_LEVEL.value, "rows_per_frame": 2},
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
            "no_row_on_lock_reaching_level": GARBAGE_SKIP_LEVEL.value,
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
            "marked_cell": {letter(k): i + 1 for k, i in sorted(MARKED_CELL.value.items())},
            "characters": {
                KIND_NAMES[k]: {
                    "width": T16_WIDTH if k == T16 else CHARACTER_WIDTH.value[k]
                }
                for k in CHARACTERS
            },
            "character_wait": CHARACTER_WAIT.value,
            "character_fall_frames": CHARACTER_FALL_FRAMES.value,
            "character_height": CHARACTER_HEIGHT,
            "character_lock": CHARACTER_LOCK,
            "satellite_points": {
                "per_block": f"single-line points / {SATELLITE_POINTS_DIVISOR}",
                "by_level": [
                    {"from_level": lv, "points": points[0] // SATELLITE_POINTS_DIVISOR}
                    for lv, points, _drop in tab.SCORE_TABLE
                ],
            },
            "flicky_clear": "rows clear together; 5-8 lines score as lines - 4",
            "satellite_all_clear": f"(level + 1) x {SATELLITE_ALL_CLEAR}",
        },
    }

