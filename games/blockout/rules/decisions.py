"""BLOCKOUT's project decisions outside the round table: timings the data sheet gives only
as ranges, scoring values no source gives, versus and continue details. Each entry has the
value the code uses and a one-line why (with the nearest source). The round table's own
decisions sit beside its cells in games/blockout/rounds.toml."""

from __future__ import annotations

from typing import Any

from engine.decision import Decision
from engine.events import LAND, SPAWN

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
# Face points by faces cleared at once (the guide only says they are small): DECISIONS.
FACE_POINTS = (0, 50, 150, 300, 500, 750)
# The round-end bonus per empty cell of the pit's lowest layers: DECISIONS.
LEFTOVER_POINTS = 10
LEFTOVER_CAP = 100
# Versus. Source: ExoticA flyer text / Wikipedia: first to 21 faces wins.
VERSUS_FACES = 21

# Difficulty DIP: percent of the round table's fall frames.
DIFFICULTY_FALL = {"easy": 125, "normal": 100, "hard": 80, "very_hard": 65}

SHEET = "sal-games BLOCKOUT data sheet"
GUIDE = "abomination.jp OGA Blockout guide"

DECISIONS: dict[str, Decision[Any]] = {
    "refresh": Decision(
        REFRESH_HZ, "the board's frame rate; the 30 s bonus stage is 30 x 57.44 frames",
        "MAME technos/blockout.cpp screen timing (28 MHz / 4, 448 x 272)"),
    "move_frames": Decision(
        [MOVE_FIRST, MOVE_REPEAT],
        "middle of the 7-13 and 2-3 frame ranges; the move counts at once, then the piece "
        "is busy", f"{SHEET} 2.1"),
    "rotate_frames": Decision(
        [ROTATE_FRAMES, ROTATE_REFUSED], "middle of the 4-9 frame range; about 3 when refused",
        f"{SHEET} 3.1"),
    "drop_speed": Decision(
        {"first_layer_frames": DROP_FIRST, "layers_per_frame_after": DROP_LAYERS_PER_FRAME},
        "about 3 frames for the first layer, then 0.3-1 frame a layer", f"{SHEET} 4.2"),
    "lock_frames": Decision(
        list(LOCK_FRAMES), "the sheet says only that lock time grows with LEVEL",
        f"{SHEET} 4.1"),
    "show_frames": Decision(
        {"lock": LOCK_SHOW, "face": FACE_SHOW, "blockout": BLOCKOUT_SHOW,
         "round_clear": ROUND_CLEAR_SHOW},
        "lock 20 and a face about 15 frames as measured; BLOCKOUT and round clear our length",
        f"{SHEET} 4.3"),
    "grounded_gravity": Decision(
        "no fall steps while grounded; at the end of the lock time a floating piece falls on "
        "(after Drop) or is free again", "the sheet describes only the end of the lock time",
        f"{SHEET} 4.1, 4.2"),
    "face_points": Decision(
        list(FACE_POINTS), "not found; small next to drop and stair points, as the guide "
        "says (index = faces cleared at once)", f"{GUIDE}, scoring page"),
    "stair_cap": Decision(STAIR_MAX, "the guide gives 0-900 for stair drops",
                          f"{GUIDE}, scoring page"),
    "leftover_bonus": Decision(
        f"{LEFTOVER_POINTS} x max(0, {LEFTOVER_CAP} - cubes left)",
        "fewer cubes left at round end score more; the formula is not known",
        "ExoticA 'Lost In Translation/Block Out' (flyer text)"),
    "bonus_scoring": Decision("faces and drops score as in a normal round",
                              "bonus-stage scoring not found"),
    "bonus_level": Decision("LEVEL stays as it was; no level-up in a bonus stage",
                            "BLOCKOUT keeps LEVEL there; nothing else is known",
                            f"{SHEET} 8"),
    "continue": Decision(
        f"{CONTINUE_FRAMES} frames to press Start after a top-out; round and faces to go "
        "kept, pit emptied, LEVEL 1, score 0",
        "round and remaining faces are kept; each credit's score ranks on its own",
        f"{SHEET} 5"),
    "one_coin_continue": Decision(
        "both settings charge one credit a continue",
        "the board's coin desk prices every start at one credit",
        "MAME technos/blockout.cpp SW1:5"),
    "difficulty": Decision(
        DIFFICULTY_FALL, "the DIP exists but its effect is unknown: it scales fall frames",
        "MAME technos/blockout.cpp SW2:1,2"),
    "versus": Decision(
        "both pits from the start round's slot, no quota; each face cleared queues one layer "
        "for the opponent (the cleared layer less the clearing piece's cubes), risen in "
        "before their next piece", "the flyer says the cleared layer is added to the "
        "opponent's pit; the details are not known",
        "ExoticA 'Lost In Translation/Block Out' (flyer text)"),
    "versus_seeds": Decision("player 2's piece stream starts from main + 0x9E3779B9",
                             "each player has their own pieces"),
    "randomizer": Decision(
        "LCG x = x * 0x41C64E6D + 0x3039 (mod 2^32); the piece is the weighted pick of "
        "(x >> 16) mod the weight total", "the board's generator is not documented; the "
        "weights are the round table's"),
    "drop_button_3": Decision(
        "with Rotate Buttons 3, buttons 1/2/3 turn A/B/C and Start drops",
        "the export panel's Drop sits on the stick top; our panel has three buttons and "
        "Start", "MAME technos/blockout.cpp inputs"),
    "spawn_kick": Decision(
        "a piece too wide for the middle of the floor is pushed in from the walls",
        "the centre appears over the middle (left-near for even sizes)", f"{SHEET} 1"),
    "select_frames": Decision(
        574, "10 s to choose the start round; when it runs out the shown round is played"),
    "host_frames": Decision(150, "THE BLOCK MASTER's taunt stays about 2.6 s on screen"),
    "versus_round": Decision(
        1, "a versus match has no round select: it plays round 1's pit unless the settings "
        "name a round"),
    "versus_on_two_starts": Decision(
        True, "two starts on this board play a versus match (the flyer's 2P mode)",
        "ExoticA 'Lost In Translation/Block Out' (flyer text)"),
    # (wave, start Hz, end Hz, ms, volume 0-1, decay 0-1) tones, one after the other.
    "sounds": Decision(
        {"bonus_start": (("triangle", 523, 523, 60, 0.5, 0.6), ("triangle", 659, 659, 60, 0.5, 0.6),
                         ("triangle", 784, 784, 60, 0.5, 0.6),
                         ("triangle", 1047, 1047, 60, 0.5, 0.6),
                         ("square", 1047, 2093, 200, 0.35, 0.3)),
         "bonus_end": (("triangle", 1047, 1047, 70, 0.5, 0.6), ("triangle", 784, 784, 70, 0.5, 0.6),
                       ("triangle", 659, 659, 70, 0.5, 0.6), ("triangle", 523, 523, 260, 0.5, 1.0)),
         "layer_rise": (("noise", 400, 900, 90, 0.35, 0.3), ("square", 70, 140, 140, 0.4, 1.0))},
        "our own effects: a rising call into the bonus stage, a falling one out, a rumble as a "
        "layer rises into the pit; no source describes the board's sounds"),
    "quiet_events": Decision(
        (SPAWN, LAND, "round_start"),  # player.ROUND_START
        "a spawn, a landing (the lock sounds) and a round's start make no sound of their own"),
}
