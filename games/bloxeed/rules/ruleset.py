"""Bloxeed (Sega, 1989): the common Sega loop with the garbage meter and power blocks."""

from __future__ import annotations

from dataclasses import dataclass

from engine.settings import Difficulty, GameSettings
from games.bloxeed.rules.decisions import (
    BLOXEED_DECISIONS,
    GRAVITY_DIFFICULTY_SHIFT,
    HIGH_SPEED_FROM_LEVEL,
)
from games.bloxeed.rules.extras import BloxeedExtras
from games.bloxeed.rules.summary import bloxeed_tables
from games.bloxeed.rules.tables import (
    BLOXEED_DEFAULT_CONSTANT,
    BLOXEED_DELAYS,
    BLOXEED_LINES_PER_LEVEL,
    BLOXEED_PIECE_BY_VALUE,
)
from games.bloxeed.rules.versus import exchange
from games.sega import tables as tab
from games.sega.decisions import ENGINE_DECISIONS
from games.sega.player import Player
from games.sega.randomizer import PieceStream
from games.sega.rotation import SEGA_ROTATION
from games.sega.rules import Extras, Gravity, MainSeed, PieceSource, Rules


def _gravity(level: int, difficulty: int, high_speed: bool) -> Gravity:
    column = min(difficulty + GRAVITY_DIFFICULTY_SHIFT.value, Difficulty.HARDEST)
    frames = tab.tetris_gravity(level, column)
    if high_speed and frames == 1 and level >= HIGH_SPEED_FROM_LEVEL.value:
        return Gravity(1, rows=2)
    return Gravity(frames)


# Gravity by [high speed][difficulty][level], built once (a level-up only looks it up).
_GRAVITY: tuple[tuple[tuple[Gravity, ...], ...], ...] = tuple(
    tuple(
        tuple(_gravity(level, d, hs) for level in range(tab.LEVEL_CAP + 1)) for d in Difficulty
    )
    for hs in (False, True)
)


def bloxeed_gravity(level: int, settings: GameSettings) -> Gravity:
    return _GRAVITY[settings.high_speed][settings.difficulty][min(level, tab.LEVEL_CAP)]


@dataclass
class StreamDeal:
    """Every player draws from the piece seed with the same core; the main seed goes on
    for power blocks."""

    main: MainSeed
    piece_seed: int

    def source(self, player: int) -> PieceSource:
        return PieceStream(self.piece_seed, BLOXEED_DEFAULT_CONSTANT, BLOXEED_PIECE_BY_VALUE)


def bloxeed_deal(seed: int, settings: GameSettings) -> StreamDeal:
    # Source: tetris.wiki "Sega Randomizer" (one main-seed call at game start; its full
    # return value is the piece seed).
    main = MainSeed(seed, BLOXEED_DEFAULT_CONSTANT)
    return StreamDeal(main, main.draw())


def bloxeed_deal_again(seed: int, piece_seed: int, settings: GameSettings) -> StreamDeal:
    """The same piece sequence as a previous game (its kept ``piece_seed``)."""
    return StreamDeal(MainSeed(seed, BLOXEED_DEFAULT_CONSTANT), piece_seed)


def bloxeed_extras(player: Player, settings: GameSettings, main: MainSeed) -> Extras:
    return BloxeedExtras(player, settings, main)


# This cartridge's rules version: bump it when a change alters a game frame by frame (its
# older replays then verify no more; rows recorded under them are listed as RULES v<old>).
RULES_VERSION = 1

BLOXEED = Rules(
    id="bloxeed",
    title="Bloxeed (Sega, 1989)",
    rotation=SEGA_ROTATION,
    default_lines_per_level=BLOXEED_LINES_PER_LEVEL,
    delays=lambda settings: BLOXEED_DELAYS,
    gravity=bloxeed_gravity,
    deal=bloxeed_deal,
    line_points=tab.line_points,
    drop_points=tab.drop_points,
    level_timer=tab.level_timer_frames,
    decisions={**ENGINE_DECISIONS, **BLOXEED_DECISIONS},
    rules_version=RULES_VERSION,
    extras=bloxeed_extras,
    tables=bloxeed_tables,
    deal_with_piece_seed=bloxeed_deal_again,
    versus=exchange,
)
