"""TAP's choices where no source settles the arcade (printed by `bloxcab rules R --json`).

Each entry is a ``Decision(value, why, source)`` (engine/decision.py)."""

from __future__ import annotations

from typing import Any

from engine import events as ev
from engine.decision import Decision
from games.arika import events as aev

_WIKI = 'tetris.wiki "Tetris The Absolute The Grand Master 2"'

_VSG = 'tetris.wiki "TGM Versus Mode Guide"'

# Every entry below is the project's own choice for Versus and the Item mode (printed with
# the versus rules id's document).
VERSUS_DECISIONS: dict[str, Decision[Any]] = {
    "garbage_entry": Decision(
        "at the receiver's next lock that clears no lines, before its next piece",
        "a lock that clears lines holds the rows back; the sources do not say when they rise",
        "Heboris C.E. game.c (the erased rows are copied into the opponent's buffer)",
    ),
    "garbage_cap": Decision(
        8, "at most 8 rows wait to enter a field; rows sent beyond that are dropped",
        f"{_VSG}, edit summary 'garbage limit of 8 lines'",
    ),
    "garbage_offset": Decision(
        "none", "clearing lines does not cancel rows waiting to enter your own field", None),
    "garbage_look": Decision(
        "grey blocks, no items", "sent rows keep the shape of the cleared rows, not their "
        "colours; an item block sent over becomes a plain block", None,
    ),
    "garbage_order": Decision(
        "queue order, bottom row first",
        "the lowest cleared row ends lowest; an older attack ends below a newer one",
        "Heboris C.E. game.c (rows copied bottom-up and pushed in that order)",
    ),
    "draw": Decision(
        "no win for either player",
        "equal levels at time-out, or both players topping out on one frame, is a drawn "
        "game; the match goes on",
        "Heboris C.E. game.c (a draw on equal levels)",
    ),
    "match_game_cap": Decision(
        "2 x wins needed + 1 games",
        "after that many games (draws included) the player with more wins wins the match; "
        "equal wins end it drawn", None,
    ),
    "versus_clock": Decision(
        "from the first piece of the game, one clock for both players",
        "the time limit counts from the end of READY", None,
    ),
    "game_interval_frames": Decision(
        180, "3 s showing WIN / LOSE between the games of a match", None),
    "challenge_frames": Decision(
        600, "10 s to answer the challenge question; the highlighted answer (YES) is taken", None),
    "challenge_no": Decision(
        "P2 plays a game of their own",
        "answering NO leaves P1's game running and P2 picks a mode", None,
    ),
    "challenged_game": Decision(
        "ends unranked", "the game a challenge interrupts, versus matches and the Item mode "
        "enter no ranking table", None,
    ),
    "no_more_challenger": Decision(
        "P1's Start during their own game", "blocks challenges until P1's game ends", None),
    "match_options_read": Decision(
        "the last frame of the first game's READY",
        "both players holding Start: items off; both also holding A+B: Cement (no garbage)",
        f"{_WIKI}, Versus (hold Start as versus begins)",
    ),
    "versus_goal": Decision(
        "the target ends the game at once, no roll",
        "level stops at every x99 below the target and at target - 1 in Master, TGM+ and "
        "Death", None,
    ),
    "versus_settings": Decision(
        {"target": [100, 200, 300, 400], "wins": [1, 2, 3, 4]},
        "the operator's SW2 choices (the board had them in its service menu)", None,
    ),
    "item_weights": Decision(
        {"DEATH BLOCK": 100, "NEGA FIELD": 1, "180 FIELD": 100, "SHOT GUN!": 6,
         "HARD BLOCK": 127, "LASER BLOCK": 150, "ROLL ROLL": 120, "TRANS FORM": 100,
         "X-RAY": 100, "COLOR BLOCK": 250, "DARK BLOCK": 2, "MIRROR BLOCK": 150,
         "DEL FIELD UP": 250, "DEL FIELD DOWN": 200, "MOV FIELD RIGHT": 4,
         "MOV FIELD LEFT": 4, "DEL EVEN": 150, "FREE FALL": 150, "EXCHG FIELD": 6},
        "known: Color 250, Del Up 250, Mirror 150, 180 100, Shot Gun and Exchg about 0.3%, "
        "Mov Left at most 0.2%, Nega 1; the other 11 fill the total to 1970; by weight: "
        "Color = Del Up > Del Down > Laser = Mirror = Del Even = Free Fall > Hard > Roll > "
        "Death = 180 = Trans = X-Ray > Shot Gun = Exchg > Mov Right = Mov Left > Dark > Nega",
        f"{_WIKI}, Versus items; {_VSG}, Item System diffs",
    ),
    "item_draw": Decision(
        "two 15-bit LCG outputs make a 30-bit fraction of the bag's weight left",
        "each player's bag has its own LCG, seeded from the game's seed stepped 1 + player "
        "times; a bag drawn empty is filled again", None,
    ),
    "item_durations": Decision(
        {"COLOR BLOCK": 240, "X-RAY": 420, "DARK BLOCK": 720, "banner": 90,
         "laser_aim": 60, "roll_interval": 30},
        "frames: Color very short, X-Ray short, Dark medium; the name banner 1.5 s; the "
        "laser aims 1 s; Roll Roll turns every 0.5 s", None,
    ),
    "item_pieces": Decision(
        {"ROLL ROLL": 3, "TRANS FORM": 3, "MIRROR BLOCK": 3, "DEATH BLOCK": 1,
         "HARD BLOCK": 1},
        "how many of the victim's next pieces an item acts on",
        f"{_WIKI}, Versus items (3 pieces for Roll Roll, Trans Form, Mirror)",
    ),
    "item_field_effects": Decision(
        "stack height H: Del Up removes rows above H // 2, Del Down rows 1..H // 2, Nega and "
        "180 act on rows 1..H; Shot Gun empties one block in every row; Mov pushes each "
        "row's blocks to the wall; the laser empties one column",
        "the sources describe the effects, not the rows they take", None,
    ),
    "hard_block": Decision(
        "a cleared row holding hard blocks stays: its hard blocks turn plain, the rest go",
        "a hard block needs two clears", None,
    ),
    "death_block": Decision(
        "the next piece is BIG: each block 2 x 2 cells, moving a column at a time, no kicks",
        "the arcade's big piece; its slower fall is death_block_gravity", None,
    ),
    "death_block_gravity": Decision(
        {"divisor": 2, "cap": 256},
        "the BIG piece falls at half the level's gravity and at most one row a frame (20G "
        "too): notes in a public hobby Tetris engine's source say the giant piece also falls "
        "slower, and give no figure",
        f"{_WIKI}, Versus items (the next piece is BIG)",
    ),
    "trans_form": Decision(
        "each turn changes the piece to the next kind in Arika's order that fits",
        "a kind that does not fit is skipped", None,
    ),
    "laser_column": Decision(
        "starts at the victim's highest block; each new lever press of the attacker moves it",
        "one column; the lever still moves the attacker's own piece too", None,
    ),
    "item_mode_exchange": Decision(
        "no effect", "in the single-player Item mode there is no other field to swap with",
        None,
    ),
    "item_mode_code": Decision(
        "B+C held and Start pressed during READY in Master or TGM+",
        "the game plays on as the same mode with items on yourself",
        f"{_WIKI}, Codes (Item mode)",
    ),
    "versus_quiet_events": Decision(
        ("sniped",),  # versus_player.SNIPED
        "a sniped piece makes no sound of its own (the item's sound plays)",
    ),
}

# Every entry below is the project's own choice, not a documented fact.
TAP_DECISIONS: dict[str, Decision[Any]] = {
    "delay_boundaries": Decision(
        "wiki (x01)",
        "Master and Death delays change at the wiki's level ranges; SW2 'Delay Steps' picks "
        "the clones' x00",
        f"{_WIKI}, delay tables; cambridge and NullpoMino switch at x00",
    ),
    "das_step_900": Decision(
        901, "Master's DAS 6 starts at 901; SW2 'DAS 6 From' picks shiromino's 900",
        f"{_WIKI}; shiromino game_qs.cc",
    ),
    "delay_level": Decision(
        "the level when the delay starts",
        "ARE at the lock, line clear and line ARE after the clear added its lines, lock delay "
        "and gravity at spawn, DAS every frame: this reproduces the wiki's x01 ranges",
        None,
    ),
    "grade_level": Decision(
        "level before the clear", "grade points use the level before the clear adds its lines",
        "cambridge and NullpoMino",
    ),
    "grade_rounding": Decision(
        "ceil(base x combo), then x level multiplier",
        "the wiki's formula; NullpoMino truncates instead",
        'TetrisConcept wiki "Grade Recognition System"',
    ),
    "grade_cap": Decision(31, "the internal grade stops at S9", None),
    "grading_in_roll": Decision(
        "none", "no grade points, decay or M-roll checks after level 999", None),
    "mroll_section5": Decision(
        "average of sections 0-4 + 2 s",
        "the older wiki text says section 4 + 2 s; cambridge has no margin",
        "NullpoMino GradeMania2; TGMsim Master2Plus",
    ),
    "medal_st_records": Decision(
        [42 * 60] * 10,
        "every section's power-on record is 42 s (in frames), the one the wiki gives for "
        "T.A. Death; no source gives Master's",
        f"{_WIKI}, Medal conditions (Death ST records reset to 42 s at power-on)",
    ),
    "medal_st_records_kept": Decision(
        "while the board is on: each section's best Master time becomes Master's record "
        "and each best T.A. Death time Death's; at power-on every record is the default "
        "again",
        "the wiki says T.A. Death's records reset at power-on; Master's are taken to do the "
        "same", f"{_WIKI}, Medal conditions",
    ),
    "medals_in_roll": Decision(
        "none", "medals are earned up to level 999, none in the staff roll; the RO medal's "
        "last range is judged at 999", None,
    ),
    "medal_co_count": Decision(
        "pieces in a row that clear lines: a double or more adds 1, a single keeps the count, "
        "a piece that clears nothing ends it",
        "the wiki counts the combo in clearing pieces and says a single keeps it going "
        "without adding", f"{_WIKI}, Medal conditions",
    ),
    "medal_ro_turns": Decision(
        "rotation presses that turn the piece in play (an O's presses count); IRS does not",
        "the wiki counts rotations a piece; an initial rotation is not made in play", None,
    ),
    "medals_modes": Decision(
        "Master and T.A. Death (and their versus games)", "the wiki gives T.A. Death its "
        "own SK counts (5, 10, 17 Tetrises) and its own ST records; the other medals as "
        "Master's", f"{_WIKI}, Medal conditions",
    ),
    "roll_frames": Decision(
        {"master": 3701, "normal": 3701, "death": 3701, "plus": 2024},
        "one minute at 61.68 Hz; NullpoMino has 3694 for Master",
        "cambridge marathon_a2; shiromino; NullpoMino GarbageMania (TGM+)",
    ),
    "scoring": Decision(
        "ceil(level after clear / 2) + speed x 7",
        "the newer wiki text; the older caps Level + Lines at 999 instead",
        f"{_WIKI}, Scoring",
    ),
    "score_everywhere": Decision(
        "all modes", "every mode keeps the TAP score; only Normal multiplies it by 6 and adds "
        "the time bonus", None,
    ),
    "normal_items": Decision(
        {"100": "free fall", "200": "del even"},
        "the first piece dealt at or past the level is the item piece; it fires when a clear "
        "removes any of its blocks; Del Even removes rows 2, 4, ...; item rows add no lines",
        f"{_WIKI}, Normal and Versus items",
    ),
    "normal_stops": Decision(
        [299], "Normal stops only at 299 (a clear reaches 300)",
        f"{_WIKI}, Doubles ('like Normal, no stops at 99 or 199')",
    ),
    "plus_garbage": Decision(
        "at the lock, not in the roll",
        "the rising counter counts locks that clear nothing and is not reset by clears",
        f"{_WIKI}, TGM+; NullpoMino GarbageMania",
    ),
    "death_roll": Decision(
        "a roll after 999 or the 500 torikan", "it changes nothing", f"{_WIKI}, T.A. Death",
    ),
    "fading_roll_frames": Decision(
        {"shown": 240, "gone": 300}, "a block fades about 4 s after it locks",
        "cambridge; the wiki says about 4 s",
    ),
    "line_colour": Decision(
        "green at the goal; orange for the fading roll survived or GM with 32+ roll lines",
        "the ranking line under the grade", f"{_WIKI}, credit roll",
    ),
    "mode_select_frames": Decision(600, "10 s to pick a mode, then the highlighted one plays",
                                   None),
    "ranking_order": Decision(
        ("grade", "line", "level", "shorter time", "score"),
        "Master ranks by grade then time; the other modes have no grade, so level then time",
        None,
    ),
    "quiet_events": Decision(
        (ev.SPAWN, ev.LAND, aev.SONIC_DROP, aev.MANUAL_LOCK, aev.GOAL, aev.ROLL_END),
        "spawn, landing, sonic drop, manual lock (the lock sounds), the goal (the roll's start "
        "sounds) and the roll's end (the game over sounds) make no sound of their own",
    ),
}

# Doubles (one 14-wide well, two players). tetris.wiki's TAP page gives the well's
# width, the own level counters, the goal of 300 for both, the 20G wait and the partner's
# piece as an obstacle; everything below is the project's choice where it says nothing.
DOUBLES_DECISIONS: dict[str, Decision[Any]] = {
    "doubles_spawn_columns": Decision(
        {"p1": 2, "p2": 9},
        "the well column of each player's spawn box: P1's 3-wide pieces take 2-4 (I 2-5, O "
        "3-4), P2's 9-11 (I 9-12, O 10-11), mirror images that never overlap",
        None,
    ),
    "doubles_gravity": Decision(
        "Normal's curve (20G at 300)",
        "the ROM has a Doubles gravity table of its own whose values are unpublished; "
        "Normal's curve also ends at 300",
        f"{_WIKI}, Normal mode gravity",
    ),
    "doubles_delays": Decision(
        "Normal's delays (ARE 25, DAS 14, lock 30, line clear 40 internal)",
        "no source gives Doubles' delays; Normal is the other mode that ends at 300",
        f"{_WIKI}, Normal mode delays",
    ),
    "doubles_frame_order": Decision(
        "P1 steps first",
        "each frame P1's piece acts against P2's piece where it stood, then P2's against "
        "P1's new place", None,
    ),
    "doubles_spawn_overlap": Decision(
        "wait",
        "a piece whose spawn box (unturned) meets the partner's piece stays unspawned, frame "
        "by frame, until the partner's piece leaves; only the stack can top it out", None,
    ),
    "doubles_collapse_lift": Decision(
        "lift until it fits",
        "when the partner's clear drops the stack into a falling piece, the piece rises row "
        "by row until it fits", None,
    ),
    "doubles_top_out": Decision(
        "ends both games",
        "one shared well: a top-out before the credits ends the partner's game too; during "
        "the credits it ends the credits for both, still cleared", None,
    ),
    "doubles_credits": Decision(
        {"frames": 3701, "start": "skips the rest"},
        "once both are at 300 the field empties and both play one plain roll at 20G; "
        "surviving it changes nothing, so a new Start press (either side) ends it",
        f"{_WIKI}, Doubles (Start fast-forwards the roll)",
    ),
    "doubles_sequence": Decision(
        "the same pieces for both",
        "both players are dealt from the game's seed, as TAP does in Versus", None,
    ),
    "doubles_clock": Decision(
        "shared, first spawn to both at 300",
        "the timer on top runs until the second player reaches 300; each player's own time "
        "stops at their 300", f"{_WIKI}, Doubles (the timer stops when both are at 300)",
    ),
    "doubles_score": Decision(
        "TAP's score per player, no x6 or time bonus",
        "each player's clears score by their own level; only Normal multiplies", None,
    ),
    "doubles_ranking": Decision(
        "none", "a Doubles game enters no ranking table (no source for its columns)", None),
    "doubles_select": Decision(
        "fifth entry of the mode list, while the other side is free",
        "the side that started picks DOUBLES with the lever and a button; the other side "
        "starts with it on the same credit; with the other side busy DOUBLES is not listed",
        f"{_WIKI}, Doubles (chosen from the menu, one credit for both)",
    ),
}
