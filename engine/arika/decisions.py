"""The Arika player loop's choices where no source settles the arcade's behaviour.

Each entry: the value and why (with the nearest source where one exists). Printed by
``bloxcab rules R --json`` for every Arika rule set.
"""

from __future__ import annotations

# decision: every entry below is the project's own choice, not a documented fact.
ARIKA_DECISIONS: dict[str, str] = {
    "frame_convention": "delays are internal frames: after a lock on frame L the next piece "
    "spawns on L + ARE + 3 (lock flash frame, ARE frames, level-step frame), after a clear "
    "on L + line clear + line ARE + 3; the lock counter counts the landing frame, so a "
    "piece resting from frame G locks on G + lock - 1; DAS moves on the press frame and "
    "again DAS + 1 frames later. Why: tetris.wiki prints observed frames, ARE and DAS 2 "
    "more than internal, lock and line clear equal; this timeline makes that true",
    "frame_order": "rotation, then the lever, then sonic drop, then Down, then gravity, then "
    "the lock counter. Why: the arcade's order was never decompiled; cambridge uses the same "
    "order for ARS (rotation before shifting allows a turn and a move in one frame)",
    "spawn_frame": "the spawn frame applies IRS and gravity (20G: on the stack at once) but "
    "no move, rotation, drop or lock count. Why: tetris.wiki says the spawn frame leaves "
    "DAS untouched; TGMsim issue 43: the lock counter does not run on the spawn frame",
    "das_frozen": "DAS neither charges nor resets during the line clear delay, the first "
    "frame after a lock or a clear, the level-step frame and the spawn frame; it charges in "
    "ARE and line ARE. Why: tetris.wiki, TGM2 Master delays note",
    "das_before_spawn": "a lever pressed during ARE does not move the new piece by one: "
    "the piece moves once the charge reaches DAS + 1. Why: only a press on a frame with a "
    "piece in play can move it",
    "rotate_buttons": "buttons 1 and 3 turn counter-clockwise, 2 clockwise, on a new "
    "press; presses of both directions in one frame turn counter-clockwise once. Why: one "
    "turn a frame, as on the Sega loop",
    "irs": "a rotation button held on the spawn frame spawns the piece turned (1 or 3: "
    "counter-clockwise first); no kick, and unturned if the turned piece does not fit. Why: "
    "cambridge and shiromino",
    "centre_column": "the first taken cell of the new state in reading order decides: "
    "centre column = no kick. Why: cambridge's reading of the wiki pictures (NullpoMino "
    "kicks if any blocked cell is off-centre; equal on every wiki example)",
    "gravity_fraction": "gravity adds g/256 rows each frame and keeps the fraction "
    "below one row; a grounded piece drops the whole rows and keeps the fraction; a new "
    "piece starts from 0. Why: tetris.wiki (the denominator is 256); the reset is ours",
    "twenty_g": "at 20G a rotation or a move is followed at once by the fall. Why: "
    "tetris.wiki (a piece never hangs in the air at 20G)",
    "sonic_drop": "Up held drops the piece to the stack every frame; it does not lock and "
    "resets the lock counter when the piece moved down. Why: tetris.wiki (sonic drop does "
    "not lock; lock delay resets on a step down)",
    "soft_drop": "Down in the air falls at 1G or the gravity if faster; a piece that lands "
    "by soft drop locks the next frame Down is still held. Why: tgm.tips (Down locks on the "
    "ground); the one-frame order follows from rotation-lever-drop-lock",
    "manual_lock": "Down on the ground locks at once if Down was released since the last "
    "manual lock (held through ARE counts as a new press after a lock by the lock delay). "
    "Why: cambridge issue 60 on TGM2's Down",
    "lock_reset": "the lock counter resets only when the piece moves down a row. Why: "
    "tetris.wiki, lock delay (step reset)",
    "lock_flash": "a locked piece is drawn bright for 3 frames. Why: tetris.wiki (about 3 "
    "frames, TGM framestep notes)",
    "top_out": "the game ends when the new piece (after IRS, or unturned) overlaps the "
    "stack; the piece is not placed. Blocks locked in row 21 stay; blocks pushed above it "
    "are lost. Why: tetris.wiki, TGM2 buffer row",
    "first_piece_level": "the first piece does not add a level; every later spawn adds 1 "
    "on the level-step frame unless the level is a stop. Why: the counter shows 000 with "
    "the first piece in play",
    "clock": "the game clock runs from the first spawn frame to the frame the goal level is "
    "reached, 60 counts a displayed second. Why: the TGM2 board shows game time in 1/60 s",
    "ready": "60 frames of READY before the first piece (DAS charges). Why: our choice",
    "roll_pause": "150 frames between reaching the goal and the roll, whose first piece "
    "spawns at once on a cleared field. Why: cambridge (about 150 frames)",
    "ghost": "the ghost piece is shown below level 100. Why: tetris.wiki",
}
