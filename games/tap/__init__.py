"""Tetris The Absolute The Grand Master 2 PLUS (Arika, 2000): Normal, Master, TGM+ and
T.A. Death on the Arika player loop (games/arika/), Versus with the Item mode, and Doubles."""

from __future__ import annotations

from engine.replay import Replay
from games.cartridge import (
    CartBoard,
    CartPresentation,
    Cartridge,
    CartRules,
    CartTooling,
    DrawPlay,
    DrawTitle,
    ShotDesk,
    play_screen,
    title_screen,
)
from games.tap import cartridge as parts
from games.tap.dips import SW2, decode_dips
from games.tap.doubles import ALL_RULES, new_session, rules_document
from games.tap.records import SAVE_SECTION
from games.tap.rules import RULES_VERSION
from games.tap.rules.match import warm as warm_rules

# Source: shiromino's RefreshRates.h (TAP: 57,272,700 / 8 / 443 / 262 = about 61.68 Hz).
TAP_REFRESH_HZ = 61.68


def _challenger() -> Replay:
    """The attract demo "here comes a challenger" (games/tap/challenger.py)."""
    from games.tap.challenger import record_challenger_demo

    return record_challenger_demo()


def _title() -> DrawTitle:
    """The attract title, imported when it is first drawn (games/cartridge.py)."""
    from games.tap import scene

    return scene.draw_title


def _screen() -> DrawPlay:
    """The play screen, imported on the first frame drawn (games/cartridge.py)."""
    from games.tap import doubles_screen

    return doubles_screen.draw_play


def _shots(desk: ShotDesk) -> None:
    """The docs' screenshots, imported when asked (tools/shots)."""
    from games.tap import shots

    shots.take(desk)


CARTRIDGE = Cartridge(
    id="tap",
    title="TGM2 PLUS (ARIKA 2000)",
    short="TAP",
    rules=CartRules(
        ids=ALL_RULES,
        version=RULES_VERSION,
        new_session=new_session,
        events=parts.TAP_EVENTS,
        document=rules_document,
        warm=warm_rules,
    ),
    board=CartBoard(
        dip_bank=SW2,
        decode_dips=decode_dips,
        factory_seeds={"main": 0},
        ranking=parts.RANKING,
        save_section=SAVE_SECTION,
    ),
    presentation=CartPresentation(
        draw_play=play_screen(_screen),
        draw_title=title_screen(_title),
        refresh_hz=TAP_REFRESH_HZ,
        sounds=parts.TAP_SOUNDS,
        silent=parts.TAP_SILENT,
        demo_dir="tap/demos",
        demo_player=parts.demo_player,
    ),
    tooling=CartTooling(
        cli_settings=parts.cli_settings,
        pieces=parts.pieces,
        sim_fields=parts.sim_fields,
        demos={"challenger": _challenger},
        shots=_shots,
    ),
)
