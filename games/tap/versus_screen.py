"""TAP's Versus screen at 320x224: two fields, each with NEXT, its level over the target,
its item meter (a bar beside the field, green as it fills) and the item banners; the time
limit and the games won in the middle. Also the challenge question and "NO MORE
CHALLENGER" over the single-player screen (games/tap/screen.py), and the Item mode's meter.
"""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.video.kept import KeptPicture
from cabinet.video.palette import UI, cell_rgb, shade
from cabinet.video.result_band import DRAW as DRAWN
from cabinet.video.result_band import LOSE, WIN, band_fills, result_colour
from cabinet.video.text import draw_centred, painted_over, text_width
from games.arika import screen as arika_screen
from games.arika.board import COLOUR_MASK, ITEM_SHIFT, VISIBLE_ROWS, WIDTH
from games.arika.kept import (
    Op,
    centred_op,
    draw_ops,
    fill_op,
    frame_op,
    kept_credit_line,
    kept_ops,
    kept_well,
    text_op,
)
from games.arika.player import ACTIVE, NO_PIECE, OVER, READY
from games.arika.shapes import CELLS, SIZES
from games.arika.timing import clock_text
from games.cartridge import PlayView
from games.tap import screen as single
from games.tap.rules import items as it
from games.tap.rules.match import DRAW, FINISHED, INTERVAL, Match
from games.tap.rules.modes import TITLES
from games.tap.rules.versus_player import HARD, ITEM_BITS, VersusPlayer
from games.tap.versus import VersusBoard

CELL = 8
# The wells end above the attract demo's caption (cabinet.video.screens.DEMO_CAPTION_Y):
# frame bottom at WELL_Y + WELL_H + 2 = 202.
WELL_Y = 40
NEXT_Y = 2  # NEXT's top row (an O or T fills y 10-25 of it)
LEVEL_Y = 28  # the level over the target, between NEXT and the well's frame (y 38)
WELL_H = VISIBLE_ROWS * CELL
LEFTS = (16, 224)  # the two fields' left edges
METER_H = WELL_H
GREEN = (48, 224, 64)
METER_FULL = (255, 240, 64)
XRAY_STEP = 6  # frames the X-Ray's lit column stays on each column (screen detail)


def draw_play(surface: Any, view: PlayView) -> None:
    session = view.session
    if not isinstance(session, VersusBoard):
        single.draw_board(surface, view, view.kept)
        return
    if session.match is None:
        _draw_board(surface, session, view)
        return
    _draw_match(surface, session.match, view)


def _draw_board(surface: Any, board: VersusBoard, view: PlayView) -> None:
    """The single-player board and what lies over it."""
    kept = view.kept
    over = _overlay_sides(board)
    if not over:
        single.draw_board(surface, view, kept)
        return
    _, two = single.board_layout(board, view.sides)
    if two and kept is not None and not _item_mode(board):
        # The question and NO MORE CHALLENGER on a two-well screen: the sides they lie on
        # are drawn again under them, every frame while they show (and once more after),
        # the other side as it changes.
        single.draw_board(surface, view, kept, repaint=over)
        _board_overlays(surface, board, view.sides)
        return
    # One well, or the Item mode: drawn whole, over a board drawn whole from its kept parts.
    if kept is not None:
        kept.forget()
    single.draw_board(surface, view, kept)
    _board_overlays(surface, board, view.sides)
    if kept is not None:
        kept.drawn_over()


def _overlay_sides(board: VersusBoard) -> set[int]:
    """The sides ``_board_overlays`` draws on (none: it draws nothing)."""
    found: set[int] = set()
    for index in (0, 1):
        other = 1 - index
        if board.prompt[index] is not None or _item_player(board, index):
            found.add(index)
        if board.blocked[index] and board.players[other] is None and board.cursor[
                other] is None and board.prompt[other] is None:
            found.add(other)
    return found


def _item_player(board: VersusBoard, index: int) -> bool:
    p = board.players[index]
    return isinstance(p, VersusPlayer) and p.phase != OVER


def _item_mode(board: VersusBoard) -> bool:
    """An Item mode game shows (its banner may reach past its well)."""
    return _item_player(board, 0) or _item_player(board, 1)


# ---- the single-player board's additions ---------------------------------------------
def _board_overlays(surface: Any, board: VersusBoard, view_sides: int | None) -> None:
    sides = [i for i in (0, 1) if board.playing(i) or board.players[i] is not None]
    two = len(sides) == 2 or view_sides == 2
    top = arika_screen.WELL_Y  # the single-player screen's well
    for index in (0, 1):
        left = single.side_left(index, two)
        centre = left + WIDTH * CELL // 2
        cursor = board.prompt[index]
        if cursor is not None:
            # Over the mode select the board would show: the well, its frame, the question.
            cover = (left - 6, top - 4, WIDTH * CELL + 12, arika_screen.WELL_H + 8)
            pygame.draw.rect(surface, UI["background"], cover)
            painted_over(surface, cover)
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
            oleft = single.side_left(other, True)
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
    kept = view.kept
    whole = kept is not None and any(p.side.banner_left for p in match.players)
    if whole:  # a banner may reach past its well: everything drawn, presented whole
        kept.forget()
    if kept is None or kept.begin(("tap match",)):
        surface.fill(UI["background"])
    words: list[list[Op]] = [[], []]
    if match.phase in (INTERVAL, FINISHED) and match.results:
        result = match.winner if match.phase == FINISHED else match.results[-1]
        for index in (0, 1):
            centre = LEFTS[index] + WIDTH * CELL // 2
            word = DRAWN if result == DRAW else (WIN if result == index else LOSE)
            top = WELL_Y + (44 if match.phase == FINISHED else 58)
            band = (LEFTS[index], top, WIDTH * CELL, WELL_Y + 86 - top)
            words[index] += [fill_op(rgb, box) for rgb, box in band_fills(band)]
            words[index].append(centred_op(word, WELL_Y + 64, result_colour(word), 2, centre))
            if match.phase == FINISHED:
                words[index].append(centred_op("MATCH", WELL_Y + 48, UI["text"], 1, centre))
    for index, p in enumerate(match.players):
        _field(surface, p, LEFTS[index], match, words[index], kept)
    mid = 160
    label, value = UI["label"], UI["value"]
    time_left = clock_text(match.time_left)[:5]
    if kept is None or kept.changed(("match", "middle"), (
            match.rules.id, time_left, match.settings.target, match.wins, len(match.results),
            match.phase == FINISHED, match.items_on, match.garbage_on)):
        middle: list[tuple[str, list[Op]]] = [
            ("vs", [centred_op("VS", 8, UI["alert"], 2, mid)]),
            ("title", [centred_op(TITLES.get(match.rules.id, ""), 28, label, 1, mid)]),
            ("time label", [centred_op("TIME", 52, label, 1, mid)]),
            ("time", [centred_op(time_left, 62, value, 1, mid)]),
            ("target label", [centred_op("TARGET", 84, label, 1, mid)]),
            ("target", [centred_op(str(match.settings.target), 94, value, 1, mid)]),
            ("wins label", [centred_op("WINS", 116, label, 1, mid)]),
            ("wins", [centred_op(f"{match.wins[0]} - {match.wins[1]}", 126, value, 1, mid)]),
            ("game", [centred_op(f"GAME {len(match.results) + (match.phase != FINISHED)}",
                                 148, UI["text"], 1, mid)]),
            ("items", [] if match.items_on else [
                centred_op("NO ITEMS" if match.garbage_on else "CEMENT", 164, UI["highlight"],
                           1, mid)]),
        ]
        for name, ops in middle:
            kept_ops(surface, kept, ("match", name), ops)
    kept_credit_line(surface, kept, view.credits, view.free_play)
    if whole:
        kept.drawn_over()


def _field(surface: Any, p: VersusPlayer, left: int, match: Match, words: list[Op],
           kept: KeptPicture | None) -> None:
    centre = left + WIDTH * CELL // 2
    overlay: list[Op] = []
    if p.phase == READY:
        overlay.append(centred_op("READY", WELL_Y + 72, UI["highlight"], 1, centre))
    overlay.extend(_banner_ops(p, centre, WELL_Y))
    overlay.extend(words)
    box = (left - METAL, WELL_Y - METAL, WIDTH * CELL + 2 * METAL, WELL_H + 2 * METAL)

    def stack(on: Any) -> None:
        on.fill(UI["background"], box)
        metal_frame(on, box)
        _stack(on, p, left, WELL_Y, with_piece=False)

    kept_well(surface, kept, ("tap match", left), box, _stack_key(p), stack,
              _piece_ops(p, left, WELL_Y), overlay)
    # NEXT above the field; the meter beside it, on the middle's side.
    next_ops: list[Op] = []
    if p.next_kind >= 0 and p.phase != OVER:
        n = SIZES[p.next_kind]
        rgb = cell_rgb(p.next_kind + 1)
        next_ops = [fill_op(rgb, (left + 24 + c * CELL,
                                  NEXT_Y + (r - (1 if n == 3 else 0)) * CELL,
                                  CELL - 1, CELL - 1)) for r, c in CELLS[p.next_kind][0]]
    kept_ops(surface, kept, (left, "next"), next_ops, (0, 0, 320, LEVEL_Y))
    meter_x = left + WIDTH * CELL + 6 if left < 160 else left - 10
    kept_ops(surface, kept, (left, "meter"), _meter_ops(p, meter_x, WELL_Y))
    # The level over the target, between NEXT and the field.
    kept_ops(surface, kept, (left, "level"), [text_op(f"{p.level:3d}", left, LEVEL_Y,
                                                               UI["value"])])
    kept_ops(surface, kept, (left, "target"),
             [text_op(f"/{match.settings.target:3d}", left + 28, LEVEL_Y, UI["label"])])


# A versus match's wells have a grey metal frame, where a game of one's own has its plain
# one. Source: tetris.wiki "Tetris The Absolute The Grand Master 2", Versus (the frame
# changes from grey stone to grey metal). The steel shades and rivets are our own art.
METAL = 3  # the frame's width in pixels
STEEL_DARK = (72, 78, 88)
STEEL = (140, 148, 160)
STEEL_LIGHT = (216, 222, 230)
RIVET_STEP = 16  # pixels between the rivets along the frame


def metal_frame(surface: Any, box: tuple[int, int, int, int]) -> None:
    """A grey metal frame ``METAL`` pixels wide just inside ``box``: a dark outer edge, the
    steel and a light inner edge, with a rivet every ``RIVET_STEP`` pixels."""
    x, y, w, h = box
    pygame.draw.rect(surface, STEEL_DARK, box, 1)
    pygame.draw.rect(surface, STEEL, (x + 1, y + 1, w - 2, h - 2), 1)
    pygame.draw.rect(surface, STEEL_LIGHT, (x + 2, y + 2, w - 4, h - 4), 1)
    for rx in range(x + RIVET_STEP // 2, x + w - 2, RIVET_STEP):
        surface.fill(STEEL_LIGHT, (rx, y + 1, 1, 1))
        surface.fill(STEEL_LIGHT, (rx, y + h - 2, 1, 1))
    for ry in range(y + RIVET_STEP // 2, y + h - 2, RIVET_STEP):
        surface.fill(STEEL_LIGHT, (x + 1, ry, 1, 1))
        surface.fill(STEEL_LIGHT, (x + w - 2, ry, 1, 1))


def _stack_key(p: VersusPlayer) -> tuple[object, ...]:
    """All that ``_stack`` (without the piece) shows."""
    side = p.side
    frame = p.frame
    screen_item = side.screen if side.screen_left else 0
    cells = tuple(map(tuple, p.board.cells[:VISIBLE_ROWS]))
    items = any(v >> ITEM_SHIFT & ITEM_BITS for row in cells for v in row)
    flash = p.flash_cells if frame - p.flash_frame < 3 else ()
    return (cells, flash, screen_item, frame if screen_item else None,
            frame // 8 % 2 if items else None)


def _stack(surface: Any, p: VersusPlayer, left: int, top: int, with_piece: bool = True
           ) -> None:
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
    if with_piece:
        draw_ops(surface, _piece_ops(p, left, top))


def _piece_ops(p: VersusPlayer, left: int, top: int) -> list[Op]:
    """The laser's aim, then the piece."""
    ops: list[Op] = []
    side = p.side
    if side.laser_left:
        x = left + side.laser_column * CELL
        colour = UI["alert"] if p.frame // 4 % 2 else UI["clear_flash"]
        ops.append(fill_op(colour, (x + 2, top, CELL - 4, WELL_H)))
    if p.kind != NO_PIECE and p.phase == ACTIVE:
        piece_rgb = cell_rgb(p.kind + 1)
        if p.item & ITEM_BITS:
            piece_rgb = UI["highlight"]
        for row, col in p.piece_cells():
            if 1 <= row <= VISIBLE_ROWS and 0 <= col < WIDTH:
                ops.append(fill_op(piece_rgb, (left + col * CELL,
                                               top + (VISIBLE_ROWS - row) * CELL,
                                               CELL - 1, CELL - 1)))
    return ops


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
    draw_ops(surface, _meter_ops(p, x, y))


def _meter_ops(p: VersusPlayer, x: int, y: int) -> list[Op]:
    side = p.side
    if not side.items_on:
        return []
    ops = [frame_op(UI["frame"], (x, y, 6, METER_H), 1)]
    h = round((METER_H - 2) * side.meter.fill)
    full = side.meter.count >= it.METER_PIECES
    if h:
        ops.append(fill_op(METER_FULL if full else GREEN, (x + 1, y + METER_H - 1 - h, 4, h)))
    return ops


def _banner(surface: Any, p: VersusPlayer, centre: int, top: int) -> None:
    draw_ops(surface, _banner_ops(p, centre, top))


def _banner_ops(p: VersusPlayer, centre: int, top: int) -> list[Op]:
    side = p.side
    if not side.banner_left:
        return []
    name = it.item(side.banner).name
    w = text_width(name) + 8
    y = top + 24
    return [fill_op(UI["alert"], (centre - w // 2, y - 3, w, 14)),
            frame_op(UI["frame_light"], (centre - w // 2, y - 3, w, 14), 1),
            centred_op(name, y, UI["text"], 1, centre)]


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
