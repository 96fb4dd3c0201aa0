"""The Arika player loop's choices where no source settles the arcade's behaviour.

Each entry is a ``Decision(value, why, source)`` (engine/decision.py); ``bloxcab rules R
--json`` prints them for every Arika rule set. The loop reads the numbers it uses from here.
"""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

_WIKI = 'tetris.wiki "Tetris The Absolute The Grand Master 2"'

# Every entry below is the project's own choice, not a documented fact.
ARIKA_DECISIONS: dict[str, Decision[Any]] = {
    "frame_convention": Decision(
        "spawn on lock + ARE + 3; after a clear lock + line clear + line ARE + 3; a piece "
        "resting from frame G locks on G + lock - 1; DAS repeats DAS + 1 frames after the press",
        "internal frames: the observed ARE, line ARE and DAS are 2 more, lock and line clear "
        "the same, as the wiki's footnote says",
        f"{_WIKI}, delay tables' footnote (observed counting)",
    ),
    "frame_order": Decision(
        ("rotation", "lever", "sonic drop", "down", "gravity", "lock counter"),
        "the arcade's order was never decompiled; rotating before shifting allows a turn and "
        "a move in one frame",
        "cambridge (ARS ruleset order); shiromino issue 55",
    ),
    "spawn_frame": Decision(
        "IRS and gravity only",
        "the spawn frame turns (IRS) and falls (20G: on the stack at once) but does not move, "
        "drop or count the lock",
        f"{_WIKI} (DAS untouched on the spawn frame); TGMsim issue 43 (no lock count)",
    ),
    "das_frozen": Decision(
        ("line clear", "flash frame", "level-step frame", "spawn frame"),
        "DAS neither charges nor resets on these frames; it charges in ARE and line ARE",
        f"{_WIKI}, Master delays note",
    ),
    "das_before_spawn": Decision(
        "no one-cell move",
        "a lever pressed during ARE moves the new piece only once the charge reaches DAS + 1",
        None,
    ),
    "rotate_buttons": Decision(
        "one turn a frame, counter-clockwise first",
        "buttons 1 and 3 turn counter-clockwise, 2 clockwise, on a new press; presses of both "
        "directions in one frame turn counter-clockwise once",
        None,
    ),
    "irs": Decision(
        "one step, no kick, unturned if blocked",
        "a rotation button held on the spawn frame spawns the piece turned (1 or 3 first)",
        "cambridge and shiromino",
    ),
    "centre_column": Decision(
        "first taken cell in reading order",
        "if the first taken cell of the new state lies in the centre column, no kick is tried",
        "cambridge; NullpoMino kicks if any blocked cell is off-centre (same on the wiki's "
        "examples)",
    ),
    "gravity_fraction": Decision(
        "kept below one row; a new piece starts from 0",
        "gravity adds g/256 rows a frame; a grounded piece drops the whole rows and keeps the "
        "fraction",
        f"{_WIKI} (the denominator is 256)",
    ),
    "twenty_g": Decision(
        "fall after each turn and move",
        "at 20G a rotation or a move is followed at once by the fall, so a piece never hangs",
        'tetris.wiki "20G"',
    ),
    "sonic_drop": Decision(
        "held: every frame",
        "Up drops to the stack without locking; the drop resets the lock counter when the "
        "piece moved down",
        f"{_WIKI} (sonic drop does not lock)",
    ),
    "soft_drop": Decision(
        "1G or the gravity if faster; lock the next frame",
        "a piece that lands by soft drop locks the next frame Down is still held",
        "tgm.tips lesson 1 (Down locks on the ground)",
    ),
    "manual_lock": Decision(
        "Down released since the last manual lock",
        "Down on the ground locks at once if it was released since the last manual lock; held "
        "through ARE after a lock by the delay counts",
        "cambridge issue 60 (TGM2's Down)",
    ),
    "lock_flash_frames": Decision(
        3,
        "a locked piece is drawn bright for 3 frames",
        "tetris.wiki user Edo's TGM framestep notes (about 3 frames)",
    ),
    "top_out": Decision(
        "blocked spawn",
        "the game ends when the new piece (after IRS, or unturned) overlaps the stack; it is "
        "not placed",
        f"{_WIKI} (row 21 is kept)",
    ),
    "first_piece_level": Decision(
        "no level for the first piece",
        "every later spawn adds 1 on the level-step frame unless the level is a stop; the "
        "counter shows 000 with the first piece in play",
        None,
    ),
    "clock": Decision(
        "first spawn to the goal, 60 counts a second",
        "the clock runs from the first spawn frame to the frame the goal level is reached",
        f"{_WIKI} (game time in 1/60 s)",
    ),
    "ready_frames": Decision(60, "READY before the first piece (DAS charges)", None),
    "roll_pause_frames": Decision(
        150,
        "frames between reaching the goal and the roll; the roll's first piece spawns at once "
        "on a cleared field",
        "cambridge (about 150 frames)",
    ),
    "ghost_below_level": Decision(100, "the ghost piece is shown below this level",
                                  f"{_WIKI}"),
    "big_spawn_column": Decision(
        2, "a BIG piece's box starts at column 2 (every big block on an even column pair) and "
        "moves two columns a step, so the field plays as 5 big columns", None,
    ),
    "big_flat_i": Decision(
        ("....", "....", "####", "...."),
        "a BIG flat I lies in its box's third row: doubled, the second row would leave four "
        "empty rows under it, more than the board's solid floor rows", None,
    ),
}
