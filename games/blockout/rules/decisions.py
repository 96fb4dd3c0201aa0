"""BLOCKOUT's project decisions outside the round table: timings the data sheet gives only
as ranges, scoring values no source gives, versus and continue details. Each entry has the
value the code uses and a one-line why (with the nearest source). The round table's own
decisions sit beside its cells in games/blockout/rounds.toml."""

from __future__ import annotations

# Source: MAME technos/blockout.cpp video timing (28 MHz / 4 pixel clock, 448 x 272 total):
# about 57.44 frames a second. Every frame figure here is in those board frames.
REFRESH_HZ = 57.44

# Movement. Source: sal-games data sheet 2.1: the first cell of a lever move takes about
# 7-13 frames, each further cell of a held lever 2-3; lever input during a move is ignored.
MOVE_FIRST = 10
MOVE_REPEAT = 3
# Source: data sheet 3.1: a rotation takes 4-9 frames; a refused one about 3.
ROTATE_FRAMES = 6
ROTATE_REFUSED = 3
# Source: data sheet 4.2: a forced drop takes about 3 frames for its first layer and
# 0.3-1 frame for each further layer (and 0 frames when it starts resting on something).
DROP_FIRST = 3
DROP_LAYERS_PER_FRAME = 2
# Source: data sheet 4.1: lock time does not depend on the round but grows with LEVEL.
LOCK_FRAMES = (12, 16, 20, 24, 28)
# Source: data sheet 4.3: locking shows for 20 frames, each face clear about 15.
LOCK_SHOW = 20
FACE_SHOW = 15
BLOCKOUT_SHOW = 60
ROUND_CLEAR_SHOW = 120
CONTINUE_FRAMES = 574  # 10 s

# Scoring. Source: abomination.jp scoring page: drop points = layers fallen before the first
# landing x cubes (0-45); each further landing of a stair drop scores a flat 100 (0-900);
# BLOCKOUT multiplies that clear's face points by 10 (sal-games glossary).
STAIR_POINTS = 100
STAIR_MAX = 9
BLOCKOUT_MULTIPLIER = 10
# decision: face points by faces cleared at once (the guide only says they are small).
FACE_POINTS = (0, 50, 150, 300, 500, 750)
# decision: round-end bonus per empty cell of the pit's lowest layers.
LEFTOVER_POINTS = 10
LEFTOVER_CAP = 100
# Versus. Source: ExoticA flyer text / Wikipedia: first to 21 faces wins.
VERSUS_FACES = 21

# Difficulty DIP: percent of the round table's fall frames.
DIFFICULTY_FALL = {"easy": 125, "normal": 100, "hard": 80, "very_hard": 65}

DECISIONS: dict[str, dict[str, object]] = {
    "refresh": {"value": REFRESH_HZ,
                "why": "MAME's model of the board (448x272 at 7 MHz); the 30 s bonus stage "
                       "is 30 x 57.44 frames"},
    "move_frames": {"value": [MOVE_FIRST, MOVE_REPEAT],
                    "why": "middle of the data sheet's 7-13 and 2-3 frame ranges (2.1); "
                           "the move counts at once, the piece is busy for these frames"},
    "rotate_frames": {"value": [ROTATE_FRAMES, ROTATE_REFUSED],
                      "why": "middle of the data sheet's 4-9 frames; about 3 when refused"},
    "drop_speed": {"value": {"first_layer_frames": DROP_FIRST,
                             "layers_per_frame_after": DROP_LAYERS_PER_FRAME},
                   "why": "data sheet 4.2: about 3 frames, then 0.3-1 frame a layer"},
    "lock_frames": {"value": list(LOCK_FRAMES),
                    "why": "data sheet 4.1 gives only that lock time grows with LEVEL"},
    "show_frames": {"value": {"lock": LOCK_SHOW, "face": FACE_SHOW,
                              "blockout": BLOCKOUT_SHOW, "round_clear": ROUND_CLEAR_SHOW},
                    "why": "lock 20 and face about 15 from data sheet 4.3; BLOCKOUT and "
                           "round-clear scenes are our length"},
    "grounded_gravity": {"value": "no gravity steps while grounded; at the end of the lock "
                                  "time a floating piece falls on (forced) or is free again",
                         "why": "data sheet 4.1/4.2 describe only the end of the lock time"},
    "face_points": {"value": list(FACE_POINTS),
                    "why": "not found; small next to drop and stair points, as the guide "
                           "says (index = faces cleared at once)"},
    "stair_cap": {"value": STAIR_MAX,
                  "why": "the guide gives 0-900 for stair drops"},
    "leftover_bonus": {"value": f"{LEFTOVER_POINTS} x max(0, {LEFTOVER_CAP} - cubes left)",
                       "why": "the flyer says fewer cubes left at round end score more; "
                              "formula not found"},
    "bonus_scoring": {"value": "faces and drops score as in a normal round",
                      "why": "bonus-stage scoring not found"},
    "bonus_level": {"value": "LEVEL stays as it was; no level-up in a bonus stage",
                    "why": "BLOCKOUT keeps LEVEL there (data sheet 8); nothing else known"},
    "continue": {"value": f"{CONTINUE_FRAMES} frames to press Start after a top-out; the "
                          "round and faces to go are kept, the pit emptied, LEVEL 1, score 0",
                 "why": "data sheet 5: round and remaining faces kept; a new credit's score "
                        "ranks on its own"},
    "one_coin_continue": {"value": "both settings charge one credit a continue",
                          "why": "the board's coin desk prices every start at one credit"},
    "difficulty": {"value": DIFFICULTY_FALL,
                   "why": "MAME lists the DIP; its effect is unknown: it scales fall frames"},
    "versus": {"value": "both pits from the start round's slot, no quota; each face "
                        "cleared queues one layer for the opponent, which rises in before "
                        "their next piece: the cleared layer less the clearing piece's cubes",
               "why": "the flyer says the cleared layer is added to the opponent's pit"},
    "versus_seeds": {"value": "player 2's piece stream starts from main + 0x9E3779B9",
                     "why": "each player has their own pieces"},
    "randomizer": {"value": "LCG x = x * 0x41C64E6D + 0x3039 (mod 2^32); the piece is the "
                            "weighted pick of (x >> 16) mod the weight total",
                   "why": "the board's generator is not documented; weights from the "
                          "round table"},
    "drop_button_3": {"value": "with Rotate Buttons 3, buttons 1/2/3 rotate A/B/C and Start "
                               "drops",
                      "why": "the export panel's drop button sits on the stick top; our "
                             "panel has three buttons and Start"},
    "spawn_kick": {"value": "a piece wider than the pit's middle is pushed in from the walls",
                   "why": "rotation centre in the middle (left-near for even sizes), data "
                          "sheet 1"},
}
