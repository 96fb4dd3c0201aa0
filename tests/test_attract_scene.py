"""Tetris (1988)'s attract scene on the cabinet: a game over that runs through to attract
mode without a Start press plays the scene, whose one randomizer call moves the kept main
seed on, so the next game starts one call later (tetris.wiki "Sega Randomizer"); a Start on
the game-over screen makes no call. Real save data, the real state machine."""

from __future__ import annotations

from pathlib import Path

import pygame

from cabinet.video.screen import new_native
from firmware import kiosk_view
from firmware.machine import Screen
from firmware.machine.decisions import frames
from firmware.savedata import load
from games.registry import cartridge
from games.sega.game import Game
from games.sega.player import OVER
from games.sega.randomizer import sega_random
from games.sega88.rules import SEGA88, SEGA88_DEFAULT_CONSTANT, sega88_attract_call
from games.sega88.scene import SCENE_FRAMES, pick, piece_at
from tests.kiosk_kit import Rig, p1


def _first_pieces(game: Game, count: int) -> list[int]:
    source = game.deal.source(0)
    return [source.next() for _ in range(count)]


def _play_to_game_over(rig: Rig) -> int:
    """Coin, start, top out player 1 and let any name entry time out; returns the main seed
    the game left in save data (as after its 1000th call)."""
    rig.coin(1)
    rig.press(p1(start=True))
    game = rig.machine.game
    assert isinstance(game, Game)
    while (player := game.players[0]) is not None and player.phase != OVER:
        rig.step(p1(down=True))
    while rig.machine.screen != Screen.GAME_OVER:
        rig.step()
    kept = rig.machine.data.seeds["sega88"]["main"]
    assert kept == game.main_seed
    return kept


def test_scene_makes_one_call_and_the_next_game_starts_one_call_later(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="sega88")
    try:
        after_game = _play_to_game_over(rig)
        rig.frames(frames("game_over_frames"))
        assert rig.machine.screen == Screen.SCENE
        kept = rig.machine.data.seeds["sega88"]["main"]
        assert kept == sega88_attract_call(after_game)  # exactly one call
        assert rig.machine.scene_value == sega_random(after_game, SEGA88_DEFAULT_CONSTANT)[1]
        rig.frames(SCENE_FRAMES - 1)
        assert rig.machine.screen == Screen.SCENE
        rig.step()
        assert rig.machine.screen == Screen.TITLE
        assert rig.machine.data.seeds["sega88"]["main"] == kept  # the title makes no call
        # The next game: the same 1000 draws as a Start pressed at once, one call later.
        rig.coin(1)
        rig.press(p1(start=True))
        nxt = rig.machine.game
        assert isinstance(nxt, Game) and nxt.seed == kept
        at_once = _first_pieces(Game(SEGA88, seed=after_game), 1000)
        assert _first_pieces(nxt, 999) == at_once[1:]
    finally:
        rig.close()


def test_the_moved_seed_is_saved(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="sega88")
    try:
        after_game = _play_to_game_over(rig)
        rig.frames(frames("game_over_frames"))
        assert rig.machine.screen == Screen.SCENE
    finally:
        rig.close()  # flushes what the machine submitted
    assert load(tmp_path).data.seeds["sega88"]["main"] == sega88_attract_call(after_game)


def test_start_on_the_game_over_screen_makes_no_call(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="sega88")
    try:
        after_game = _play_to_game_over(rig)
        rig.frames(frames("game_over_frames") - 5)
        rig.coin(1)
        rig.press(p1(start=True))
        assert rig.machine.screen == Screen.PLAY
        nxt = rig.machine.game
        assert isinstance(nxt, Game) and nxt.seed == after_game
        assert _first_pieces(nxt, 1000) == _first_pieces(Game(SEGA88, seed=after_game), 1000)
    finally:
        rig.close()


def test_start_during_the_scene_begins_a_game_with_the_moved_seed(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="sega88")
    try:
        after_game = _play_to_game_over(rig)
        rig.frames(frames("game_over_frames") + 30)
        assert rig.machine.screen == Screen.SCENE
        rig.coin(1)
        rig.press(p1(start=True))
        assert rig.machine.screen == Screen.PLAY
        nxt = rig.machine.game
        assert isinstance(nxt, Game) and nxt.seed == sega88_attract_call(after_game)
    finally:
        rig.close()


def test_a_game_without_a_scene_goes_straight_to_the_title(tmp_path: Path) -> None:
    assert cartridge("bloxeed").presentation.attract_scene is None
    rig = Rig(tmp_path, game="bloxeed")
    try:
        rig.coin(1)
        rig.press(p1(start=True))
        game = rig.machine.game
        assert isinstance(game, Game)
        while (player := game.players[0]) is not None and player.phase != OVER:
            rig.step(p1(down=True))
        while rig.machine.screen != Screen.GAME_OVER:
            rig.step()
        kept = dict(rig.machine.data.seeds["bloxeed"])
        rig.frames(frames("game_over_frames"))
        assert rig.machine.screen == Screen.TITLE
        assert rig.machine.data.seeds["bloxeed"] == kept
    finally:
        rig.close()


def test_the_scene_shows_the_piece_the_value_picks_falling_to_the_floor() -> None:
    # decision attract_scene_piece: (value AND 0x3F) mod 7, column (value >> 8) mod 7.
    assert pick(0x0000) == (0, 0) and pick(0x0106) == (6, 1) and pick(0x0841) == (1, 1)
    kind, _state, start = piece_at(0x0106, 0)
    assert kind == 6 and min(r for r, _ in start) <= 1
    _kind, _state, end = piece_at(0x0106, SCENE_FRAMES)
    assert max(r for r, _ in end) == 17  # resting on the scene's floor (18 rows)
    states = {piece_at(0x0104, f)[1] for f in range(0, SCENE_FRAMES, 20)}
    assert len(states) == 4  # T turns through its 4 states as it falls


def test_the_scene_draws_and_depends_on_the_value(tmp_path: Path) -> None:
    rig = Rig(tmp_path, game="sega88")
    surface = new_native()
    try:
        pictures = []
        for value in (0x0000, 0x0305, 0x0000):
            rig.machine.screen = Screen.SCENE
            rig.machine.screen_frames = 100
            rig.machine.scene_value = value
            kiosk_view.draw(rig.machine, surface)
            pictures.append(pygame.image.tobytes(surface, "RGB"))
        rig.machine.screen = Screen.TITLE
        kiosk_view.draw(rig.machine, surface)
        title = pygame.image.tobytes(surface, "RGB")
        assert pictures[0] == pictures[2] != pictures[1]
        assert title not in pictures
    finally:
        rig.close()
