"""The field view draws a real engine player's state at the right pixels."""

from __future__ import annotations

import pygame
import pytest

from cabinet.video.palette import UI, cell_rgb
from cabinet.video.screen import new_native
from engine import InputFrame, PlayerInput
from engine.events import LINE_CLEAR, LOCK
from engine.pieces import PIECE_RGB, I, T
from games.bloxeed.screen import POWER_LETTERS
from games.bloxeed.sprites import CHARACTER_ART, SPRITE_RGB, character_sprite
from games.sega.field_view import (
    CELL,
    LAMP_GAP,
    LAMP_H,
    LAYOUT_1P,
    LAYOUT_2P,
    NO_EXTRAS,
    WELL_H,
    FieldExtras,
    FieldView,
    cell_origin,
)
from games.sega.game import Game
from games.sega88.rules import SEGA88

DOWN = InputFrame(p1=PlayerInput(down=True))


def rgb(surface: pygame.Surface, xy: tuple[int, int]) -> tuple[int, ...]:
    return tuple(surface.get_at(xy))[:3]


def centre_of(well: tuple[int, int], row: int, column: int) -> tuple[int, int]:
    x, y = cell_origin(well, row, column)
    return (x + CELL // 2, y + CELL // 2)


def game_starting_with(kind: int) -> Game:
    for seed in range(500):
        game = Game(SEGA88, seed=seed)
        if game.player(0).next_kind == kind:
            return game
    raise AssertionError("no seed deals that piece first")


def drop_until(game: Game, kind: str) -> None:
    for _ in range(2000):
        if any(e.kind == kind for e in game.step(DOWN)):
            return
    raise AssertionError(f"no {kind} event")


def draw(player: object, extras: FieldExtras = NO_EXTRAS) -> pygame.Surface:
    surface = new_native()
    FieldView().draw_side(surface, player, LAYOUT_1P, extras)
    return surface


def test_a_locked_i_piece_shows_in_red_on_the_bottom_row() -> None:
    game = game_starting_with(I)
    drop_until(game, LOCK)
    player = game.player(0)
    locked = [c for c in range(10) if player.field.cells[0][c]]
    assert len(locked) == 4 and player.field.cells[0][locked[0]] == I + 1
    surface = draw(player)
    for c in range(10):
        expected = PIECE_RGB[I] if c in locked else UI["well"]
        assert rgb(surface, centre_of(LAYOUT_1P.well, 0, c)) == expected, c
    assert rgb(surface, centre_of(LAYOUT_1P.well, 1, locked[0])) == UI["well"]


def test_the_active_piece_is_drawn_where_piece_cells_says() -> None:
    game = game_starting_with(T)
    while game.player(0).phase != "active":
        game.step(InputFrame())
    player = game.player(0)
    cells = player.piece_cells()
    surface = draw(player)
    for r, c in cells:
        assert rgb(surface, centre_of(LAYOUT_1P.well, r, c)) == PIECE_RGB[T]
    assert rgb(surface, centre_of(LAYOUT_1P.well, 0, 0)) == UI["well"]


def test_clearing_rows_flash_from_the_line_clear_timer() -> None:
    game = game_starting_with(I)
    player = game.player(0)
    for c in range(10):
        if not 3 <= c <= 6:
            player.field.set(0, c, 8)
    drop_until(game, LINE_CLEAR)
    assert player.phase == "clear" and player.clearing == (0,)
    flashes = set()
    for _ in range(8):
        flashes.add(rgb(draw(player), centre_of(LAYOUT_1P.well, 0, 0)))
        game.step(InputFrame())
    assert flashes == {UI["clear_flash"], cell_rgb(8)}


def test_power_block_cells_are_marked_with_their_letter() -> None:
    game = Game(SEGA88)
    player = game.player(0)
    player.field.set(0, 0, T + 1)
    letters = {}
    for kind in range(1, 6):
        player.field.set(0, 1, (T + 1) | kind << 4)
        surface = draw(player, FieldExtras(mark_letters=POWER_LETTERS))
        x, y = cell_origin(LAYOUT_1P.well, 0, 1)
        letters[kind] = pygame.image.tobytes(surface.subsurface((x, y, CELL, CELL)), "RGB")
    plain_x, plain_y = cell_origin(LAYOUT_1P.well, 0, 0)
    plain = pygame.image.tobytes(surface.subsurface((plain_x, plain_y, CELL, CELL)), "RGB")
    assert len(set(letters.values())) == 5
    assert plain not in letters.values()


def test_garbage_meter_lamps_light_from_the_bottom() -> None:
    player = Game(SEGA88).player(0)
    surface = draw(player, FieldExtras(meter_lamps=3))
    bottom = LAYOUT_1P.well[1] + WELL_H
    x = LAYOUT_1P.lamps_x + CELL // 2
    lamps = [rgb(surface, (x, bottom - i * (LAMP_H + LAMP_GAP) - LAMP_H // 2)) for i in range(5)]
    assert lamps == [UI["lamp_on"]] * 3 + [UI["lamp_off"]] * 2
    # No meter (Tetris 1988): nothing there.
    assert rgb(draw(player), (x, bottom - LAMP_H // 2)) not in (UI["lamp_on"], UI["lamp_off"])


def test_lamps_sit_right_of_player_1_and_left_of_player_2() -> None:
    p1, p2 = LAYOUT_2P
    assert p1.lamps_x > p1.well[0] + 80
    assert p2.lamps_x + CELL < p2.well[0]


@pytest.mark.parametrize("kind", sorted(CHARACTER_ART))
def test_characters_are_drawn_standing_on_their_cell(kind: int) -> None:
    art = CHARACTER_ART[kind]
    assert len({len(row) for row in art}) == 1  # a rectangle
    player = Game(SEGA88).player(0)
    surface = draw(player, FieldExtras(sprite=(character_sprite(kind), 5, 4)))
    x0, y0 = cell_origin(LAYOUT_1P.well, 5, 4)
    bottom = y0 + CELL
    for y, row in enumerate(art):
        for x, ch in enumerate(row):
            if ch != ".":
                at = (x0 + x, bottom - len(art) + y)
                assert rgb(surface, at) == SPRITE_RGB[ch], at


def test_a_character_above_the_ceiling_is_clipped_to_the_well() -> None:
    player = Game(SEGA88).player(0)
    # Standing on row 20 (just above the top row) the bomb would cover y = well top - 3.
    surface = draw(player, FieldExtras(sprite=(character_sprite(3), 20, 4)))
    x, _ = cell_origin(LAYOUT_1P.well, 19, 4)
    above = (x + 4, LAYOUT_1P.well[1] - 3)
    assert rgb(surface, above) == rgb(draw(player), above)
    low = draw(player, FieldExtras(sprite=(character_sprite(3), 19, 4)))
    assert rgb(low, (x + 4, LAYOUT_1P.well[1] + 5)) == SPRITE_RGB["n"]


def test_game_over_is_written_in_the_well() -> None:
    game = Game(SEGA88)
    for _ in range(20000):
        if game.over:
            break
        game.step(DOWN)
    assert game.over
    well = draw(game.player(0)).subsurface((*LAYOUT_1P.well, 80, WELL_H))
    colours = {tuple(c)[:3] for c in pygame.surfarray.array3d(well).reshape(-1, 3).tolist()}
    assert UI["alert"] in colours
