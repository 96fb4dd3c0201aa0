"""Tetris (Sega, 1988): the common Sega loop with the 1000-piece table."""

from __future__ import annotations

from dataclasses import dataclass

from engine.decisions import ENGINE_DECISIONS
from engine.randomizer import PieceTable
from engine.rotation import SEGA_ROTATION
from engine.rules import Delays, Gravity, MainSeed, PieceSource, Rules
from engine.settings import GameSettings
from engine.tables import sega_common as tab

# Source: rules/sega.md 2 (delays: soft drop 1G, lock 30, ARE 30, line clear 42, DAS 20).
SEGA88_DELAYS = Delays(das=20, are=30, lock=30, line_clear=42)

# Source: rules/sega.md 2 (piece sequence: default constant, table size, index mask).
SEGA88_DEFAULT_CONSTANT = 0x2A6D365A
SEGA88_TABLE_SIZE = 1000
SEGA88_INDEX_MASK = 0x3F

# Source: rules/sega.md 1.5 (level up every 4 lines on Tetris).
SEGA88_LINES_PER_LEVEL = 4


def sega88_gravity(level: int, settings: GameSettings) -> Gravity:
    return Gravity(tab.tetris_gravity(level, settings.difficulty))


@dataclass
class TableDeal:
    """One 1000-piece table for the game; each player walks it from entry 1."""

    table: PieceTable
    main: MainSeed
    piece_seed: int

    def source(self, player: int) -> PieceSource:
        return PieceTable(self.table.entries, self.table.seed_after)


def sega88_deal(seed: int, settings: GameSettings) -> TableDeal:
    table = PieceTable.draw(seed, SEGA88_DEFAULT_CONSTANT, SEGA88_TABLE_SIZE, SEGA88_INDEX_MASK)
    return TableDeal(table, MainSeed(table.seed_after, SEGA88_DEFAULT_CONSTANT), seed)


def sega88_tables() -> dict[str, object]:
    return {
        **tab.scoring_tables(),
        "randomizer": {
            "default_constant": SEGA88_DEFAULT_CONSTANT,
            "table_size": SEGA88_TABLE_SIZE,
            "index_mask": SEGA88_INDEX_MASK,
        },
    }


SEGA88 = Rules(
    id="sega88",
    title="Tetris (Sega, 1988)",
    rotation=SEGA_ROTATION,
    default_constant=SEGA88_DEFAULT_CONSTANT,
    default_lines_per_level=SEGA88_LINES_PER_LEVEL,
    delays=lambda settings: SEGA88_DELAYS,
    gravity=sega88_gravity,
    deal=sega88_deal,
    line_points=tab.line_points,
    drop_points=tab.drop_points,
    level_timer=tab.level_timer_frames,
    decisions=ENGINE_DECISIONS,
    tables=sega88_tables,
)
