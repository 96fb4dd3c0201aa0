"""What the Arika cartridges' single-player play screens share at 320x224: the well's
place and 8-pixel cells, the level counter's target, how the blocks of a fading or
invisible staff roll show, and drawing the well, the stack, the ghost and the piece in
play. Each cartridge draws its own figures, NEXT, select and results around them."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pygame

from cabinet.video.palette import UI, cell_rgb, shade
from games.arika.board import VISIBLE_ROWS, WIDTH
from games.arika.kept import RGB, Op, draw_ops, fill_op, frame_op
from games.arika.player import ACTIVE, NO_PIECE, ArikaPlayer
from games.arika.rules import ROLL_FADING, ROLL_INVISIBLE
from games.arika.shapes import ARS, ShapeSet

CELL = 8
WELL_H = VISIBLE_ROWS * CELL
WELL_Y = 40
FLASH_FRAMES = 3  # a locked or cleared block flashes this many frames
# Layout: on a two-well screen the staff roll's label is short, as "STAFF ROLL" (10 cells)
# would run into the other well or off the screen.
TWO_WELL_ROLL = "ROLL"


def level_target(p: ArikaPlayer) -> int:
    """The number after the slash: the next hundred, or the goal in the last section."""
    return min(p.goal, (p.level // 100 + 1) * 100) if p.level < p.goal else p.goal


def roll_visibility(p: ArikaPlayer, locked_frame: int, fade_after: int,
                    fade_gone: int) -> float:
    """1 shown, 0 gone: the fading roll fades blocks by age (fully shown for
    ``fade_after`` frames, gone at ``fade_gone``), the invisible roll hides them once the
    lock flash is over."""
    if p.roll == ROLL_INVISIBLE:
        return 1.0 if p.frame - locked_frame < FLASH_FRAMES else 0.0
    if p.roll == ROLL_FADING:
        age = p.frame - locked_frame
        if age <= fade_after:
            return 1.0
        return max(0.0, 1 - (age - fade_after) / (fade_gone - fade_after))
    return 1.0


def well_box(left: int) -> tuple[int, int, int, int]:
    """The well with its frame."""
    return (left - 2, WELL_Y - 2, WIDTH * CELL + 4, WELL_H + 4)


def well_ops(left: int) -> list[Op]:
    """The frame and the empty well."""
    return [frame_op(UI["frame"], well_box(left), 2),
            fill_op(UI["well"], (left, WELL_Y, WIDTH * CELL, WELL_H))]


def draw_well(surface: Any, left: int) -> None:
    """The frame and the empty well."""
    draw_ops(surface, well_ops(left))


def stack_shown(p: ArikaPlayer) -> tuple[object, ...]:
    """What ``draw_stack`` shows of the stack beyond the cartridge's colours: the cells,
    the flashing ones, and (in a fading or invisible roll, where blocks fade with their
    age) the frame."""
    flash = p.flash_cells if p.frame - p.flash_frame < FLASH_FRAMES else ()
    roll = p.frame if p.roll in (ROLL_FADING, ROLL_INVISIBLE) else None
    return (tuple(map(tuple, p.board.cells[:VISIBLE_ROWS])), flash, roll)


def draw_stack(surface: Any, p: ArikaPlayer, left: int,
               visibility: Callable[[ArikaPlayer, int], float],
               colours: Callable[[ArikaPlayer], Callable[[int, int], RGB | None]]) -> None:
    """The locked blocks: ``visibility(p, locked_frame)`` (0 hides a block; asked only in
    a fading or invisible roll, outside one every block shows) and ``colours(p)``, which
    gives the colour of (column, cell value) for this frame (None hides the block), are
    the cartridge's."""
    colour = colours(p)
    rolling = p.roll in (ROLL_FADING, ROLL_INVISIBLE)
    flashing = p.flash_cells if p.frame - p.flash_frame < FLASH_FRAMES else ()
    # One blit of kept block sprites: a fill per block cost more (a Sakura stage drawn
    # whole, 78 blocks: 78 us as fills, 53 us so) and every line clear draws the stack.
    sprites = _block_sprites(surface)
    blocks: list[tuple[Any, tuple[int, int]]] = []
    for row in range(1, VISIBLE_ROWS + 1):
        cells = p.board.cells[row - 1]
        locked = p.board.locked[row - 1]
        y = WELL_Y + (VISIBLE_ROWS - row) * CELL
        for col in range(WIDTH):
            value = cells[col]
            if not value:
                continue
            seen = visibility(p, locked[col]) if rolling else 1.0
            if seen <= 0:
                continue
            rgb = colour(col, value)
            if rgb is None:
                continue
            if flashing and (row, col) in flashing:
                rgb = UI["clear_flash"]
            shown = shade(rgb, 0.8 * seen)
            sprite = sprites.get(shown)
            if sprite is None:
                sprite = sprites[shown] = pygame.Surface((CELL - 1, CELL - 1), 0, surface)
                sprite.fill(shown)
            blocks.append((sprite, (left + col * CELL, y)))
    surface.fblits(blocks)


# Block sprites by the picture's pixel format, then by colour. A fading roll shades blocks
# by age, so the colours are many: a format's sprites are dropped past MOST_SPRITES.
_sprites: dict[tuple[int, ...], dict[RGB, Any]] = {}
MOST_SPRITES = 512


def _block_sprites(surface: Any) -> dict[RGB, Any]:
    form = (surface.get_bitsize(), *surface.get_masks())
    found = _sprites.get(form)
    if found is None or len(found) > MOST_SPRITES:
        found = _sprites[form] = {}
    return found


def piece_ops(p: ArikaPlayer, left: int) -> list[Op]:
    """The ghost (when shown), then the piece in play."""
    if p.kind == NO_PIECE or p.phase != ACTIVE:
        return []
    ops: list[Op] = []
    if p.ghost_shown:
        gy = p.ghost_y()
        n = p.shapes.sizes[p.kind]
        ghost = shade(cell_rgb(p.kind + 1), 0.35)
        for r, c in p.shapes.cells[p.kind][p.state]:
            cell_op(ops, left, gy + n - 1 - r, p.x + c, ghost)
    rgb = cell_rgb(p.kind + 1)
    for row, col in p.piece_cells():
        cell_op(ops, left, row, col, rgb)
    return ops


def draw_piece(surface: Any, p: ArikaPlayer, left: int) -> None:
    """The ghost (when shown), then the piece in play."""
    draw_ops(surface, piece_ops(p, left))


def preview_ops(kind: int, x: int, y: int, cell: int, shapes: ShapeSet = ARS) -> list[Op]:
    """A piece in its spawn orientation with its top-left at (x, y) (NEXT, HOLD): a 3-wide
    piece one row up, so that every piece sits on the same line."""
    return list(_preview(kind, x, y, cell, shapes))


# Kept: every frame of a TGM3 side asks for its four previews again (11 % of its drawing,
# profiled). A ShapeSet hashes as itself.
@functools.lru_cache(maxsize=512)
def _preview(kind: int, x: int, y: int, cell: int, shapes: ShapeSet) -> tuple[Op, ...]:
    n = shapes.sizes[kind]
    rgb = cell_rgb(kind + 1)
    return tuple(fill_op(rgb, (x + c * cell, y + (r - (1 if n == 3 else 0)) * cell, cell - 1,
                               cell - 1))
                 for r, c in shapes.cells[kind][0])


def cell_op(ops: list[Op], left: int, row: int, col: int, rgb: RGB) -> None:
    """One block of the well (row 1 at the bottom), if it is inside the well."""
    if 1 <= row <= VISIBLE_ROWS and 0 <= col < WIDTH:
        ops.append(fill_op(rgb, (left + col * CELL, WELL_Y + (VISIBLE_ROWS - row) * CELL,
                                 CELL - 1, CELL - 1)))


def draw_cell(surface: Any, left: int, row: int, col: int, rgb: RGB) -> None:
    """One block of the well (row 1 at the bottom), if it is inside the well."""
    if 1 <= row <= VISIBLE_ROWS and 0 <= col < WIDTH:
        surface.fill(rgb, (left + col * CELL, WELL_Y + (VISIBLE_ROWS - row) * CELL,
                           CELL - 1, CELL - 1))  # a filled box: draw.rect's pixels, faster
