"""Flash Point (Sega, 1989) on the System 16B board: 100 stages of flashing cells to clear,
the stage select, the next-stage choice and the stage bonus, on the common Sega loop."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.pieces import LETTERS
from engine.session import GameSession
from engine.settings import Difficulty, GameSettings
from games.cartridge import (
    CartBoard,
    CartPresentation,
    Cartridge,
    CartRules,
    CartTooling,
    CliOption,
    DrawPlay,
    DrawTitle,
    RankingSpec,
    ShotDesk,
    StageSolver,
    play_screen,
    title_screen,
)
from games.flashpoint.dips import SW2, decode_dips
from games.flashpoint.rules import events as fev
from games.flashpoint.rules.decisions import FLASHPOINT_DECISIONS
from games.flashpoint.rules.ruleset import FLASHPOINT, FLASHPOINT_ID, deal_for, draw_table
from games.flashpoint.rules.session import FlashPointGame
from games.flashpoint.rules.tables import CLEAR_ROUND_FACTORY, stage_bonus
from games.flashpoint.session import new_session
from games.flashpoint.stagefile import STAGES, active_stages, use_stage_file
from games.sega import board as sega_board

FLASHPOINT_EVENTS = sega_board.SEGA_EVENTS | fev.FLASHPOINT_EVENTS
FLASHPOINT_SOUNDS = {
    **sega_board.SEGA_SOUNDS,
    fev.FLASH_GONE: "power_block",
    fev.STAGE_CLEAR: "all_clear",
    fev.CLEAR_ROUND: "level_up",
    fev.STAGE_START: "level_up",
    fev.CURSOR: "move",
    fev.TWO_CELL: "garbage",
}
FLASHPOINT_SILENT = sega_board.SEGA_SILENT | set(
    FLASHPOINT_DECISIONS["also_quiet_events"].value)


def rules_document(rules_id: str) -> dict[str, object]:
    """`bloxcab rules flashpoint --json`: the Sega document (delays, gravity by level and
    difficulty, tables, decisions) plus the stage list with each stage's flashing cells."""
    document = sega_board.rules_document_of(FLASHPOINT)(rules_id)
    document["stage_list"] = [
        {"stage": s.number, "title": s.title, "flashing": s.flashing, "height": s.height,
         "bonus": stage_bonus(s.number)}
        for s in active_stages()
    ]
    return document


def pieces(rules_id: str, seed: int, count: int, settings: Mapping[str, Any]) -> str:
    entries = draw_table(seed).entries
    return "".join(LETTERS[entries[i % len(entries)]] for i in range(count))


def _ahead(seeds: Mapping[str, int]) -> None:
    """The next game's piece table, drawn before its Start (the session's own deal)."""
    deal_for(seeds, GameSettings())


def sim_fields(session: GameSession) -> dict[str, object]:
    assert isinstance(session, FlashPointGame)
    side = session.side(0)
    return {
        "stage": side.stage,
        "stages_cleared": side.stages_cleared,
        "flashing_left": side.extras.flashing_left,
        "bonus": side.extras.bonus,
    }


STAGE_OPTION = CliOption("stage", "start at stage N without the stage select")


def cli_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    """`bloxcab sim` options: difficulty and ``--stage N`` (start there, no select)."""
    stage = options.get("stage")
    return {
        "difficulty": Difficulty.parse(str(options.get("difficulty") or "normal")).label,
        "clear_round_allowed": CLEAR_ROUND_FACTORY,
        "two_cell_move": True,
        "stage": None if stage is None else int(stage),
    }


def _ranking_key(row: Mapping[str, int | str]) -> tuple[int, ...]:
    return (int(row["score"]), int(row.get("stage", 0)))


def _demo_player(session: GameSession) -> Any:
    from games.flashpoint.demo import demo_inputs

    return demo_inputs(session)


def _title() -> DrawTitle:
    """The attract title, imported when it is first drawn (games/cartridge.py)."""
    from games.flashpoint import scene

    return scene.draw_title


def _screen() -> DrawPlay:
    """The play screen, imported on the first frame drawn (games/cartridge.py)."""
    from games.flashpoint import screen

    return screen.draw_play


def _solver() -> StageSolver:
    from games.flashpoint.solver import SOLVER

    return SOLVER


def _shots(desk: ShotDesk) -> None:
    """The docs' screenshots, imported when asked (tools/shots)."""
    from games.flashpoint import shots

    shots.take(desk)


CARTRIDGE = Cartridge(
    id=FLASHPOINT_ID,
    title="FLASH POINT (1989)",
    short="FLASHPT",
    rules=CartRules(
        ids=(FLASHPOINT_ID,),
        version=FLASHPOINT.rules_version,
        new_session=new_session,
        stages=STAGES,
        events=FLASHPOINT_EVENTS,
        document=rules_document,
        ahead=_ahead,
    ),
    board=CartBoard(
        dip_bank=SW2,
        decode_dips=decode_dips,
        factory_seeds={"main": 0},
        ranking=RankingSpec(columns=("score", "stage"), key=_ranking_key),
        records=lambda session, index: _records(session, index),
        options=("stages",),
        configure=lambda options: _configure(options),
    ),
    presentation=CartPresentation(
        draw_play=play_screen(_screen),
        draw_title=title_screen(_title),
        sounds=FLASHPOINT_SOUNDS,
        silent=FLASHPOINT_SILENT,
        demo_dir="flashpoint/demos",
        demo_player=_demo_player,
    ),
    tooling=CartTooling(
        cli_options=(STAGE_OPTION,),
        cli_settings=cli_settings,
        pieces=pieces,
        sim_fields=sim_fields,
        solver=_solver,
        shots=_shots,
    ),
)


def _configure(options: Mapping[str, str]) -> list[str]:
    """cabinet.toml [games.flashpoint] stages = "FILE": the operator's own stage file."""
    problem = use_stage_file(options.get("stages"))
    return [problem] if problem else []


def _records(session: GameSession, index: int) -> dict[str, int]:
    """Per-stage best clear times (frames) of the player's credit."""
    assert isinstance(session, FlashPointGame)
    return session.side(index).records()
