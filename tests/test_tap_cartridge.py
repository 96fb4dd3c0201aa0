"""The TAP cartridge on the board: CLI figures, the rules document, the play screen, the
rankings' order, SW2 settings and the declared refresh."""

from __future__ import annotations

import json

import numpy as np
import pygame
import pytest

from cabinet.video.palette import UI
from cabinet.video.screen import new_native
from engine.inputs import InputFrame, PlayerInput
from games.arika.rules import ROLL_INVISIBLE
from games.arika.timing import clock_text
from games.cartridge import PlayView
from games.registry import cartridge, cartridge_of_rules
from games.tap.cartridge import rank_key
from games.tap.screen import cell_visibility, draw_play, level_target
from games.tap.session import TapSession
from tests.clikit import run


def test_pieces_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "pieces", "--rules", "tap-master", "--seed", "1", "--count",
                       "20")
    assert code == 0 and len(out.strip()) == 20 and out[0] in "IJLT"
    assert run(capsys, "pieces", "--rules", "tap-master", "--seed", "1", "--count", "20")[1] \
        == out
    assert run(capsys, "pieces", "--rules", "tap-master", "--seed", "2", "--count", "20")[1] \
        != out


def test_rules_json_rows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "tap-master", "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["gravity"][0] == {"level": 0, "g256": 4}
    assert doc["gravity"][-1] == {"level": 500, "g256": 5120}
    assert set(doc["delays"][0]) == {"from_level", "are", "line_are", "das", "lock",
                                     "line_clear"}
    # Internal frames: the wiki's observed 27 / 16 are 25 / 14 here.
    assert doc["delays"][0] == {"from_level": 0, "are": 25, "line_are": 25, "das": 14,
                                "lock": 30, "line_clear": 40}
    assert doc["delays"][-1]["from_level"] == 901 and doc["delays"][-1]["lock"] == 17
    assert "frame_order" in doc["decisions"] and "mroll_section5" in doc["decisions"]
    death = json.loads(run(capsys, "rules", "tap-death", "--json")[1])
    assert death["gravity"] == [{"level": 0, "g256": 5120}]
    assert death["torikan"] == {"level": 500, "frames": 12300}


def test_sim_extras(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sim", "--rules", "tap-master", "--seed", "5", "--frames",
                       "4000", "--inputs", "demo", "--json")
    doc = json.loads(out)
    assert code == 0
    for key in ("grade", "internal_grade", "section_frames", "roll", "score", "level",
                "state_hash"):
        assert key in doc
    assert doc["roll"] == "none" and doc["level"] > 100
    assert doc["section_frames"] and isinstance(doc["section_frames"][0], int)


def test_bad_rules_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "sim", "--rules", "tap-extreme", "--frames", "1", "--json")
    assert code == 2 and err.count("\n") == 1


def test_cartridge_record() -> None:
    cart = cartridge("tap")
    assert cart.presentation.refresh_hz == pytest.approx(61.68)
    assert cartridge_of_rules("tap-death") is cart
    dips, notice = cart.board.decode_dips(cart.board.dip_bank.factory)
    versus = {"versus_wins": 2, "versus_target": 200}
    assert notice is None and dict(dips.settings) == {"boundaries": "wiki", "das_step": 901,
                                                      **versus}
    assert dips.demo_sounds
    dips, _ = cart.board.decode_dips(cart.board.dip_bank.factory & ~0x0C)
    assert dict(dips.settings) == {"boundaries": "x00", "das_step": 900, **versus}
    dips, _ = cart.board.decode_dips(cart.board.dip_bank.factory & ~0xF0)  # switches 5-8 on
    assert dips.settings["versus_wins"] == 4 and dips.settings["versus_target"] == 400


def test_master_ranks_by_grade_then_time() -> None:
    rows = [
        {"grade": "S9", "line": "green", "level": 999, "time": 30000, "score": 1},
        {"grade": "GM", "line": "green", "level": 999, "time": 31000, "score": 1},
        {"grade": "S9", "line": "green", "level": 999, "time": 29000, "score": 1},
        {"grade": "S4", "line": "none", "level": 620, "time": 20000, "score": 1},
        {"grade": "S9", "line": "orange", "level": 999, "time": 31400, "score": 1},
    ]
    ordered = sorted(rows, key=rank_key, reverse=True)
    assert [(r["grade"], r["time"]) for r in ordered] == [
        ("GM", 31000), ("S9", 31400), ("S9", 29000), ("S9", 30000), ("S4", 20000)]


def test_screen_helpers() -> None:
    assert clock_text(31500) == "08:45:00"
    assert clock_text(61) == "00:01:01"
    s = TapSession("tap-master", {}, {"main": 1}, 1)
    p = s.player(0)
    p.level = 123
    assert level_target(p) == 200
    p.level = 950
    assert level_target(p) == 999
    p.roll = ROLL_INVISIBLE
    p.frame = 100
    assert cell_visibility(p, 99) == 1.0 and cell_visibility(p, 90) == 0.0


def render(session: TapSession, demo: bool = False) -> pygame.Surface:
    surface = new_native()
    draw_play(surface, PlayView(session, credits=1, free_play=False, frame=session.frame,
                                demo=demo))
    return surface


def test_screen_draws_select_play_and_results() -> None:
    s = TapSession("tap", {}, {"main": 1}, 1)
    picture = pygame.surfarray.array3d(render(s))
    assert (picture == UI["highlight"]).all(axis=2).any()  # the highlighted mode
    s.step(InputFrame(p1=PlayerInput()))
    s.step(InputFrame(p1=PlayerInput(b1=True)))
    for _ in range(120):
        s.step(InputFrame(p1=PlayerInput(down=True)))
    playing = pygame.surfarray.array3d(render(s))
    assert not np.array_equal(picture, playing)
    while not s.over:
        s.step(InputFrame(p1=PlayerInput(down=True)))
    over = pygame.surfarray.array3d(render(s))
    assert (over == UI["alert"]).all(axis=2).any()  # GAME OVER


def test_decision_tables_print_value_why_source(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.decision import Decision
    from games.arika.decisions import ARIKA_DECISIONS
    from games.tap.rules.decisions import TAP_DECISIONS

    for table in (ARIKA_DECISIONS, TAP_DECISIONS):
        for name, decision in table.items():
            assert isinstance(decision, Decision), name
            json.dumps(decision.as_json())
    doc = json.loads(run(capsys, "rules", "tap-normal", "--json")[1])
    assert set(doc["decisions"]) == set(ARIKA_DECISIONS) | set(TAP_DECISIONS)
    assert doc["decisions"]["ready_frames"] == {"value": 60, "why": ARIKA_DECISIONS[
        "ready_frames"].why, "source": None}
    assert "board_decisions" in doc
