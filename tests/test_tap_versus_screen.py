"""TAP's Versus screen at 320x224 with SDL's dummy driver: two fields, the item meters, the
name banners, the screen items (Dark hides the stack, X-Ray shows one column), the laser's
aim, the challenge question and the Item mode's meter."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from cabinet.video.palette import UI
from cabinet.video.screen import new_native
from engine.inputs import InputFrame, PlayerInput
from games.arika.board import Board
from games.cartridge import PlayView
from games.tap import CARTRIDGE
from games.tap.rules import items as it
from games.tap.rules.match import VERSUS
from games.tap.rules.modes import MASTER
from games.tap.rules.versus_player import VersusPlayer
from games.tap.screen import side_left
from games.tap.versus import VersusBoard
from games.tap.versus_screen import CELL, GREEN, LEFTS, WELL_H, WELL_Y

RGB = tuple[int, int, int]


def draw(board: VersusBoard) -> pygame.Surface:
    surface = new_native()
    CARTRIDGE.presentation.draw_play(
        surface, PlayView(board, credits=1, free_play=False, frame=board.frame))
    return surface


def at(surface: pygame.Surface, x: int, y: int) -> RGB:
    r, g, b, _ = surface.get_at((x, y))
    return (r, g, b)


def cell_centre(index: int, row: int, col: int) -> tuple[int, int]:
    return LEFTS[index] + col * CELL + 3, WELL_Y + (20 - row) * CELL + 3


def match_board() -> VersusBoard:
    board = VersusBoard(VERSUS, {}, {"main": 1}, 2)
    for _ in range(70):
        board.step(InputFrame())
    assert board.match is not None
    for p in board.match.players:
        p.board = Board.from_text(["#########."] * 3)
    return board


def players(board: VersusBoard) -> list[VersusPlayer]:
    assert board.match is not None
    return board.match.players


def test_two_fields_with_their_stacks() -> None:
    board = match_board()
    surface = draw(board)
    assert surface.get_size() == (320, 224)
    for index in (0, 1):
        assert at(surface, *cell_centre(index, 1, 0)) != UI["well"]
        assert at(surface, *cell_centre(index, 1, 9)) == UI["well"]


def test_a_match_well_has_a_grey_metal_frame() -> None:
    """Versus turns the well's frame to grey metal (tetris.wiki TAP, Versus): steel shades
    and rivets around both fields, where a game of one's own has the plain frame."""
    from games.arika import screen as arika_screen
    from games.tap.versus_screen import METAL, STEEL, STEEL_DARK, STEEL_LIGHT

    surface = draw(match_board())
    for index in (0, 1):
        x, y = LEFTS[index] - METAL, WELL_Y - METAL
        assert at(surface, x, y + 40) == STEEL_DARK
        assert at(surface, x + 2, y + 40) == STEEL_LIGHT
        side = [at(surface, x + 1, y + n) for n in range(1, WELL_H)]
        assert STEEL in side and STEEL_LIGHT in side  # the steel, and its rivets
    single = VersusBoard(MASTER, {}, {"main": 1}, 1)
    for _ in range(70):
        single.step(InputFrame())
    alone = draw(single)
    left = side_left(0, False)
    frame = {at(alone, left - 2, arika_screen.WELL_Y + n) for n in range(8, 100)}
    assert frame == {UI["frame"]}


def test_the_meter_fills_green_beside_each_field() -> None:
    board = match_board()
    a, b = players(board)
    a.side.meter.count, b.side.meter.count = 10, 0
    surface = draw(board)
    x = LEFTS[0] + 10 * CELL + 6 + 2
    bottom = WELL_Y + WELL_H - 3
    assert at(surface, x, bottom) == GREEN
    assert at(surface, x, bottom - WELL_H * 3 // 4) != GREEN  # half full
    bx = LEFTS[1] - 10 + 2
    assert at(surface, bx, bottom) != GREEN  # P2's meter is empty


def test_dark_block_hides_the_stack_and_x_ray_shows_one_column() -> None:
    board = match_board()
    _, b = players(board)
    b.side.screen, b.side.screen_left = it.DARK_BLOCK, 100
    surface = draw(board)
    assert at(surface, *cell_centre(1, 1, 0)) == UI["well"]
    assert at(surface, *cell_centre(0, 1, 0)) != UI["well"]
    b.side.screen = it.X_RAY
    surface = draw(board)
    lit = [c for c in range(9) if at(surface, *cell_centre(1, 2, c)) != UI["well"]]
    assert len(lit) <= 1


def test_the_banner_names_the_item_over_the_field_it_hit() -> None:
    board = match_board()
    _, b = players(board)
    plain = draw(board)
    b.side.banner, b.side.banner_left = it.LASER_BLOCK, 30
    b.side.laser_left, b.side.laser_column = 30, 9
    surface = draw(board)
    centre = LEFTS[1] + 40
    assert at(surface, centre - 44, WELL_Y + 22) == UI["alert"]  # the banner's box
    assert at(plain, centre - 44, WELL_Y + 22) != UI["alert"]
    laser = at(surface, *cell_centre(1, 10, 9))
    assert laser in (UI["alert"], UI["clear_flash"])


def test_the_challenge_question_over_the_free_side() -> None:
    board = VersusBoard(MASTER, {}, {"main": 1}, 1)
    for _ in range(100):
        board.step(InputFrame())
    before = draw(board)
    board.join(1)
    board.step(InputFrame())
    surface = draw(board)
    left = side_left(1, True)  # the free side's well
    region = [(x, y) for x in range(left, left + 80) for y in range(60, 200, 2)]
    changed = sum(at(surface, x, y) != at(before, x, y) for x, y in region)
    assert changed > 50
    assert any(at(surface, x, y) == UI["alert"] for x, y in region)


def test_the_item_mode_shows_its_meter() -> None:
    board = VersusBoard(MASTER, {}, {"main": 1}, 1)
    for _ in range(10):
        board.step(InputFrame())
    board.step(InputFrame(p1=PlayerInput(b2=True, b3=True, start=True)))
    p = board.player(0)
    assert isinstance(p, VersusPlayer)
    p.side.meter.count = 20
    for _ in range(100):
        board.step(InputFrame())
    surface = draw(board)
    colours = {at(surface, 110 + 2, y) for y in range(40, 200)}
    assert len(colours) > 1  # the meter beside the well
