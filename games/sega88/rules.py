"""Tetris (Sega, 1988): the common Sega loop with the 1000-piece table.

Sources: tetris.wiki "Tetris (Sega)" and "Sega Randomizer"."""

from __future__ import annotations

from typing import Any

from engine.decision import Decision
from engine.settings import GameSettings
from games.sega import tables as tab
from games.sega.decisions import ENGINE_DECISIONS
from games.sega.randomizer import PieceTable, sega_random, table_for
from games.sega.rotation import SEGA_ROTATION
from games.sega.rules import Delays, Gravity, MainSeed, Rules, TableDeal

# Source: tetris.wiki "Tetris (Sega)", details (soft drop 1G, lock 30, ARE 30, line clear
# 42, DAS 20).
SEGA88_DELAYS = Delays(das=20, are=30, lock=30, line_clear=42)

# Source: tetris.wiki "Sega Randomizer" (default constant 0x2A6D365A; 1000 pieces drawn at
# game start; index = (value AND 0x3F) mod 7).
SEGA88_DEFAULT_CONSTANT = 0x2A6D365A
SEGA88_TABLE_SIZE = 1000
SEGA88_INDEX_MASK = 0x3F

# Source: tetris.wiki "Tetris (Sega)" (level up every 4 lines).
SEGA88_LINES_PER_LEVEL = 4


def sega88_gravity(level: int, settings: GameSettings) -> Gravity:
    return Gravity(tab.tetris_gravity(level, settings.difficulty))


def sega88_table(seed: int) -> PieceTable:
    """The 1000-piece table a game started from main seed ``seed`` walks."""
    return table_for(seed, SEGA88_DEFAULT_CONSTANT, SEGA88_TABLE_SIZE, SEGA88_INDEX_MASK)


def sega88_deal(seed: int, settings: GameSettings) -> TableDeal:
    table = sega88_table(seed)
    return TableDeal(table, MainSeed(table.seed_after, SEGA88_DEFAULT_CONSTANT), seed)


def sega88_attract_draw(main_seed: int) -> tuple[int, int]:
    """The attract scene's one randomizer call on the main seed: (seed after, value)."""
    return sega_random(main_seed, SEGA88_DEFAULT_CONSTANT)


def sega88_attract_call(main_seed: int) -> int:
    """The main seed after the attract scene's randomizer call: when the game-over sequence
    plays through to attract mode without a Start press, the board calls the randomizer
    once more, so the next game's 1000-piece table starts one call later (its first piece
    is the piece that would have been second). Pure: seed in, seed out.

    Source: tetris.wiki "Sega Randomizer" (the attract "monkey" scene draws one number)."""
    return sega88_attract_draw(main_seed)[0]


# Tetris (1988)'s own choices: the common loop's, and its attract scene's.
SEGA88_DECISIONS: dict[str, Decision[Any]] = {
    **ENGINE_DECISIONS,
    "attract_scene_frames": Decision(
        240,
        "our attract scene (a piece the call picks, falling and turning into an empty well) "
        "lasts 4 s; the original's scene is Sega's art and is not shipped",
        'tetris.wiki "Sega Randomizer" (the attract scene draws one random number)',
    ),
    "attract_scene_piece": Decision(
        "(value AND 0x3F) mod 7, column (value >> 8) mod 7",
        "the scene's drawn value picks its piece as the board's piece rule would, and where "
        "it falls",
    ),
    "factory_rankings": Decision(
        (("BLX", 10000, 24, 6), ("CAB", 8000, 21, 5), ("JAM", 6000, 18, 4),
         ("PCB", 5000, 16, 4), ("DIP", 4000, 14, 3), ("CRT", 3000, 11, 2),
         ("RGB", 2500, 10, 2), ("SYN", 2000, 8, 2), ("LED", 1500, 6, 1),
         ("VID", 1000, 4, 1)),
        "the table comes filled, as boards do, with our own initials (initials, score, lines, "
        "level; 4 lines a level): a few lines' game of a few hundred points does not rank, "
        "24 lines top it (our demo player: 12000-160000 on factory DIPs)",
    ),
}


def sega88_tables() -> dict[str, object]:
    return {
        **tab.scoring_tables(),
        "randomizer": {
            "default_constant": SEGA88_DEFAULT_CONSTANT,
            "table_size": SEGA88_TABLE_SIZE,
            "index_mask": SEGA88_INDEX_MASK,
            "attract_call": "one more main-seed call when game over reaches attract mode "
            "without a Start press",
        },
    }


# This cartridge's rules version: bump it when a change alters a game frame by frame (its
# older replays then verify no more; rows recorded under them are listed as RULES v<old>).
RULES_VERSION = 1

SEGA88 = Rules(
    id="sega88",
    title="Tetris (Sega, 1988)",
    rotation=SEGA_ROTATION,
    default_lines_per_level=SEGA88_LINES_PER_LEVEL,
    delays=lambda settings: SEGA88_DELAYS,
    gravity=sega88_gravity,
    deal=sega88_deal,
    line_points=tab.line_points,
    drop_points=tab.drop_points,
    level_timer=tab.level_timer_frames,
    decisions=SEGA88_DECISIONS,
    rules_version=RULES_VERSION,
    tables=sega88_tables,
    attract_call=sega88_attract_call,
)
