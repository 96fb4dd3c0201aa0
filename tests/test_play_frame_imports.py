"""Drawing a play frame runs no import statement: one costs about 2 us even with its module
loaded, and several times that when the kiosk runs paced at 60 Hz. A cartridge's screen
takes its drawing parts at its top (the cartridge loads it on the first frame drawn,
games.cartridge.play_screen) or keeps them after the first frame."""

from __future__ import annotations

import builtins
import os
import sys
from typing import Any

import pytest

from cabinet.video.kept import KeptPicture
from cabinet.video.screen import new_native
from firmware.inputscript import random_inputs
from games.registry import CARTRIDGES, PlayView, new_session

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

FRAMES = 150
WARM_UP = 2  # the first frames load the screen and its parts


def _imports_while_drawing(monkeypatch: pytest.MonkeyPatch, rules_id: str,
                           kept: Any) -> list[str]:
    """Where an import statement ran while a random 2P game of ``rules_id`` was drawn,
    past the warm-up: "file:function imports module", once each time."""
    cart = next(c for c in CARTRIDGES.values() if rules_id in c.rules.ids)
    ran: list[str] = []
    counting = [False]
    real = builtins.__import__

    def counted(name: str, *args: Any, **kwargs: Any) -> Any:
        if counting[0]:
            code = sys._getframe(1).f_code
            ran.append(f"{code.co_filename}:{code.co_name} imports {name}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", counted)
    session = new_session(rules_id, cart.tooling.cli_settings({}), {"main": 5}, 2)
    inputs = random_inputs(5, players=2)
    native = new_native()
    for frame in range(FRAMES):
        if session.over:
            session = new_session(rules_id, cart.tooling.cli_settings({}), {"main": frame}, 2)
        session.step(next(inputs))
        counting[0] = frame >= WARM_UP
        if kept is not None:
            kept.start_frame()
        cart.presentation.draw_play(native, PlayView(session, 1, False, frame, kept=kept))
        if kept is not None:
            kept.finish_frame()
        counting[0] = False
    return ran


@pytest.mark.parametrize("rules_id", [r for c in CARTRIDGES.values() for r in c.rules.ids])
def test_a_play_frame_runs_no_import_statement(monkeypatch: pytest.MonkeyPatch,
                                               rules_id: str) -> None:
    ran = _imports_while_drawing(monkeypatch, rules_id, None)
    assert sorted(set(ran)) == [], f"{len(ran)} import statements in {FRAMES} frames"


@pytest.mark.parametrize("game_id", list(CARTRIDGES))
def test_a_kept_picture_frame_runs_no_import_statement(monkeypatch: pytest.MonkeyPatch,
                                                       game_id: str) -> None:
    ran = _imports_while_drawing(monkeypatch, CARTRIDGES[game_id].rules.ids[0], KeptPicture())
    assert sorted(set(ran)) == [], f"{len(ran)} import statements in {FRAMES} frames"
