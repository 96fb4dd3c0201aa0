"""Tetris (Sega, 1988) on the System 16 board: the common Sega loop with the 1000-piece
table, no extras."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from games import sega_board
from games.cartridge import Cartridge, RankingSpec
from games.sega88.dips import BANK
from games.sega88.rules import SEGA88, SEGA88_DECISIONS
from games.sega88.scene import SCENE


def _start_seeds(kept: Mapping[str, int], same_sequence: bool) -> dict[str, int]:
    return {"main": kept.get("main", 0)}


CARTRIDGE = Cartridge(
    id=SEGA88.id,
    title="TETRIS (SEGA 1988)",
    short="TETRIS",
    rules_ids=(SEGA88.id,),
    new_session=sega_board.session_factory(SEGA88),
    dip_bank=BANK.bank,
    decode_dips=sega_board.dips_decoder(BANK),
    draw_play=sega_board.draw_play_with(None),
    factory_seeds={"main": 0},
    start_seeds=_start_seeds,
    # decision: factory rankings, our own initials and modest scores (the decision table).
    ranking=RankingSpec(factory_rows=tuple(
        (initials, {"score": score, "lines": lines, "level": level})
        for initials, score, lines, level in SEGA88_DECISIONS["factory_rankings"].value)),
    demo_dir=Path(__file__).parent / "demos",
    sounds=sega_board.SEGA_SOUNDS,
    silent=sega_board.SEGA_SILENT,
    events=sega_board.SEGA_EVENTS,
    rules_document=sega_board.rules_document_of(SEGA88),
    pieces=sega_board.pieces_of(SEGA88),
    sim_fields=sega_board.sim_fields,
    cli_settings=sega_board.cli_settings,
    demo_player=sega_board.demo_player,
    legacy_seeds={"sega88_main": "main"},
    # Source: tetris.wiki "Sega Randomizer" (one more call when the attract scene plays).
    attract_scene=SCENE,
)
