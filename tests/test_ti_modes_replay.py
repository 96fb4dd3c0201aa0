"""Easy, Shirase and Sakura on the board: playable through the registry's session in both
rules, picked at the mode select (the rule with up/down), and their replays verify (and
fail when an input is changed)."""

from __future__ import annotations

import random

import pytest

from engine.inputs import InputFrame, PlayerInput
from engine.replay import Replay, record, verify
from games.arika.session import MODE_START
from games.registry import new_session
from games.ti.rules import sakura
from games.ti.rules.player import TiPlayer
from games.ti.sakura_solver import parse_solutions
from games.ti.session import RULE_CURSOR, TiSession
from tools.solve import solutions_file

IDLE = InputFrame(PlayerInput(), PlayerInput())


def random_inputs(seed: int, frames: int) -> list[InputFrame]:
    rng = random.Random(seed)
    out = []
    for _ in range(frames):
        bits = rng.getrandbits(7) & rng.getrandbits(7)  # sparse presses, no Start
        out.append(InputFrame(PlayerInput.from_bits(bits), PlayerInput()))
    return out


def roundtrip(rules: str, settings: dict[str, str], inputs: list[InputFrame]) -> Replay:
    made = record(new_session(rules, settings, {"main": 7}, 1), settings, {"main": 7}, 1,
                  inputs)
    replay = Replay.from_text(made.to_text())
    verdict = verify(replay, new_session(rules, settings, {"main": 7}, 1))
    assert verdict.ok, verdict
    return replay


@pytest.mark.parametrize("rules", ["ti-easy", "ti-shirase", "ti-sakura"])
@pytest.mark.parametrize("rule", ["classic", "world"])
def test_random_play_replays_verify(rules: str, rule: str) -> None:
    session = new_session(rules, {"rule": rule}, {"main": 7}, 1)
    assert isinstance(session, TiSession)
    p = session.player(0)
    assert isinstance(p, TiPlayer) and p.world == (rule == "world")
    replay = roundtrip(rules, {"rule": rule}, random_inputs(len(rules), 3000))
    bad = Replay.from_text(replay.to_text())
    for n in range(20, 300):  # the lever mirrored: the pieces go elsewhere
        bits = bad.inputs[n]
        bad.inputs[n] = bits & ~0b1100 | (bits >> 1 & 0b100) | (bits << 1 & 0b1000)
    assert not verify(bad, new_session(rules, {"rule": rule}, {"main": 7}, 1)).ok


def test_the_mode_select_picks_sakura_with_the_world_rule() -> None:
    session = new_session("ti", {}, {"main": 7}, 1)
    assert isinstance(session, TiSession)
    frames = [IDLE, InputFrame(PlayerInput(start=True), PlayerInput()), IDLE]  # as a guest
    frames += [InputFrame(PlayerInput(down=True), PlayerInput()), IDLE]
    frames += [InputFrame(PlayerInput(right=True), PlayerInput()), IDLE] * 3
    frames += [InputFrame(PlayerInput(b1=True), PlayerInput())] + [IDLE] * 200
    kinds: list[tuple[str, int]] = []
    for frame in frames:
        kinds += [(e.kind, e.value) for e in session.step(frame)]
    assert (RULE_CURSOR, 1) in kinds and (MODE_START, 3) in kinds
    p = session.player(0)
    assert isinstance(p, sakura.SakuraPlayer) and p.world and p.rule_name == "WORLD"
    assert p.shapes.name == "SRS"
    roundtrip("ti", {}, frames)


def test_a_sakura_game_played_well_replays_and_clears_stages() -> None:
    """The stored solutions, played by the lever-and-button player through a whole game
    (stage after stage), make a replay that verifies and shows the stages cleared."""
    solutions = parse_solutions(solutions_file("ti").read_text(encoding="utf-8"))
    session = new_session("ti-sakura", {}, {"main": 7}, 1)
    assert isinstance(session, TiSession)
    inputs: list[InputFrame] = []
    toggle = False
    while len(inputs) < 6000 and not session.over:
        p = session.player(0)
        assert isinstance(p, sakura.SakuraPlayer)
        pi = PlayerInput()
        plan = solutions[p.stage.number].placements
        if p.phase == 1 and p.stage_pieces <= len(plan):
            target = plan[p.stage_pieces - 1]
            toggle = not toggle
            if p.state != target.state:
                pi = PlayerInput(b2=toggle)
            elif p.x != target.x:
                pi = PlayerInput(left=toggle and p.x > target.x, right=toggle and p.x < target.x)
            else:
                pi = PlayerInput(up=True, down=True)
        frame = InputFrame(pi, PlayerInput())
        inputs.append(frame)
        session.step(frame)
    p = session.player(0)
    assert isinstance(p, sakura.SakuraPlayer)
    assert p.cleared >= 5 and p.results[:5] == [1] * 5
    roundtrip("ti-sakura", {}, inputs)
