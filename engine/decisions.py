"""Engine-wide choices where no source says (rules/sega.md marks them [decision]).

Kept in one table so they can be corrected in one place when better evidence arrives.
"""

from __future__ import annotations

# decision: every entry below is the project's own choice, not a documented fact.
ENGINE_DECISIONS: dict[str, str] = {
    "score_level": "line-clear points use the level before the clear's level-up",  # decision
    "lock_reset": "lock delay resets only when the piece moves down a row (step reset)",  # decision
    "spawn_frame": "the spawn frame only places the piece; control and gravity start on "
    "the next frame",  # decision
    "first_piece": "a game starts in ARE; the first piece spawns on frame ARE + 1",  # decision
    "are_after_clear": "after a clear: line clear delay, then ARE (the collapse frame is the "
    "first ARE frame)",  # decision
    "das_charge": "DAS charges whenever the lever is held, also during ARE and line clear "
    "delay; left and right together count as neither",  # decision
    "rotate_buttons": "several rotation buttons pressed in one frame rotate once",  # decision
    "soft_drop_points": "drop points are added per row as the piece moves, at the current "
    "level's rate; soft drop on the ground does not shorten the lock delay",  # decision
    "level_timer_reset": "every level-up (by lines or by the timer) resets the level "
    "timer",  # decision
    "level_timer_pause": "the level timer stops only during the line clear delay",  # decision
    "game_over": "a blocked spawn ends the game; the piece is not placed",  # decision
    "two_players": "two players are independent games; both walk the same piece sequence "
    "from its first entry",  # decision
}
