"""TGM3's choices where no source settles the arcade (for `bloxcab rules R --json` once the
cartridge is registered). Each entry is a ``Decision(value, why, source)``."""

from __future__ import annotations

from typing import Any

from engine import events as ev
from engine.decision import Decision
from games.arika import events as aev

_WIKI = 'tetris.wiki "Tetris: The Grand Master 3 Terror-Instinct"'
_RANDOMIZER = 'tetris.wiki "TGM randomizer", TGM3 section'

# Every entry below is the project's own choice, not a documented fact.
TI_DECISIONS: dict[str, Decision[Any]] = {
    "bag_start_order": Decision(
        "I Z S J L O T repeated", "the sources give 5 of each piece, not the slots' order",
        _RANDOMIZER,
    ),
    "bag_first_piece": Decision(
        "re-drawn from Arika's order until I, J, L or T",
        "as TGM2 deals its first piece; the pool is left untouched", _RANDOMIZER,
    ),
    "bag_drought_ties": Decision(
        "first in Arika's order (I Z S J L O T) wins",
        "the Heboris C.E. notes say theirs was matched against real seeds; cambridge differs",
        "Heboris C.E. notes; cambridge",
    ),
    "hold_button": Decision(
        "C (button 3)", "the cabinet's panel has three buttons; A and B still turn both ways",
        f"{_WIKI} (the arcade's D button holds)",
    ),
    "hold_timing": Decision(
        "at the end of the frame it is pressed",
        "the swapped-in piece appears as a fresh spawn, with IRS from the buttons held", None,
    ),
    "ihs_uses_hold": Decision(
        True, "an initial hold counts as the piece's one hold", f"{_WIKI} (hold, with IHS)",
    ),
    "floor_kick_lock_penalty": Decision(
        False, "cambridge's extra lock after a floor kick is its own reading; not adopted",
        'tetris.wiki "Floor kick"; cambridge arika_ti',
    ),
    "cool_rule": Decision(
        "wiki", "after a COOL only the previous x70 time + 2 s counts; 'baseline' also "
        "requires the table (NullpoMino, cambridge)", _WIKI,
    ),
    "cool_strictly_under": Decision(
        True, "the x70 time must be below the table's limit (cambridge's <)", "cambridge",
    ),
    "internal_grade_boost": Decision(
        "TAP's displayed grade on the 9..S9 ladder (S9 = 17)",
        "the source's conversion table tops out at +17 at internal grade 31, as TAP's does",
        _WIKI,
    ),
    "exam_rule": Decision(
        "wiki", "promotion from the average of the 2nd-4th best of the last 7 grades, "
        "demotion after games far below the class; 'nullpomino' takes the 4th best and "
        "NullpoMino's demotion points", f"{_WIKI}; NullpoMino GradeMania3Mode",
    ),
    "exam_chance": Decision(
        3, "one game in 3 may hold an exam (the wiki says only 'random'); the draw is "
        "Arika's LCG from the game's seed", "NullpoMino GradeMania3Mode (EXAM_CHANCE)",
    ),
    "wiki_demotion": Decision(
        {"grades_below": 6, "games": 4},
        "'routinely' ending about 6 grades below the class: 4 of the games since the last "
        "demotion exam (at most the last 7) ended 6 or more grades below it", _WIKI,
    ),
    "exam_history_full": Decision(
        True, "no promotion exam until the account has 7 games", "NullpoMino GradeMania3Mode",
    ),
    "login_frames": Decision(
        1800, "30 s to type the initials and PIN; then the game starts without an account",
        None,
    ),
    "wrong_pin": Decision(
        "plays as a guest", "a PIN that does not match the initials' account keeps that "
        "account's records untouched (it counts the wrong PIN); the game counts for no "
        "account", None,
    ),
    "wrong_pin_hold_frames": Decision(
        {"first": 180, "max": 1200}, "after wrong PINs in a row the board holds its answer "
        "for that account 3 s, doubling with each one up to 20 s, whatever the next PIN "
        "(the wait tells nothing); a right PIN ends it. 10,000 PINs then take days of "
        "credits, not minutes", None,
    ),
    "sign_in_wait_frames": Decision(
        1800, "a sign-in the board has not answered in 30 s (longer than the longest "
        "hold) plays as a guest, so a session never waits for ever", None,
    ),
    "new_account": Decision(
        "made at sign-in", "initials not yet known make a new account (class 9) with the "
        "PIN typed, salted and hashed by the board; its records start with its first game",
        None,
    ),
    "accounts_full": Decision(
        "no new account", "with 48 accounts kept, new initials play as a guest (NO ROOM): "
        "no account is evicted, since anyone could then re-create its initials with their "
        "own PIN and take its name in the grade ranking; BACKUP DATA CLEAR frees the table",
        None,
    ),
    "unsalted_pins": Decision(
        "kept, salted at next sign-in", "a save of the first release holds unsalted "
        "digests: they load unchanged (an account without a salt is of that form), are "
        "checked once the old way at the owner's next sign-in and then replaced by a "
        "salted scrypt digest; asking for a new PIN instead would let anyone set it", None,
    ),
    "torikan_over_not_at": Decision(
        True, "the 500 torikan stops a game whose clock is over 7:00.00 (the newer reading; "
        "an older note says at or over)", f"{_WIKI}; sockscap64 TGM3 summary",
    ),
    "torikan_without_roll": Decision(
        True, "a game stopped at the torikan ends there, with no staff roll", _WIKI,
    ),
    "m_grades_upper_case": Decision(
        True, "the board's font has capitals only: m1..m9 show as M1..M9 (the wiki writes a "
        "small m to tell them from M, MK ... GM)", _WIKI,
    ),
    "score_formula": Decision(
        "TAP's", "no source gives TGM3 Master's score; TAP's line-clear formula is used",
        'tetris.wiki "Tetris The Absolute The Grand Master 2", Scoring',
    ),
    "fading_roll_frames": Decision(
        {"shown": 270, "gone": 330}, "a block of the fading roll starts to fade 4.5 s after "
        "it locks and is gone at 5.5 s", f"{_WIKI} (blocks vanish about 5 s after locking)",
    ),
    "grade_in_play": Decision(
        "hidden", "as the board: the grade and score show only after the game (the wiki: "
        "TGM3 removed the in-game score and grade display) and a signed-in player sees the "
        "class instead; SW2's Grade In Play switch shows them during play",
        f"{_WIKI}, revision 5565",
    ),
    "cool_shown_at": Decision(
        82, "a COOL is decided at x70 and shown at x82, the first level of the wiki's "
        "x82-x99 window", _WIKI,
    ),
    "popup_frames": Decision(
        120, "COOL and REGRET show for 2 s from the frame they are shown", None,
    ),
    "most_accounts": Decision(
        48, "the save keeps at most 48 accounts (the first release's limit; a full table "
        "takes no new one: accounts_full)", None,
    ),
    "quiet_events": Decision(
        (ev.SPAWN, ev.LAND, aev.SONIC_DROP, aev.MANUAL_LOCK, aev.GRADE_UP, aev.GOAL,
         aev.ROLL_END),
        "spawn, landing, sonic drop, manual lock (the lock sounds), the internal grade going "
        "up (hidden on this board), the goal and the roll's end make no sound", None,
    ),
}

_SRS = 'tetris.wiki "Super Rotation System"'
# The World rule and the Shirase, Easy and Sakura modes' own choices.
MODE_DECISIONS: dict[str, Decision[Any]] = {
    "world_rule_choice": Decision(
        "lever up or down at the mode select switches Classic/World; the 'rule' setting for "
        "one mode at once", "the wiki says each player picks the rule before play; the "
        "panel has no spare button", _WIKI,
    ),
    "world_spawn_row": Decision(
        20, "SRS pieces spawn with their topmost block in row 20, the top visible row, as ARS "
        "pieces do (the flat side of J L S T Z in row 19, the I in row 20)", _SRS,
    ),
    "world_move_reset_order": Decision(
        "after the lock counter", "a move or turn resets the lock counter at the end of the "
        "frame; a piece whose counter ran out that very frame has already locked", None,
    ),
    "world_hard_drop_press": Decision(
        "a new press of Up", "holding Up through ARE does not drop the next piece",
        "cambridge standard_ti (hard drop locks)",
    ),
    "world_caps_per_piece": Decision(
        "counted for the whole piece", "falling to a lower row does not give the 10 moves "
        "and 8 turns back", "cambridge standard_ti",
    ),
    "big_blocks": Decision(
        "box at column 2, two columns a step; kicks in place, 2 right, 2 left; a flat I "
        "lies one row lower in its box", "the field plays as five big columns; the sources "
        "give no BIG kick rule", None,
    ),
    "big_kicks": Decision(
        (0, 2, -2), "a BIG piece's turn tries in place, then one big column right, then left",
        None,
    ),
    "shirase_garbage_counter": Decision(
        "+1 a piece dealt (not a hold swap), -1 a cleared line, only in 500-999; a rise "
        "resets it", "the wiki's counting (newer than cambridge's +1 a non-clearing piece); "
        "the row rises as the next piece appears, the end of ARE", _WIKI,
    ),
    "shirase_roll_frames": Decision(
        3238, "no source gives the Shirase roll's length; Master's", None,
    ),
    "shirase_regret": Decision(
        "over 60 s in any section", "the wiki's rule; NullpoMino's 50 s from 500 on not "
        "adopted", _WIKI,
    ),
    "shirase_score": Decision(
        "TAP's clear formula", "the modes rank on grade, level and time; the score is shown "
        "as in TAP", None,
    ),
    "easy_roll_frames": Decision(
        3238, "no source gives the Easy roll's length; Master's", None,
    ),
    "easy_speeds": Decision(
        "TAP Normal's gravity (to 199) and delays; 20G from 200 (the roll)",
        "no source gives Easy's table; the wiki says only the roll is 20G", _WIKI,
    ),
    "easy_guide": Decision(
        "the landing shadow below level 50", "the arcade's guide suggests a placement; ours "
        "shows where the piece would land, for the same first 50 levels", _WIKI,
    ),
    "hanabi_formula": Decision(
        "BASE[lines] (1, 3, 6, 10) x combo (1.0 + 0.5 a clear in a row, to 4.0) x 1.5 if "
        "placed within 1 s x 2 in the roll, rounded down, at least 1; +10 for an all clear, "
        "+20 for finishing the roll",
        "the arcade's formula is unpublished; this rewards exactly what the wiki names: "
        "bigger clears more than linearly, combos, quick play, the roll", _WIKI,
    ),
    "sakura_layouts": Decision(
        "our own 27 layouts", "the arcade's maps are Arika's designs with no open licence; "
        "the effects sit on the stages the clones agree on (4, 13 mirror; 8 x-ray; 12 "
        "colour; 16 roll roll; 23 BIG)", "cambridge sakura; Heboris C.E. TOMOYO flags",
    ),
    "sakura_sequence": Decision(
        "each stage deals a fixed sequence: the TAP randomizer seeded with the stage number",
        "a stage plays the same every game, so the solver's proof holds for the player; "
        "cambridge also plays a fixed Sakura order", "cambridge sakura",
    ),
    "sakura_top_out": Decision(
        "ends the game", "no source says a top-out only fails the stage", None,
    ),
    "sakura_skip_button": Decision(
        "Start held 1.5 s while a piece is in play", "the panel's rotate and hold buttons "
        "are busy; the clones skip on a held button", "cambridge sakura",
    ),
    "sakura_ex_offer": Decision(
        "< 18 of 20 cleared: none; 18-19: EX 1-3; all 20 within the time (5:00, or 5:20 "
        "with SW2 Sakura EX = Heboris): all 7; all 20, slower: EX 1-5",
        "the wiki gives only the all-7 rule (5:00); the cut-offs below it are Heboris "
        "C.E.'s and NullpoMino GemMania's (90% and 100% cleared)",
        "tetris.wiki TGM3 page; Heboris C.E. TOMOYO; NullpoMino GemManiaMode",
    ),
    "sakura_stage_20_bonus": Decision(
        60 * 60, "+1:00 (in frames) for clearing stage 20: Heboris C.E. gives it; nothing "
        "contradicts it", "Heboris C.E. TOMOYO",
    ),
    "sakura_effects": Decision(
        {"mirror_every_piece": 8, "rollroll_every_frames": 30},
        "the sources name the effects, not their timings: a mirror stage flips the stack as "
        "every 8th piece appears; a roll-roll piece turns clockwise by itself every 30 "
        "frames; BIG: 2x2 blocks; x-ray: the stack shows only under a sweeping beam; colour: "
        "every block drawn in one colour", None,
    ),
    "sakura_intro_frames": Decision(
        60, "a stage's layout shows for 1 s before its first piece and the clock stops: the "
        "player sees the jewels before the first piece falls", None,
    ),
}
TI_DECISIONS.update(MODE_DECISIONS)
