"""Flash Point's rules for the common Sega player loop (games/sega/player.py)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.settings import GameSettings
from games.flashpoint.rules import decisions as dec
from games.flashpoint.rules.extras import FlashExtras
from games.flashpoint.rules.tables import (
    DAS_FRAMES,
    DEFAULT_CONSTANT,
    INDEX_MASK,
    TABLE_SIZE,
    gravity_frames,
)
from games.sega import tables as tab
from games.sega.player import Player
from games.sega.randomizer import PieceTable, table_for
from games.sega.rotation import SEGA_ROTATION
from games.sega.rules import Delays, Extras, Gravity, MainSeed, Rules, TableDeal

FLASHPOINT_ID = "flashpoint"

FLASHPOINT_DELAYS = Delays(
    das=DAS_FRAMES,
    are=dec.DELAYS.value["are"],
    lock=dec.DELAYS.value["lock"],
    line_clear=dec.DELAYS.value["line_clear"],
)

def flashpoint_gravity(level: int, settings: GameSettings) -> Gravity:
    return Gravity(gravity_frames(level, settings.difficulty))


def no_line_points(level: int, lines: int) -> int:
    """Source: tetris.wiki "Flash Point", Scoring: line clears give no points at all."""
    return 0


def draw_table(seed: int) -> PieceTable:
    """The 1000-piece table drawn from ``seed`` (a fresh walker; the drawing is cached, a
    pure function of the seed)."""
    return table_for(seed, DEFAULT_CONSTANT, TABLE_SIZE, INDEX_MASK)


def flashpoint_deal(seed: int, settings: GameSettings) -> TableDeal:
    table = draw_table(seed)
    return TableDeal(table, MainSeed(table.seed_after, DEFAULT_CONSTANT), seed)


def flashpoint_deal_again(main: int, piece_seed: int, settings: GameSettings) -> TableDeal:
    """The same piece order again: the table drawn from the kept ``piece_seed``; the main
    seed is left as it is."""
    return TableDeal(draw_table(piece_seed), MainSeed(main, DEFAULT_CONSTANT), piece_seed)


def deal_for(seeds: Mapping[str, int], settings: GameSettings) -> TableDeal:
    """A game's deal from its seeds: the kept ``piece`` seed's table when it replays a
    sequence, else the table drawn from ``main``."""
    main = int(seeds.get("main", 0)) & 0xFFFFFFFF
    piece = seeds.get("piece")
    if piece is None:
        return flashpoint_deal(main, settings)
    return flashpoint_deal_again(main, int(piece) & 0xFFFFFFFF, settings)


def _extras(player: Player, settings: GameSettings, main: MainSeed) -> Extras:
    return FlashExtras()


def flashpoint_tables() -> dict[str, object]:
    from games.flashpoint.rules.tables import tables_json

    return tables_json()


# This cartridge's rules version: bump it when a change alters a game frame by frame (its
# older replays then verify no more; rows recorded under them are listed as RULES v<old>).
RULES_VERSION = 1

FLASHPOINT = Rules(
    id=FLASHPOINT_ID,
    title="Flash Point (Sega, 1989)",
    rotation=SEGA_ROTATION,
    default_lines_per_level=dec.LINES_PER_LEVEL.value,
    delays=lambda settings: FLASHPOINT_DELAYS,
    gravity=flashpoint_gravity,
    deal=flashpoint_deal,
    line_points=no_line_points,
    drop_points=tab.drop_points,
    level_timer=tab.level_timer_frames,
    decisions=dec.FLASHPOINT_DECISIONS,
    rules_version=RULES_VERSION,
    extras=_extras,
    tables=flashpoint_tables,
    deal_with_piece_seed=flashpoint_deal_again,
)
