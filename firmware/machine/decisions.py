"""Cabinet behaviour no source gives: the project's choices, in one table."""

from __future__ import annotations

# decision: every value here is the project's own choice (see each note).
CABINET_DECISIONS: dict[str, object] = {
    "title_frames": 600,  # decision: 10 s of title in the attract loop
    "demo_frames": 2400,  # decision: at most 40 s of demo play
    "rankings_frames": 480,  # decision: 8 s of rankings
    "notice_frames": 300,  # decision: "BACKUP DATA CLEARED" stays 5 s (any start skips it)
    "game_over_frames": 300,  # decision: 5 s game-over screen; also the same-sequence window
    "game_over_field_frames": 120,  # decision: the final field stays 2 s before GAME OVER
    "name_repeat_frames": 8,  # decision: a held lever steps one letter every 8 frames
    "power_on_commit_frames": 3600,  # decision: power-on time saved once a minute
    # decision: during a game TEST must be held 30 frames (0.5 s) before the service menu
    # opens and the game is abandoned: a bump or a glitch must not end a paid game, and an
    # operator holding TEST waits half a second (between games it opens at once).
    "test_hold_frames": 30,
    "p2_join": "a second player may join a running game with a credit (its own game on the "
    "other field); a player whose game ended may start again while the other plays",
    "versus_start": "Bloxeed: 2P start with Allow VS Mode = Yes starts versus; otherwise (and "
    "on Tetris) it starts two independent games",
    "tilt": "tilt ends every game in progress, unranked; credits on the board stay",
    "same_sequence": "Bloxeed: a 1P start from the game-over screen replays the previous "
    "piece sequence (the piece seed is kept)",
    "ranking_mode": "every finished non-versus game is ranked in the 'normal' table",
    "name_entry_order": "initials are entered after every game on the cabinet has ended, "
    "player 1 first",
}

# Source: issue "kiosk" (20 s name-entry countdown).
NAME_ENTRY_FRAMES = 20 * 60
