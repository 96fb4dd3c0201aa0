"""Simulated cabinets for `fleet serve --demo` and `bench --fleet`: real games played by a
seeded random player and recorded as a kiosk records a ranked game, so every ranking entry
a simulated cabinet sends re-simulates like a real one."""

from __future__ import annotations

import random
from typing import Any

from engine import InputFrame, PlayerInput
from firmware.rankings.recorder import GameRecorder
from firmware.uplink.message import rank_body
from fleet.decisions import SERVICE_DECISIONS
from games.registry import CARTRIDGES, cartridge

MAX_FRAMES: int = SERVICE_DECISIONS["simulated_game_frames"].value


def ranked_game(game_id: str, seed: int) -> dict[str, Any]:
    """One finished 1P game on factory settings: the body of an outbox ``rank`` entry."""
    cart = cartridge(game_id)
    dips, _ = cart.board.decode_dips(cart.board.dip_bank.factory)
    settings = dict(dips.settings)
    seeds = cart.seeds_for_start(dict(cart.board.factory_seeds), False)
    rules = cart.rules.ids[0]
    session = cart.rules.new_session(rules, settings, seeds, 1)
    recorder = GameRecorder(game_id, rules, settings, seeds, 1)
    rng = random.Random(seed)
    for _ in range(MAX_FRAMES):
        if session.over:
            break
        frame = InputFrame(p1=PlayerInput(down=rng.random() < 0.7, left=rng.random() < 0.2,
                                          right=rng.random() < 0.2, b1=rng.random() < 0.3))
        session.step(frame)
        recorder.frame(frame, session)
    summary = session.summary(0) or {}
    spec = cart.board.ranking
    values = {c: summary.get(c, 0) for c in spec.columns}
    mode = spec.mode(summary) if spec.qualifies(summary) else spec.modes[0]
    initials = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(3))
    rid, text = recorder.finish(session, 0, initials, mode)
    return {**rank_body(game_id, mode, rid, initials, values, session.rules_version),
            "attached": text}


def games() -> list[str]:
    return list(CARTRIDGES)
