"""The common Sega loop's project decisions: values no public source settles, one table.

Each entry is a ``Decision(value, why, source)`` (engine/decision.py); correct it here when
better evidence arrives, and move it to a sourced table once a source settles it (the lock
reset did: tetris.wiki "Tetris (Sega)" names step reset, see games/sega/tables.py).
"""

from __future__ import annotations

from typing import Any

from engine.decision import Decision
from engine.events import LAND, SPAWN

_SEGA = 'tetris.wiki "Tetris (Sega)"'

# Every entry below is the project's own choice, not a documented fact.
ENGINE_DECISIONS: dict[str, Decision[Any]] = {
    "score_level": Decision(
        "the level before the clear's level-up",
        "a clear is scored at the level it was made at, the one on screen as the lines go",
        f"{_SEGA}, scoring table (silent on a clear that also levels up)",
    ),
    "spawn_frame": Decision(
        "placement only",
        "the spawn frame only places the piece; control and gravity start on the next frame",
        f"{_SEGA} (movement and rotation before gravity within a frame)",
    ),
    "first_piece": Decision(
        "frame ARE + 1",
        "a game starts in ARE, so the first piece waits as every later one does",
        f"{_SEGA}, details (ARE 30 frames)",
    ),
    "are_after_clear": Decision(
        "line clear delay, then ARE",
        "after a clear the line clear delay runs first, then ARE; the collapse frame is the "
        "first ARE frame",
        f"{_SEGA}, details (line clear delay and ARE given separately)",
    ),
    "das_charge": Decision(
        "charges whenever the lever is held",
        "DAS charges also during ARE and the line clear delay; left and right together count "
        "as neither",
        f"{_SEGA} (1G DAS after the DAS delay)",
    ),
    "rotate_buttons": Decision(
        "one turn per frame",
        "several rotation buttons pressed in the same frame rotate once; pressed in turn "
        "they give one turn each",
        f"{_SEGA} (the 3 buttons tapped in turn give a clockwise turn)",
    ),
    "soft_drop_points": Decision(
        "per row, at the current level's rate",
        "drop points are added per row as the piece moves; soft drop on the ground does not "
        "shorten the lock delay",
        f"{_SEGA}, scoring (drop points per row by level)",
    ),
    "level_timer_reset": Decision(
        "every level-up",
        "every level-up, by lines or by the timer, restarts the level timer",
        f"{_SEGA}, level timer (the timer resets when it raises the level)",
    ),
    "level_timer_pause": Decision(
        "line clear delay only",
        "the level timer stops only during the line clear delay (and the level-up pause)",
        f"{_SEGA}, level timer",
    ),
    "game_over": Decision(
        "a blocked spawn ends the game",
        "a piece that cannot spawn is not placed and the game ends on that frame",
    ),
    "two_players": Decision(
        "independent games on one piece sequence",
        "two players are independent games; both walk the same piece sequence from its "
        "first entry",
        "koryan \"DataBase TETRIS(AC)\" (two players at the same time)",
    ),
    "quiet_events": Decision(
        (SPAWN, LAND), "a spawn and a landing make no sound of their own (the lock sounds)",
    ),
    "clear_flash_frames": Decision(
        4, "a clearing row flashes white for 4 frames, then shows its blocks for 4",
    ),
}


# The Sega board's cabinet behaviour around its games (joins, versus, the same sequence
# again), printed with each Sega cartridge's rules; the project's choices, as above.
BOARD_DECISIONS: dict[str, Decision[Any]] = {
    "p2_join": Decision(
        "join with a credit",
        "a second player may join a running game with a credit (its own game on the other "
        "field); a player whose game ended may start again while the other plays",
        'koryan "DataBase TETRIS(AC)" (two players at the same time)',
    ),
    "versus_start": Decision(
        "2P start = versus when allowed",
        "a 2P start with Allow VS Mode = Yes starts versus; otherwise two independent "
        "games start",
        "MAME segas18.cpp, SW2:1 Allow VS Mode",
    ),
    "same_sequence": Decision(
        "1P start on the game-over screen",
        "a 1P start from the game-over screen replays the previous piece sequence (the "
        "piece seed is kept), where the game offers it",
        'abomination.jp OGA "Introduction of Bloxeed", basic rules (same piece order again)',
    ),
}
