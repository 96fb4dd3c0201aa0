"""Every Bloxeed value rules/sega.md tags [decision]: the project's choices, in one table.

Correct them here when better evidence arrives. Each field carries a `# decision` note.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from engine.pieces import I, J, L, O, S, T, Z

# Power-block kinds, numbered in priority order (1 = highest); the number is what a field
# cell holds in bits 4-7. decision: the order after "4 Lines" (which is src) is ours.
FOUR_LINES, T16, BOMB, FLICKY, SATELLITE = 1, 2, 3, 4, 5  # decision
KIND_NAMES: dict[int, str] = {
    FOUR_LINES: "4lines", T16: "16t", BOMB: "bomb", FLICKY: "flicky", SATELLITE: "satellite",
}
CHARACTERS = (T16, BOMB, FLICKY, SATELLITE)


@dataclass(frozen=True)
class BloxeedDecisions:
    # decision: Bloxeed difficulty d uses the Tetris gravity column d + 1 (capped at Hardest),
    # so that on Normal levels 9 and 15+ are 1G and levels 8 and 10-14 slower (BLX note 6).
    gravity_difficulty_shift: int = 1
    # decision: High Speed Mode makes 1G into 2G from this level on.
    high_speed_from_level: int = 20
    # decision: the level timer uses the Tetris table (rules/sega.md 1.5).
    level_timer: str = "the Tetris (1988) table"
    # decision: the garbage delay: a non-clearing lock on frame L with a full meter decides
    # the row on frame L + 1 (first garbage frame) and empties the meter then; frames
    # L+1..L+10 are the garbage delay, the row rises on frame L + 11 which is also the first
    # ARE frame, so the next piece spawns on L + 10 + ARE + 1.
    garbage_delay_frames: str = "L+1..L+10 delay, rise on L+11 (first ARE frame)"
    # decision: "the lock that reaches level 10" is the non-clearing lock whose level-timer
    # level-up raises the level from 9 to 10 (a clearing lock never raises garbage anyway).
    garbage_skip_level: int = 10
    # decision: the meter and the power-block timer stop from the lock that activates a
    # character until the frame the character acts or disappears.
    pause_while_character: str = "from the activating lock until the character is gone"
    # decision: 6-bit value = low 6 bits of one main-seed call's return value.
    power_value_bits: str = "low 6 bits of one main-seed call"
    # decision: level-0 thresholds of the power-block timer in frames, zones 0..3
    # (only the top zone's 5 s is src; the others are ours).
    power_thresholds: tuple[int, int, int, int] = (3600, 1800, 900, 300)
    # decision: thresholds grow by 5% of their level-0 value per level (linear), in frames
    # rounded down: threshold(level) = base * (100 + 5 * level) // 100.
    power_threshold_growth_percent: int = 5
    # decision: the timer fires on the frame it reaches the threshold, then restarts at 0.
    power_timer_fires_at: str = "timer == threshold"
    # decision: weights out of 64 per kind (4 Lines, 16t, Bomb, Flicky, Satellite), per zone;
    # equal weights as near as 64 values allow.
    zone_weights: tuple[tuple[int, int, int, int, int], ...] = (
        (13, 13, 13, 13, 12),
        (13, 13, 13, 13, 12),
        (13, 13, 13, 13, 12),
        (13, 13, 13, 13, 12),
    )
    # decision: the marked cell of each piece, 0-based index in reading order of the spawn
    # state (I 2nd, O 1st, T 2nd, J 1st, L 3rd, S 1st, Z 2nd).
    marked_cell: dict[int, int] = field(
        default_factory=lambda: {I: 1, O: 0, T: 1, J: 0, L: 2, S: 0, Z: 1}
    )
    # decision: the mark follows rotation by index: it is the cell with the same reading-order
    # index in the current state's cell table.
    mark_follows_rotation: str = "same reading-order index in the current state"
    # decision: one kind is stored; every marked piece not yet locked (current and next)
    # shows the last chosen kind, which gives the transform glitch.
    one_stored_kind: bool = True
    # decision: "about 180 frames": the character waits exactly this many frames above the
    # ceiling after the collapse frame of the clear that activated it.
    character_wait: int = 180
    # decision: characters fall one row every this many frames.
    character_fall_frames: int = 4
    # decision: widths in columns.
    character_width: dict[int, int] = field(
        default_factory=lambda: {T16: 2, BOMB: 1, FLICKY: 1, SATELLITE: 1}
    )
    # decision: the character's start column (0-based, left column of its hitbox) and the row
    # of its hitbox bottom while above the ceiling (0-based: 20 = rules row 21).
    character_column: int = 4
    character_ceiling_row: int = 20
    # decision: the lever moves a character like a piece (first frame, then after DAS every
    # frame), into free columns only; no soft drop; several buttons in a frame act once.
    character_lever: str = "as a piece: DAS, free columns only, no soft drop"
    # decision: Bomb clears a 3x3 square centred on the cell below it (the floor counts as a
    # row below row 1); 16t clears every cell below it in its 2 columns. Nothing falls after.
    bomb_size: int = 3
    # decision: a Flicky line is removed at once (no line clear delay) and Flicky stays.
    flicky_clear_delay: int = 0
    # decision: a Satellite all clear ends the Satellite at once.
    satellite_gone_on_all_clear: bool = True
    # decision: 4 Lines removes rows 1, 3, 5, 7 (those holding blocks) after the activating
    # clear's collapse, with its own line clear delay; it counts towards level-up.
    four_lines_rows: tuple[int, ...] = (0, 2, 4, 6)
    # decision: when a game replays a kept piece seed, the main seed is not called for it.
    replay_draws_main_seed: bool = False
    # decision: versus: n lines send n - 1 rows (piece clears only, not 4 Lines or Flicky),
    # hole under the clearing piece's leftmost cell, grey (colour 8).
    versus_rows_sent: str = "lines - 1"
    versus_garbage_colour: int = 8
    # decision: received rows wait and rise together at the receiver's next non-clearing
    # lock, with the garbage delay (as a meter row would).
    versus_rise: str = "next non-clearing lock, all at once, garbage delay"
    # decision: a block pushed above the ceiling by rising rows tops the player out; when one
    # player tops out the other wins and both games end.
    versus_top_out: str = "spawn blocked, or a block pushed above the ceiling"
    # decision: power blocks appear in versus too.
    versus_power_blocks: bool = True

    def as_mapping(self) -> dict[str, object]:
        return asdict(self)


BLOXEED_DECISIONS = BloxeedDecisions()
