"""TAP's choices where no source settles the arcade (printed by `bloxcab rules R --json`)."""

from __future__ import annotations

# decision: every entry below is the project's own choice, not a documented fact.
TAP_DECISIONS: dict[str, str] = {
    "delay_boundaries": "Master and Death delays change at the wiki's level ranges (x01 for "
    "ARE, line ARE, lock and line clear); setting boundaries='x00' switches at x00 like "
    "cambridge and NullpoMino. Why: tetris.wiki's table is the primary source",
    "das_step_900": "Master's DAS 6 starts at 901 (setting das_step=900 for shiromino's "
    "900). Why: tetris.wiki",
    "delay_level": "each delay is read from the level when it starts: ARE at the lock, line "
    "clear and line ARE after the clear added its lines, lock delay and gravity at spawn, "
    "DAS every frame. Why: this reproduces the wiki's x01 ranges",
    "grade_level": "grade points use the level before the clear adds its lines. Why: "
    "cambridge and NullpoMino (the wiki's example reads the same)",
    "grade_rounding": "ceil(base x combo multiplier), then x level multiplier. Why: "
    "tetris.wiki (cambridge agrees; NullpoMino truncates)",
    "grade_cap": "internal grade stops at 31 (S9). Why: S9 is the highest shown grade",
    "grading_in_roll": "no grade points, decay or M-roll checks after level 999. Why: the "
    "roll decides only M / GM and the line colour",
    "mroll_section5": "section 5 must be no slower than the average of sections 0-4 plus "
    "2 s. Why: NullpoMino and TGMsim (the older wiki says section 4 + 2 s)",
    "roll_length": "both Master rolls and the Normal and Death rolls last 3701 frames; "
    "TGM+'s 2024. Why: cambridge and shiromino (NullpoMino 3694)",
    "scoring": "the TAP formula of the current wiki (ceil(level after clear / 2) + speed x "
    "7); the older text caps Level + Lines at 999 instead. Why: newer text",
    "score_everywhere": "every mode keeps the TAP score (only Normal multiplies it by 6 "
    "and adds the time bonus). Why: the arcade counts it in all modes",
    "normal_items": "the first piece dealt at level 100 or above is a Free Fall item piece, "
    "at 200 a Del Even one; the item fires when a clear removes any of its blocks. Free "
    "Fall drops every block down its column and removes the rows that fill; Del Even "
    "removes rows 2, 4, 6 ... counted from the bottom. Rows removed by items add no lines, "
    "level or score. Why: versus items work this way; tetris.wiki gives no detail",
    "normal_stops": "Normal stops only at 299 (a clear reaches 300). Why: tetris.wiki "
    "(Doubles: 'like Normal, no stops at 99 or 199')",
    "plus_garbage": "the rising counter counts locks that clear nothing and is not reset by "
    "clears; rows rise at the lock, before ARE; none rise in the roll. Why: tetris.wiki "
    "(TGM+) and NullpoMino",
    "death_roll": "T.A. Death plays a roll after 999 or the 500 torikan; it changes nothing. "
    "Why: tetris.wiki",
    "fading_roll": "in the fading roll a block is shown for 240 frames after it locks and "
    "is gone at 300. Why: tetris.wiki (about 4 s), cambridge's figures",
    "line_colour": "green for reaching the goal, orange for surviving the fading roll or "
    "for a GM with 32 or more lines in the M-roll. Why: tetris.wiki, credit roll",
}
