"""Tetris The Grand Master 3 Terror-Instinct (Arika, 2005): the Classic rule (Ti-ARS, hold,
the 35-piece bag) and the modes of games/ti/modes.py on the Arika player loop
(games/arika/)."""

from __future__ import annotations

from collections.abc import Mapping

from games.cartridge import (
    CartBoard,
    CartPresentation,
    Cartridge,
    CartRules,
    CartTooling,
    DrawPlay,
    DrawTitle,
    ShotDesk,
    StageSolver,
    play_screen,
    title_screen,
)
from games.ti import cartridge as parts
from games.ti.accounts import SAVE_SECTION
from games.ti.dips import SW2, decode_dips
from games.ti.modes import MODES
from games.ti.rules import RULES_VERSION
from games.ti.session import BOARD, new_session
from games.ti.stagefile import STAGES, use_stage_file


def _title() -> DrawTitle:
    """The attract title, imported when it is first drawn (games/cartridge.py)."""
    from games.ti import scene

    return scene.draw_title


def _screen() -> DrawPlay:
    """The play screen, imported on the first frame drawn (games/cartridge.py)."""
    from games.ti import screen

    return screen.draw_play


def _solver() -> StageSolver:
    from games.ti.sakura_solver import SOLVER

    return SOLVER


def _shots(desk: ShotDesk) -> None:
    """The docs' screenshots, imported when asked (tools/shots)."""
    from games.ti import shots

    shots.take(desk)


CARTRIDGE = Cartridge(
    id="ti",
    title="TGM3 TI (ARIKA 2005)",
    short="TGM3",
    rules=CartRules(
        ids=(BOARD, *MODES),
        version=RULES_VERSION,
        new_session=new_session,
        stages=STAGES,
        events=parts.TI_EVENTS,
        document=parts.rules_document,
        warm=parts.warm_rules,
    ),
    board=CartBoard(
        dip_bank=SW2,
        decode_dips=decode_dips,
        factory_seeds={"main": 0},
        ranking=parts.RANKING,
        save_section=SAVE_SECTION,
        options=("sakura_stages",),
        configure=lambda options: _configure(options),
    ),
    presentation=CartPresentation(
        draw_play=play_screen(_screen),
        draw_title=title_screen(_title),
        refresh_hz=parts.TI_REFRESH_HZ,
        sounds=parts.TI_SOUNDS,
        silent=parts.TI_SILENT,
        demo_dir="ti/demos",
        demo_player=parts.demo_player,
    ),
    tooling=CartTooling(
        cli_settings=parts.cli_settings,
        pieces=parts.pieces,
        sim_fields=parts.sim_fields,
        solver=_solver,
        shots=_shots,
    ),
)


def _configure(options: Mapping[str, str]) -> list[str]:
    """cabinet.toml [games.ti] sakura_stages = "FILE": the operator's own Sakura stages."""
    problem = use_stage_file(options.get("sakura_stages"))
    return [problem] if problem else []
