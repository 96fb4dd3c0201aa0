"""Every Flash Point rule no public source settles: the project's choices, in one table.

Each entry has its value, a one-line why, and the nearest source where one exists. Correct
them here when better evidence arrives; `bloxcab rules flashpoint --json` prints the table.
"""

from __future__ import annotations

from typing import Any

from engine.decision import Decision
from games.flashpoint.rules import events as fev

# MAME names SW2:7 "Clear Round Allowed" (1 or 2) and ties it to button 3; what it does is
# not documented.
CLEAR_ROUND = Decision(
    "button 3 during a stage gives the stage up: it counts as cleared, with no bonus, and "
    "the next-stage choice follows; allowed as many times per credit as the DIP says (1 or 2)",
    "a one-button game whose only use of button 3 is this switch; a count of 1 or 2 reads as "
    "an allowance of rounds the player may have cleared for them",
    "MAME segas16b.cpp, fpoint DIP SW2:7 (uses button 3)",
)
# The rate of the bonus count-down (the clones differ).
BONUS_COUNTDOWN_FRAMES = Decision(
    4, "1 point every 4 frames while a piece is in play (a stage bonus of 1000 lasts 66 s)",
    "tetris.wiki 'Flash Point' (the bonus counts down rapidly; the rate is not given)",
)
BONUS_FLOOR = Decision(0, "the bonus stops at 0 and the stage goes on")
CHOICE_FRAMES = Decision(
    600, "the next-stage choice is forced after 10 s: the highlighted stage is taken",
    "one player-made clone of the game",
)
SELECT_FRAMES = Decision(
    600, "the first-stage select (1-90) is forced after 10 s, like the next-stage choice",
)
SELECT_LEVER = Decision(
    "left/right -1/+1, up/down +10/-10, wrapping within 1-90; a held lever repeats after 12 "
    "frames every 4 frames; button 1 or 2 confirms",
    "90 stages must be reachable within the 10 s count-down",
)
CHOICE_LEVER = Decision(
    "left/right (or up/down) moves between the four offers, the cursor starts on the next "
    "stage; button 1 or 2 confirms",
    "the offers are a row of four",
)
# The caps of the choice (the rules say capped at 90 below 90, at 100 after).
CHOICE_CAP_BELOW = Decision(
    90, "offers after stages 1-89 never pass stage 90", "tetris.wiki 'Flash Point'",
)
CHOICE_CAP_ABOVE = Decision(100, "offers after stage 90 and later never pass stage 100")
LOOP_TO = Decision(
    1, "after stage 100 the game goes on from stage 1 (offers 1, 3, 5, 7), score and level "
    "kept", "the game has no ending after 100 in any source we read",
)
# Flash Point's delays other than DAS were not published; it runs on the Tetris (1988) board
# and engine.
DELAYS = Decision(
    {"are": 30, "lock": 30, "line_clear": 42},
    "Tetris (1988)'s ARE, lock delay and line clear delay: the same board and engine",
    "tetris.wiki 'Tetris (Sega)' (delays); 'Flash Point' says the speed curve is Tetris's",
)
LINES_PER_LEVEL = Decision(
    4, "the level rises every 4 lines and by the level timer, as in Tetris (1988)",
    "tetris.wiki 'Flash Point' (the speed curve is the same as in Tetris (Sega))",
)
START_LEVEL = Decision(0, "a credit starts at level 0 whatever the chosen stage")
CREDIT_CLOCK = Decision(
    "frames while a stage is in play (not the select or choice screens)",
    "the 12- and 25-minute rules speak of play time on one credit",
    "tetris.wiki 'Flash Point'",
)
STAGE_START = Decision(
    "a stage starts with the layout in the well and ARE (30 frames) before its first piece; "
    "the level timer and DAS charge carry over",
    "the same opening as a Tetris game",
)
SEQUENCE_RESTARTS = Decision(
    True, "each stage deals the piece table from its first entry (settings "
    "sequence_restarts=false: the table walks on across stages)",
    "tetris.wiki 'Sega Randomizer' and a player's account; one clone continues it",
)
SAME_SEQUENCE = Decision(
    "a new credit draws the table from the main seed; seed 'piece' replays a kept table",
    "the next game may be played with the same piece order",
    "Bloxeed introduction (abomination.jp OGA): 'the same piece order ... as in Flash Point'",
)
STAGE_END = Decision(
    "the stage is cleared on the frame its last flashing cell's row collapses",
    "flashing cells only leave the well by line clears",
)
DOWN_REPEAT = Decision(
    "Down's hold counter charges whenever Down is held (also in ARE), like the lever's DAS: "
    "a row on its first frame, then one every frame from the 12th",
    "the footnote says DAS applies to Down",
    "tetris.wiki 'Flash Point' footnote",
)
BUTTONS = Decision(
    "buttons 1 and 2 rotate counter-clockwise; button 3 is Clear Round only",
    "the game has a lever and one rotate button; MAME's button 3 is the Clear Round switch's",
    "MAME segas16b.cpp, fpoint",
)
TWO_CELL = Decision(
    "with 2 Cell Move on, from 25 minutes of play on the credit gravity is 2 rows every frame "
    "at any level (soft drop then impossible)",
    "the DIP's text: blocks fall at double speed",
    "tetris.wiki 'Flash Point'; MAME segas16b.cpp fpoint SW2:8",
)
TWO_PLAYERS = Decision(
    "two independent games on two wells, each with its own stage, both dealt the same table",
    "the board takes 1-2 players", "segaretro.org 'Flash Point' (1-2 players)",
)
OPERATOR_STAGES = Decision(
    "an operator's stage file replaces the built-in set only when it parses whole; otherwise "
    "one error line and the built-in set", "a bad file never stops the cabinet",
)
FLASH_FRAMES = Decision(
    8, "a flashing cell is lit for 8 frames, then shows as a plain block for 8",
)
QUIET_EVENTS = Decision(
    (fev.STAGE_SELECT, fev.CHOICE_OPEN, fev.BONUS),
    "besides the Sega loop's quiet events, the select opening, the choice opening and the "
    "bonus landing make no sound of their own (the stage clear's fanfare covers them)",
)
DEMO_BEAM = Decision(
    16, "the demo player's solver keeps 16 plans a piece: quick, and it still clears the "
    "early stages",
)

FLASHPOINT_DECISIONS: dict[str, Decision[Any]] = {
    "clear_round_allowed": CLEAR_ROUND,
    "bonus_countdown_frames": BONUS_COUNTDOWN_FRAMES,
    "bonus_floor": BONUS_FLOOR,
    "choice_frames": CHOICE_FRAMES,
    "select_frames": SELECT_FRAMES,
    "select_lever": SELECT_LEVER,
    "choice_lever": CHOICE_LEVER,
    "choice_cap_below_90": CHOICE_CAP_BELOW,
    "choice_cap_from_90": CHOICE_CAP_ABOVE,
    "after_stage_100": LOOP_TO,
    "delays": DELAYS,
    "lines_per_level": LINES_PER_LEVEL,
    "start_level": START_LEVEL,
    "credit_clock": CREDIT_CLOCK,
    "stage_start": STAGE_START,
    "sequence_restarts": SEQUENCE_RESTARTS,
    "same_sequence": SAME_SEQUENCE,
    "stage_end": STAGE_END,
    "down_repeat": DOWN_REPEAT,
    "buttons": BUTTONS,
    "two_cell_move": TWO_CELL,
    "two_players": TWO_PLAYERS,
    "operator_stages": OPERATOR_STAGES,
    "flash_frames": FLASH_FRAMES,
    "also_quiet_events": QUIET_EVENTS,
    "demo_beam": DEMO_BEAM,
}


def decisions_json() -> dict[str, dict[str, object]]:
    return {name: d.as_json() for name, d in FLASHPOINT_DECISIONS.items()}
