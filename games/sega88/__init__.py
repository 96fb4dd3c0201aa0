"""Tetris (Sega, 1988) on the System 16 board: the common Sega loop with the 1000-piece
table, no extras."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from games.cartridge import DrawTitle, title_screen
from games.sega import board as sega_board
from games.sega88.dips import BANK
from games.sega88.rules import SEGA88, SEGA88_DECISIONS, sega88_table
from games.sega88.scene import SCENE

if TYPE_CHECKING:
    from games.sega.gallery import Inputs, Scene


def _start_seeds(kept: Mapping[str, int], same_sequence: bool) -> dict[str, int]:
    return {"main": kept.get("main", 0)}


def _ahead(seeds: Mapping[str, int]) -> None:
    """The next game's piece table, drawn before its Start."""
    sega88_table(_start_seeds(seeds, False)["main"])


def _title() -> DrawTitle:
    """The attract title, imported when it is first drawn (games/cartridge.py)."""
    from games.sega88 import screen

    return screen.draw_title


def _gallery(inputs: Inputs) -> dict[str, Scene]:
    """The screen gallery's Sega play scenes, imported when asked (tools/gallery.py)."""
    from games.sega.gallery import play_scenes

    return play_scenes(SEGA88, inputs)


CARTRIDGE = sega_board.sega_cartridge(
    SEGA88, BANK,
    title="TETRIS (SEGA 1988)",
    short="TETRIS",
    ahead=_ahead,
    board={
        "factory_seeds": {"main": 0},
        "start_seeds": _start_seeds,
        # The factory rankings: our own initials and modest scores (the decision table).
        "ranking": sega_board.score_table(SEGA88_DECISIONS["factory_rankings"].value),
        "legacy_seeds": {"sega88_main": "main"},
    },
    presentation={
        "draw_title": title_screen(_title),
        "demo_dir": "sega88/demos",
        # Source: tetris.wiki "Sega Randomizer" (one more call when the attract scene plays).
        "attract_scene": SCENE,
    },
    tooling={"gallery": _gallery},
)
