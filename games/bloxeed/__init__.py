"""Bloxeed (Sega, 1989) on the System 18 board: garbage meter, power blocks, characters and
versus on the common Sega loop."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine import events as ev
from games.bloxeed.dips import BANK, BLOXEED_DIP_DECISIONS
from games.bloxeed.rules import BLOXEED
from games.bloxeed.rules.decisions import BLOXEED_DECISIONS, FACTORY_RANKINGS
from games.bloxeed.screen import field_extras
from games.cartridge import DrawTitle, ShotDesk, title_screen
from games.sega import board as sega_board

if TYPE_CHECKING:
    from games.sega.gallery import Inputs, Scene


def _start_seeds(kept: Mapping[str, int], same_sequence: bool) -> dict[str, int]:
    """A new game draws its piece seed from the main seed; "same sequence again" after a
    1P game over replays the kept piece seed instead."""
    seeds = {"main": kept.get("main", 0)}
    if same_sequence and "piece" in kept:
        seeds["piece"] = kept["piece"]
    return seeds


BLOXEED_EVENTS = sega_board.SEGA_EVENTS | {
    ev.METER_LAMP, ev.METER_EMPTY, ev.GARBAGE_RISE, ev.POWER_BLOCK, ev.POWER_ACTIVATE,
    ev.CHARACTER_ENTER, ev.CHARACTER_MOVE, ev.CHARACTER_FALL, ev.CHARACTER_LAND,
    ev.CHARACTER_ACT, ev.CHARACTER_GONE, ev.VERSUS_ATTACK, ev.VERSUS_WIN,
}
BLOXEED_SOUNDS = {
    **sega_board.SEGA_SOUNDS,
    ev.METER_LAMP: "meter_lamp",
    ev.GARBAGE_RISE: "garbage",
    ev.VERSUS_ATTACK: "garbage",
    ev.POWER_BLOCK: "power_block",
    ev.POWER_ACTIVATE: "power_block",
    ev.CHARACTER_ENTER: "character",
    ev.CHARACTER_ACT: "character",
    ev.VERSUS_WIN: "level_up",
}
BLOXEED_SILENT = sega_board.SEGA_SILENT | set(BLOXEED_DECISIONS["also_quiet_events"].value)

def _title() -> DrawTitle:
    """The attract title, imported when it is first drawn (games/cartridge.py)."""
    from games.bloxeed import scene

    return scene.draw_title


def _gallery(inputs: Inputs) -> dict[str, Scene]:
    """The screen gallery's Bloxeed scene, imported when asked (tools/gallery.py)."""
    from games.bloxeed import gallery

    return gallery.scenes(inputs)


def _shots(desk: ShotDesk) -> None:
    """The docs' screenshots, imported when asked (tools/shots)."""
    from games.bloxeed import shots

    shots.take(desk)


CARTRIDGE = sega_board.sega_cartridge(
    BLOXEED, BANK,
    title="BLOXEED (1989)",
    short="BLOXEED",
    events=BLOXEED_EVENTS,
    document=sega_board.rules_document_of(BLOXEED, BLOXEED_DIP_DECISIONS),
    board={
        "factory_seeds": {"main": 0, "piece": 0},
        "start_seeds": _start_seeds,
        "same_sequence": True,
        # The factory rankings: our own initials and modest scores (the decision table).
        "ranking": sega_board.score_table(FACTORY_RANKINGS.value),
        "legacy_seeds": {"bloxeed_main": "main", "bloxeed_piece": "piece"},
    },
    presentation={
        "draw_title": title_screen(_title),
        "draw_play": sega_board.draw_play_with(field_extras),
        "demo_dir": "bloxeed/demos",
        "sounds": BLOXEED_SOUNDS,
        "silent": BLOXEED_SILENT,
    },
    tooling={"cli_options": (sega_board.LINES_PER_LEVEL, sega_board.HIGH_SPEED),
             "gallery": _gallery, "shots": _shots},
)
