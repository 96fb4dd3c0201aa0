"""TAP's Versus screen at 320x224: two fields, each with NEXT, its level over the target,
its item meter (a bar beside the field, green as it fills) and the item banners; the time
limit and the games won in the middle. Also the challenge question and "NO MORE
CHALLENGER" over the single-player screen (games/tap/screen.py), and the Item mode's meter.
"""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.video.palette import UI, cell_rgb, shade
from cabinet.video.screens import draw_credit_line
from cabinet.video.text import draw_centred, draw_text, text_width
from engine.arika.board import COLOUR_MASK, ITEM_SHIFT, VISIBLE_ROWS, WIDTH
from engine.arika.player import ACTIVE, NO_PIECE, OVER, READY
from engine.arika.shapes import CELLS, SIZES
from engine.arika.timing import clock_text
from games import arika_screen
from games.cartridge import PlayView
from games.tap import screen as single
from games.tap.rules import items as it
from games.tap.rules.match import DRAW, FINISHED, INTERVAL, Match
from games.tap.rules.modes import TITLES
from games.tap.rules.versus_player import HARD, ITEM_BITS, VersusPlayer
from games.tap.versus import VersusBoard

CELL = 8
WELL_Y = 48
WELL_H = VISIBLE_ROWS * CELL
LEFTS = (16, 224)  # the two fields' left edges
METER_H = WELL_H
GREEN = (48, 224, 64)
METER_FULL = (255, 240, 64)
XRAY_STEP = 6  # frames the X-Ray's lit column stays on each column (screen detail)


def draw_play(surface: Any, view: PlayView) -> None:
    session = view.session
    if not isinstance(session, VersusBoard) or session.match is None:
        single.draw_play(surface, view)
        if isinstance(session, VersusBoard):
            _board_overlays(surface, session, view.sides)
        return
    _draw_match(surface, session.match, view)


# ---- the single-player board's additions ---------------------------------------------
def _board_overlays(surface: Any, board: VersusBoard, view_sides: int | None) -> None:
    sides = [i for i in (0, 1) if board.playing(i) or board.players[i] is not None]
    two = len(sides) == 2 or view_sides == 2
    top = arika_screen.WELL_Y  # the single-player screen's well
    for index in (0, 1):
        left = (16 + index * 168) if two else 120
        centre = left + WIDTH * CELL // 2
        cursor = board.prompt[index]
        if cursor is not None:
            # Over the mode select the board would show: the well, its frame, the question.
            pygame.draw.rect(surface, UI["background"], (left - 6, top - 4, WIDTH * CELL + 12,
                                                         arika_screen.WELL_H + 8))
            arika_screen.draw_well(surface, left)
            for n, line in enumerate(("HERE COMES", "A NEW", "CHALLENGER")):
                draw_centred(surface, line, top + 28 + 12 * n, UI["alert"],
                             centre_x=centre)
            draw_centred(surface, "CHALLENGE?", top + 80, UI["label"],
                         centre_x=centre)
            for n, word in enumerate(("YES", "NO")):
                colour = UI["highlight"] if n == cursor else UI["text"]
                draw_centred(surface, word, top + 96 + 12 * n, colour,
                             centre_x=centre)
        other = 1 - index
        if board.blocked[index] and board.players[other] is None and board.cursor[
                other] is None and board.prompt[other] is None:
            oleft = 16 + other * 168
            ocentre = oleft + WIDTH * CELL // 2
            draw_centred(surface, "NO MORE", top + 60, UI["alert"],
                         centre_x=ocentre)
            draw_centred(surface, "CHALLENGER", top + 72, UI["alert"],
                         centre_x=ocentre)
        p = board.players[index]
        if isinstance(p, VersusPlayer) and p.phase != OVER:  # the Item mode
            if p.phase != READY and not p.in_roll:
                _stack(surface, p, left, top)
            _meter(surface, p, left - 10, top)
            _banner(surface, p, centre, top)


# ---- the match --------------------------------------------------------------------------
def _draw_match(surface: Any, match: Match, view: PlayView) -> None:
    surface.fill(UI["background"])
    for index, p in enumerate(match.players):
        _field(surface, p, LEFTS[index], match)
    mid = 160
    draw_centred(surface, "VS", 8, UI["alert"], 2, centre_x=mid)
    draw_centred(surface, TITLES.get(match.rules.id, ""), 28, UI["label"], centre_x=mid)
    draw_centred(surface, "TIME", 52, UI["label"], centre_x=mid)
    draw_centred(surface, clock_text(match.time_left)[:5], 62, UI["value"], centre_x=mid)
    draw_centred(surface, "TARGET", 84, UI["label"], centre_x=mid)
    draw_centred(surface, str(match.settings.target), 94, UI["value"], centre_x=mid)
    draw_centred(surface, "WINS", 116, UI["label"], centre_x=mid)
    draw_centred(surface, f"{match.wins[0]} - {match.wins[1]}", 126, UI["value"],
                 centre_x=mid)
    draw_centred(surface, f"GAME {len(match.results) + (match.phase != FINISHED)}", 148,
                 UI["text"], centre_x=mid)
    if not match.items_on:
        draw_centred(surface, "NO ITEMS" if match.garbage_on else "CEMENT", 164,
                     UI["highlight"], centre_x=mid)
    if match.phase in (INTERVAL, FINISHED) and match.results:
        result = match.winner if match.phase == FINISHED else match.results[-1]
        for index in (0, 1):
            centre = LEFTS[index] + WIDTH * CELL // 2
            word = "DRAW" if result == DRAW else ("WIN" if result == index else "LOSE")
            colour = UI["highlight"] if word == "WIN" else UI["alert"]
            draw_centred(surface, word, WELL_Y + 64, colour, 2, centre_x=centre)
            if match.phase == FINISHED:
                draw_centred(surface, "MATCH", WELL_Y + 48, UI["text"], centre_x=centre)
    draw_credit_line(surface, view.credits, view.free_play)


def _field(surface: Any, p: VersusPlayer, left: int, match: Match) -> None:
    pygame.draw.rect(surface, UI["frame"], (left - 2, WELL_Y - 2, WIDTH * CELL + 4,
                                            WELL_H + 4), 2)
    _stack(surface, p, left, WELL_Y)
    # NEXT above the field; the meter beside it, on the middle's side.
    if p.next_kind >= 0 and p.phase != OVER:
        n = SIZES[p.next_kind]
        for r, c in CELLS[p.next_kind][0]:
            x = left + 24 + c * CELL
            y = 4 + (r - (1 if n == 3 else 0)) * CELL
            pygame.draw.rect(surface, cell_rgb(p.next_kind + 1), (x, y, CELL - 1, CELL - 1))
    meter_x = left + WIDTH * CELL + 6 if left < 160 else left - 10
    _meter(surface, p, meter_x, WELL_Y)
    # The level over the target, between NEXT and the field.
    draw_text(surface, f"{p.level:3d}", left, 34, UI["value"])
    draw_text(surface, f"/{match.settings.target:3d}", left + 28, 34, UI["label"])
    centre = left + WIDTH * CELL // 2
    if p.phase == READY:
        draw_centred(surface, "READY", WELL_Y + 72, UI["highlight"], centre_x=centre)
    _banner(surface, p, centre, WELL_Y)


def _stack(surface: Any, p: VersusPlayer, left: int, top: int) -> None:
    """The well with the stack as the items show it, the laser's aim and the piece."""
    pygame.draw.rect(surface, UI["well"], (left, top, WIDTH * CELL, WELL_H))
    side = p.side
    frame = p.frame
    screen_item = side.screen if side.screen_left else 0
    for row in range(1, VISIBLE_ROWS + 1):
        cells = p.board.cells[row - 1]
        for col in range(WIDTH):
            value = cells[col]
            if not value or not _seen(screen_item, row, col, frame):
                continue
            rgb = cell_rgb(value & COLOUR_MASK)
            if screen_item == it.COLOR_BLOCK:
                rgb = cell_rgb(1 + (row + col + frame // 4) % 7)
            code = value >> ITEM_SHIFT
            if code & ITEM_BITS:
                rgb = UI["highlight"] if frame // 8 % 2 else UI["value"]
            if (row, col) in p.flash_cells and frame - p.flash_frame < 3:
                rgb = UI["clear_flash"]
            _cell(surface, left, top, row, col, shade(rgb, 0.8))
            if code & HARD:
                _cell_edge(surface, left, top, row, col, UI["frame_light"])
    if side.laser_left:
        x = left + side.laser_column * CELL
        colour = UI["alert"] if frame // 4 % 2 else UI["clear_flash"]
        pygame.draw.rect(surface, colour, (x + 2, top, CELL - 4, WELL_H))
    if p.kind != NO_PIECE and p.phase == ACTIVE:
        piece_rgb = cell_rgb(p.kind + 1)
        if p.item & ITEM_BITS:
            piece_rgb = UI["highlight"]
        for row, col in p.piece_cells():
            _cell(surface, left, top, row, col, piece_rgb)


def _seen(screen_item: int, row: int, col: int, frame: int) -> bool:
    """Whether a stack block shows under a screen item: Dark hides all, X-Ray shows one
    sweeping column, Color hides a shifting half."""
    if not screen_item:
        return True
    if screen_item == it.DARK_BLOCK:
        return False
    if screen_item == it.X_RAY:
        return col == frame // XRAY_STEP % WIDTH
    return (row + col + frame // 8) % 2 == 0


def _meter(surface: Any, p: VersusPlayer, x: int, y: int) -> None:
    side = p.side
    if not side.items_on:
        return
    pygame.draw.rect(surface, UI["frame"], (x, y, 6, METER_H), 1)
    h = round((METER_H - 2) * side.meter.fill)
    full = side.meter.count >= it.METER_PIECES
    if h:
        pygame.draw.rect(surface, METER_FULL if full else GREEN,
                         (x + 1, y + METER_H - 1 - h, 4, h))


def _banner(surface: Any, p: VersusPlayer, centre: int, top: int) -> None:
    side = p.side
    if not side.banner_left:
        return
    name = it.item(side.banner).name
    w = text_width(name) + 8
    y = top + 24
    pygame.draw.rect(surface, UI["alert"], (centre - w // 2, y - 3, w, 14))
    pygame.draw.rect(surface, UI["frame_light"], (centre - w // 2, y - 3, w, 14), 1)
    draw_centred(surface, name, y, UI["text"], centre_x=centre)


def _cell(surface: Any, left: int, top: int, row: int, col: int,
          rgb: tuple[int, int, int]) -> None:
    if 1 <= row <= VISIBLE_ROWS and 0 <= col < WIDTH:
        pygame.draw.rect(surface, rgb, (left + col * CELL, top + (VISIBLE_ROWS - row) * CELL,
                                        CELL - 1, CELL - 1))


def _cell_edge(surface: Any, left: int, top: int, row: int, col: int,
               rgb: tuple[int, int, int]) -> None:
    if 1 <= row <= VISIBLE_ROWS:
        pygame.draw.rect(surface, rgb, (left + col * CELL, top + (VISIBLE_ROWS - row) * CELL,
                                        CELL - 1, CELL - 1), 1)
