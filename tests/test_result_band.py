"""Issue #32: a versus result (WIN, LOSE, DRAW) reads over any stack: every game draws it
on a framed band across the well (cabinet.video.result_band), here over a full stack."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from collections.abc import Callable

import pygame

from cabinet.video.palette import UI
from cabinet.video.screen import new_native
from cabinet.video.text import DrawnText, recording
from cabinet.video.text_check import problems
from engine import GameSettings
from engine.pieces import O
from games.bloxeed.rules import BLOXEED
from games.bloxeed.rules.extras import BloxeedExtras
from games.cartridge import PlayView
from games.registry import cartridge
from games.sega.game import Game
from tests.blockout_kit import lock_now, place, session, step, until_playing
from tests.bloxeed_kit import drop_and_lock, run, run_until, set_field


def _drawn(game_id: str, game: object) -> tuple[pygame.Surface, list[DrawnText]]:
    surface = new_native()
    draw: Callable[[pygame.Surface, PlayView], None] = cartridge(game_id).presentation.draw_play
    with recording() as texts:
        draw(surface, PlayView(game, credits=1, free_play=False, frame=0))  # type: ignore[arg-type]
    assert problems(texts) == []
    return surface, list(texts)


def _on_a_band(surface: pygame.Surface, texts: list[DrawnText], word: str) -> None:
    """``word`` is drawn, with the band's frame line 6 pixels above it and its backing
    between, clear of the stack."""
    box = next(t.box for t in texts if t.text == word)
    x, y = box[0] - 2, box[1]
    assert tuple(surface.get_at((x, y - 6)))[:3] == UI["frame"]
    assert {tuple(surface.get_at((x, y + dy)))[:3] for dy in range(-5, 16)} == {UI["background"]}


def test_bloxeed_versus_shows_win_and_lose_on_bands_over_a_full_stack() -> None:
    game = Game(BLOXEED, GameSettings(versus=True), seed=0, players=2)
    run_until(game, "spawn", player=1)
    p1, p2 = game.player(0), game.player(1)
    set_field(p2, ["###....###"] * 20)  # any rising row pushes a block above the ceiling
    extras = p2.extras
    assert isinstance(extras, BloxeedExtras)
    extras.incoming.append(5)
    drop_and_lock(game, O, 0, 3, player=1)
    run(game, 12)
    assert game.over and p1.over and p2.over
    surface, texts = _drawn("bloxeed", game)
    _on_a_band(surface, texts, "WIN")
    _on_a_band(surface, texts, "LOSE")
    assert "GAME" not in {t.text for t in texts}


def test_blockout_versus_shows_win_and_lose_on_bands_over_a_full_pit() -> None:
    s = session(1, players=2, versus=True)
    b = s.player(1)
    assert b is not None
    until_playing(s, 1)
    for z in range(b.height):
        b.layers[z] = b.full & ~1 & ~(1 << 15)
    place(b, "1I", 3, 3, 0)
    lock_now(s, b)
    step(s, frames=200)
    assert s.over
    surface, texts = _drawn("blockout", s)
    _on_a_band(surface, texts, "WIN")
    _on_a_band(surface, texts, "LOSE")
