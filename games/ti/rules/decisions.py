"""TGM3's choices where no source settles the arcade (for `bloxcab rules R --json` once the
cartridge is registered). Each entry is a ``Decision(value, why, source)``."""

from __future__ import annotations

from typing import Any

from engine.decision import Decision

_WIKI = 'tetris.wiki "Tetris: The Grand Master 3 Terror-Instinct"'
_RANDOMIZER = 'tetris.wiki "TGM randomizer", TGM3 section'

# decision: every entry below is the project's own choice, not a documented fact.
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
        "account untouched; the game counts for no account", None,
    ),
    "new_account": Decision(
        "made by the first game", "initials not yet known make a new account (class 9) "
        "with the PIN typed; it is kept once its first game ends", None,
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
    "grade_hidden_in_play": Decision(
        True, "the grade and score show only after the game (the wiki: TGM3 removed the "
        "in-game score and grade display); a signed-in player sees the class instead",
        f"{_WIKI}, revision 5565",
    ),
    "cool_shown_at": Decision(
        82, "a COOL is decided at x70 and shown at x82, the first level of the wiki's "
        "x82-x99 window", _WIKI,
    ),
    "popup_frames": Decision(
        120, "COOL and REGRET show for 2 s from the frame they are shown", None,
    ),
}
