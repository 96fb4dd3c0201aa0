"""TAP's play screen at 320x224: the well, NEXT, the level counter ``LEVEL 123 / 200``,
Master's medals (plates in bronze, silver and gold under the level), the clock, the grade,
the staff roll, the mode select, and the section times at the end."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from cabinet.video.kept import KeptPicture
from cabinet.video.palette import UI, cell_rgb
from games.arika.board import COLOUR_MASK, ITEM_SHIFT, WIDTH
from games.arika.kept import (
    RGB,
    Op,
    centred_op,
    fill_op,
    kept_credit_line,
    kept_ops,
    kept_well,
    side_region,
    text_op,
)
from games.arika.player import OVER, READY, ArikaPlayer
from games.arika.screen import (
    CELL,
    TWO_WELL_ROLL,
    WELL_H,
    WELL_Y,
    draw_stack,
    draw_well,
    level_target,
    piece_ops,
    preview_ops,
    roll_visibility,
    stack_shown,
    well_box,
    well_ops,
)
from games.arika.timing import clock_text
from games.cartridge import PlayView
from games.tap.rules.decisions import TAP_DECISIONS
from games.tap.rules.doubles import DOUBLES, DOUBLES_TITLE
from games.tap.rules.medals import BRONZE, GOLD, SILVER, Medals
from games.tap.rules.modes import TITLES
from games.tap.session import TapSession

FADE_AFTER_FRAMES: int = TAP_DECISIONS["fading_roll_frames"].value["shown"]
FADE_GONE_FRAMES: int = TAP_DECISIONS["fading_roll_frames"].value["gone"]


# Our own plate colours for the three tiers, and the plates' layout: two rows of three in
# the board's order (AC ST SK / RE RO CO), each at a fixed place so none moves as others
# are earned.
MEDAL_RGB: dict[int, RGB] = {BRONZE: (205, 127, 50), SILVER: (200, 200, 216),
                             GOLD: (255, 208, 0)}
MEDAL_TEXT: RGB = (0, 0, 0)
PLATE_W, PLATE_H, PLATE_STEP, PLATE_ROW = 20, 10, 22, 12
MEDALS_DY = 74  # below the level counter


def medal_ops(medals: Medals, x: int, y: int) -> list[Op]:
    """The earned medals as plates, the first row's top-left at (x, y)."""
    ops: list[Op] = []
    for slot, tier in enumerate(medals.tiers):
        if not tier:
            continue
        px, py = x + PLATE_STEP * (slot % 3), y + PLATE_ROW * (slot // 3)
        ops.append(fill_op(MEDAL_RGB[tier], (px, py, PLATE_W, PLATE_H)))
        ops.append(text_op(("AC", "ST", "SK", "RE", "RO", "CO")[slot], px + 2, py + 1,
                           MEDAL_TEXT))
    return ops


def cell_visibility(p: ArikaPlayer, locked_frame: int) -> float:
    """1 shown, 0 gone, with TAP's fading-roll decision."""
    return roll_visibility(p, locked_frame, FADE_AFTER_FRAMES, FADE_GONE_FRAMES)


def _stack_colour(_col: int, value: int) -> RGB:
    """A block's colour; an item block shows in the highlight colour."""
    return UI["highlight"] if value >> ITEM_SHIFT else cell_rgb(value & COLOUR_MASK)


def _stack_colours(_p: ArikaPlayer) -> Callable[[int, int], RGB]:
    return _stack_colour


def draw_play(surface: Any, view: PlayView) -> None:
    draw_board(surface, view, view.kept)


def board_layout(session: TapSession, view_sides: int | None) -> tuple[list[int], bool]:
    """The sides shown (those playing or choosing) and whether the screen has two wells."""
    sides = [i for i in (0, 1) if session.playing(i) or session.players[i] is not None]
    return sides, len(sides) == 2 or view_sides == 2


# The two sides' halves of a two-well screen: side 2's from its well's frame on.
SIDE_AREAS = ((0, 0, 166, WELL_Y + WELL_H + 16), (166, 0, 320 - 166, WELL_Y + WELL_H + 16))


def side_left(index: int, two: bool) -> int:
    """The well's left edge: two wells as TI's (each side's figures, 8 characters wide, end
    inside its half of the screen), one well in the middle."""
    return (8 + index * 160) if two else 120


def draw_board(surface: Any, view: PlayView, kept: KeptPicture | None,
               repaint: Collection[int] = ()) -> None:
    """The single-player board; with ``kept``, only what changed is drawn, and on a
    two-well screen the sides in ``repaint`` (under something drawn over them) whole."""
    session = view.session
    assert isinstance(session, TapSession)
    sides, two = board_layout(session, view.sides)
    shown = sides or [0]
    # Two wells: a side whose page changes (mode select to a game, or a half left empty)
    # is redrawn alone; a new object is a page never seen: drawn again.
    pages = {i: (i, session.players[i] is None if i in shown else "empty",
                 object() if i in repaint else None) for i in (0, 1)}
    if kept is None or kept.begin(("tap", two, None if two else pages[shown[0]])):
        surface.fill(UI["background"])
    clip = surface.get_clip()
    for index in (0, 1) if two else shown:
        if two:  # each side keeps to its half (a long line stops at the other well)
            surface.set_clip(clip.clip(SIDE_AREAS[index]))
            side_region(surface, kept, index, pages[index], SIDE_AREAS[index])
        if index in shown:
            _draw_side(surface, session, index, side_left(index, two), kept, two)
        surface.set_clip(clip)
    if kept is not None:
        kept.end_region()
    kept_credit_line(surface, kept, view.credits, view.free_play)


def _draw_side(surface: Any, session: TapSession, index: int, left: int,
               kept: KeptPicture | None, two: bool = False) -> None:
    p = session.players[index]
    info_x = left + WIDTH * CELL + 8
    if p is None:
        cursor = session.cursor[index]
        centre = left + WIDTH * CELL // 2  # "SELECT MODE" is wider than the well: two lines
        ops = [*well_ops(left), centred_op("SELECT", WELL_Y + 6, UI["label"], centre_x=centre),
               centred_op("MODE", WELL_Y + 16, UI["label"], centre_x=centre)]
        for n, mode in enumerate(session.choices(index)):
            colour = UI["highlight"] if n == cursor else UI["text"]
            title = DOUBLES_TITLE if mode == DOUBLES else TITLES[mode]
            ops.append(text_op(title, left + 4, WELL_Y + 32 + 16 * n, colour))
        kept_ops(surface, kept, (left, "select"), ops)
        return
    ref = p.referee
    grade = str(getattr(ref, "grade", ""))
    overlay: list[Op] = []
    if p.phase == READY:
        overlay.append(text_op("READY", left + 20, WELL_Y + 72, UI["highlight"]))
    if p.phase == OVER:
        overlay.extend(_results(p, left, grade))
    kept_well(surface, kept, ("tap", left), well_box(left), stack_shown(p),
              lambda on: _stack(on, p, left), piece_ops(p, left), overlay)
    # NEXT.
    kept_ops(surface, kept, (left, "next"),
             preview_ops(p.next_kind, left + 24, 8, CELL)
             if p.next_kind >= 0 and p.phase != OVER else [], (0, 0, 320, WELL_Y - 2))
    # Figures: the clock changes every frame; the rest only when what they show does.
    y = WELL_Y
    value = UI["value"]
    kept_ops(surface, kept, (left, "time"), [text_op(clock_text(p.clock), info_x, y + 136,
                                                     value)])
    score = getattr(ref, "score", 0)
    rolling = p.in_roll and p.phase != OVER
    medals = getattr(ref, "medals", None)
    earned = tuple(medals.tiers) if isinstance(medals, Medals) else ()
    if kept is not None and not kept.changed((left, "figures"), (
            p.rules.id, grade, p.level, p.goal, score, rolling, p.roll_left, earned)):
        return
    label = UI["label"]
    figures: list[tuple[str, list[Op]]] = [
        ("title", [text_op(TITLES.get(p.rules.id, ""), info_x, y, label)]),
        ("grade", [text_op("GRADE", info_x, y + 16, label),
                   text_op(grade, info_x, y + 26, value, 2)] if grade else []),
        ("level label", [text_op("LEVEL", info_x, y + 52, label)]),
        ("level", [text_op(f"{p.level:3d}/{level_target(p):3d}", info_x, y + 62, value)]),
        ("medals", medal_ops(medals, info_x, y + MEDALS_DY) if isinstance(medals, Medals) else []),
        ("score label", [text_op("SCORE", info_x, y + 102, label)]),
        ("score", [text_op(str(score), info_x, y + 112, value)]),
        ("time label", [text_op("TIME", info_x, y + 126, label)]),
        ("roll label", [text_op(TWO_WELL_ROLL if two else "STAFF ROLL", info_x, y + 152,
                                label)] if rolling else []),
        ("roll", [text_op(clock_text(p.roll_left), info_x, y + 162, value)]
         if rolling else []),
    ]
    for name, ops in figures:
        kept_ops(surface, kept, (left, name), ops)


def _stack(surface: Any, p: ArikaPlayer, left: int) -> None:
    draw_well(surface, left)
    draw_stack(surface, p, left, cell_visibility, _stack_colours)


def _results(p: ArikaPlayer, left: int, grade: str) -> list[Op]:
    ops = [fill_op(UI["well"], (left, WELL_Y, WIDTH * CELL, WELL_H)),
           text_op("GAME OVER" if p.topped_out else "EXCELLENT", left + 4, WELL_Y + 4,
                   UI["alert"] if p.topped_out else UI["highlight"])]
    if grade:
        ops.append(text_op(f"GRADE {grade}", left + 4, WELL_Y + 16, UI["value"]))
    for n, frames in enumerate(p.section_frames[:10]):
        ops.append(text_op(f"{n * 100:03d} {clock_text(frames)[:5]}", left + 4,
                           WELL_Y + 32 + 11 * n, UI["text"]))
    return ops
