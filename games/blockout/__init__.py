"""BLOCKOUT (Technos, 1989): polycubes fall into a 3D pit seen from above; a filled layer
(a face) clears. 100 rounds on a 10-round cycle, a bonus stage every 5 rounds, continues
that keep the round, and a 2P versus match."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine import events as ev
from engine.inputs import InputFrame
from engine.session import GameSession, Seeds, Settings
from games.blockout import dips as blockout_dips
from games.blockout import sounds
from games.blockout.rules import RULES_VERSION, lcg
from games.blockout.rules import decisions as d
from games.blockout.rules import player as pl
from games.blockout.rules.pieces import DECISIONS as PIECE_DECISIONS
from games.blockout.rules.pieces import PIECES
from games.blockout.rules.session import RULES_ID, BlockoutSession
from games.blockout.table import round_table
from games.cartridge import (
    CartBoard,
    CartDips,
    CartPresentation,
    Cartridge,
    CartRules,
    CartTooling,
    CliOption,
    DrawPlay,
    DrawTitle,
    RankingSpec,
    ShotDesk,
    play_screen,
    title_screen,
)


def new_session(rules_id: str, settings: Settings, seeds: Seeds, players: int
                ) -> BlockoutSession:
    if rules_id != RULES_ID:
        raise ValueError(f"this cartridge plays {RULES_ID!r}, not {rules_id!r}")
    return BlockoutSession(round_table(), settings, seeds, players)


def decode_dips(byte: int) -> tuple[CartDips, str | None]:
    reading = blockout_dips.SW2.decode(byte)
    labels = reading.labels
    settings = {
        "difficulty": blockout_dips.DIFFICULTY_SETTING[labels["Difficulty"]],
        "rotate_buttons": int(labels["Rotate Buttons"]),
    }
    return CartDips(settings, demo_sounds=labels["Demo Sounds"] == "On",
                    versus_on_two_starts=d.DECISIONS["versus_on_two_starts"].value
                    ), reading.notice


ROUND_OPTION = CliOption("round", "start at round N without the round select")


def cli_settings(options: Mapping[str, Any]) -> dict[str, Any]:
    """`bloxcab sim` options as settings: --round, --difficulty (hardest = Very Hard),
    --versus."""
    difficulty = str(options.get("difficulty") or "normal")
    difficulty = {"hardest": "very_hard"}.get(difficulty, difficulty)
    # `bloxcab sim` starts at --round (default 1); the cabinet shows the ROUND SELECT.
    round_no = options.get("round")
    settings: dict[str, Any] = {"difficulty": difficulty,
                                "round": 1 if round_no is None else int(round_no)}
    if options.get("versus"):
        settings["versus"] = True
    new_session(RULES_ID, settings, {}, 1)  # a bad value is a ValueError here
    return settings


def pieces(rules_id: str, seed: int, count: int, settings: Mapping[str, Any]) -> str:
    """The first ``count`` pieces of a game started at the settings' round (1 by default)
    with seed ``seed``."""
    stage = round_table().stage(int(settings.get("round", 1)))
    state = seed & lcg.MASK
    names = []
    for _ in range(count):  # the first draw is the first piece to fall
        state, index = lcg.pick(state, stage.weights)
        names.append(PIECES[index].name)
    return " ".join(names)


def rules_document(rules_id: str) -> dict[str, object]:
    table = round_table()
    doc = table.document
    return {
        "rules": RULES_ID,
        "title": "BLOCKOUT (Technos, 1989)",
        "refresh_hz": d.REFRESH_HZ,
        "round_table": {
            "rounds": table.rounds,
            "start_rounds": list(table.start_rounds),
            "bonus_frames": table.bonus_frames,
            "slots": doc["slot"],
            "pieces": doc["pieces"],
            "bonus": doc["bonus"],
            "in_force": [
                {"round": r, "pit": [s.width, s.depth, s.height], "quota": s.quota,
                 "fall": list(s.fall),
                 "weights": {PIECES[i].name: w for i, w in s.weights}}
                for r in range(1, table.rounds + 1) for s in [table.stage(r)]
            ],
        },
        "pieces": [
            {"name": p.name, "cubes": p.cubes, "extent": p.extent,
             "orientations": len(p.orientations), "shapes": p.shapes,
             "low_spawn": p.low_spawn, "cells": [list(c) for c in p.orientations[0]]}
            for p in PIECES
        ],
        "decisions": {**d.DECISIONS, **PIECE_DECISIONS},
    }


def sim_fields(session: GameSession) -> dict[str, object]:
    assert isinstance(session, BlockoutSession)
    p = session.player(0)
    if p is None:
        return {}
    return {"round": p.round, "faces": p.faces, "cubes": p.cubes, "blockouts": p.blockouts}


def demo_player(session: GameSession) -> Iterator[InputFrame]:
    from games.blockout.rules.autoplay import demo_inputs

    assert isinstance(session, BlockoutSession)
    return demo_inputs(session)


def bench_session(players: int) -> BlockoutSession:
    """The render target's scene: round 5's 5x5x7 pit half full (layers 0-2 nearly full,
    layer 3 half), a piece falling, for each player."""
    session = new_session(RULES_ID, {"round": 5}, {"main": 7}, players)
    session.step(InputFrame())
    for index in range(players):
        p = session.player(index)
        assert p is not None
        for z in range(3):
            p.layers[z] = p.full & ~(1 << (3 * z + 7))
        p.layers[3] = 0b1010110101010110101101010
    return session


def _rank_key(row: Mapping[str, int | str]) -> tuple[int, ...]:
    return (int(row["score"]), int(row.get("round", 0)))


BLOCKOUT_EVENTS = frozenset({
    ev.SPAWN, ev.MOVE, ev.ROTATE, ev.LAND, ev.LOCK, ev.LINE_CLEAR, ev.ALL_CLEAR,
    ev.LEVEL_UP, ev.GAME_OVER, pl.STAIR, pl.ROTATE_FAIL, pl.ROUND_CLEAR, pl.ROUND_START,
    pl.BONUS_START, pl.BONUS_END, pl.CONTINUE, pl.LAYER_RISE, pl.VERSUS_WIN, pl.ROUND_SELECT,
})

def _title() -> DrawTitle:
    """The attract title, imported when it is first drawn (games/cartridge.py)."""
    from games.blockout import scene

    return scene.draw_title


def _screen() -> DrawPlay:
    """The play screen, imported on the first frame drawn (games/cartridge.py)."""
    from games.blockout import screen

    table = round_table()
    screen.prepare({(s.width, s.depth, s.height) for s in
                    [*(table.stage(r) for r in range(1, table.rounds + 1)),
                     *(table.bonus_stage(k) for k in range(1, len(table.bonuses) + 1))]})
    return screen.draw_play


def _shots(desk: ShotDesk) -> None:
    """The docs' screenshots, imported when asked (tools/shots)."""
    from games.blockout import shots

    shots.take(desk)


CARTRIDGE = Cartridge(
    id=RULES_ID,
    title="BLOCKOUT (TECHNOS 1989)",
    short="BLOCKOUT",
    rules=CartRules(
        ids=(RULES_ID,),
        version=RULES_VERSION,
        new_session=new_session,
        events=BLOCKOUT_EVENTS,
        document=rules_document,
    ),
    board=CartBoard(
        dip_bank=blockout_dips.SW2,
        decode_dips=decode_dips,
        factory_seeds={"main": 0},
        ranking=RankingSpec(columns=("score", "round"), key=_rank_key),
    ),
    presentation=CartPresentation(
        draw_play=play_screen(_screen),
        draw_title=title_screen(_title),
        refresh_hz=d.REFRESH_HZ,
        sounds=sounds.SOUNDS,
        silent=sounds.SILENT,
        recipes=sounds.RECIPES,
        demo_dir="blockout/demos",
        demo_player=demo_player,
    ),
    tooling=CartTooling(
        cli_options=(ROUND_OPTION,),
        cli_settings=cli_settings,
        pieces=pieces,
        sim_fields=sim_fields,
        bench_session=bench_session,
        shots=_shots,
    ),
)
