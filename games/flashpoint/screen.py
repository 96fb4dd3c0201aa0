"""Flash Point's play screen: the Sega wells (cabinet/video) with the flashing cells really
flashing, the stage number, the bonus counting down, the cells left, and the stage select
and next-stage choice drawn in the well. It draws with the kept picture: the flashing
cells are part of each well's kept stack (redrawn when they blink), the choice is the
well's band, and the figures are kept texts."""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.video.kept import KeptPicture, kept_text
from cabinet.video.palette import RGB, UI
from cabinet.video.text import draw_text
from games.cartridge import PlayView
from games.flashpoint.rules.decisions import FLASHPOINT_DECISIONS
from games.flashpoint.rules.session import CHOICE, SELECT, FlashPointGame, Side
from games.flashpoint.rules.stages import FLASH_BIT
from games.sega import screen as sega_screen
from games.sega.field_view import CELL, LAYOUT_1P, LAYOUT_2P, WELL_H, FieldExtras

FLASH_FRAMES: int = FLASHPOINT_DECISIONS["flash_frames"].value
FLASH_RGB = (255, 248, 176)
FLASH_EDGE = (255, 160, 32)

_flash_cell: Any = None


def _lit_cell() -> Any:
    global _flash_cell
    if _flash_cell is None:
        cell = pygame.Surface((CELL, CELL))
        cell.fill(FLASH_EDGE)
        cell.fill(FLASH_RGB, (1, 1, CELL - 2, CELL - 2))
        _flash_cell = cell
    return _flash_cell


def flash_lit(frame: int) -> bool:
    return (frame // FLASH_FRAMES) % 2 == 0


def _choice_lines(side: Side) -> tuple[tuple[str, RGB], ...] | None:
    choice = side.choice
    if choice is None or side.mode not in (SELECT, CHOICE):
        return None
    label, value, highlight = UI["label"], UI["value"], UI["highlight"]
    if side.mode == SELECT:
        return (("SELECT", label), ("STAGE", label), (f"{choice.stage:3d}", highlight),
                ("", value), (f"TIME {choice.seconds_left:2d}", value))
    lines = [(f"STAGE {side.stage}", value), ("CLEAR!", highlight), ("NEXT", label)]
    for i, stage in enumerate(choice.offers):
        mark = ">" if i == choice.cursor else " "
        lines.append((f"{mark}{stage:3d} ", highlight if i == choice.cursor else value))
    lines.append((f"TIME {choice.seconds_left:2d}", value))
    return tuple(lines)


def _extras(side: Side | None, frame: int) -> FieldExtras | None:
    if side is None:
        return None
    return FieldExtras(lit=(FLASH_BIT, _lit_cell() if flash_lit(frame) else None),
                       band=_choice_lines(side))


def _figures_1p(surface: Any, side: Side, kept: KeptPicture | None) -> None:
    extras = side.extras
    for y, name, figure in ((100, "STAGE", side.stage), (128, "BONUS", extras.bonus),
                            (156, "FLASH", extras.flashing_left)):
        if kept is None or kept.full:
            draw_text(surface, name, 224, y, UI["label"])
        kept_text(surface, kept, ("fp", name), f"{figure:6d}", 272, y + 12, UI["value"],
                  UI["background"], "right")


def draw_play(surface: Any, view: PlayView) -> None:
    game = view.session
    assert isinstance(game, FlashPointGame)
    sides = game.sides
    players = [None if s is None else s.player for s in sides]
    count = view.sides
    if count is None and not view.demo:
        count = 2 if sides[1] is not None else None
    kept = view.kept
    sega_screen.game(surface, players, [_extras(s, view.frame) for s in sides], view.credits,
                     view.free_play, view.frame, sides=count, top_score=view.top_score,
                     kept=kept)
    two = count == 2 or (count is None and all(s is not None for s in sides))
    for index, side in enumerate(sides):
        if side is None:
            continue
        if two:
            well = LAYOUT_2P[index].well
        elif index == 0 or sides[0] is None:
            well = LAYOUT_1P.well
        else:
            continue
        if two:
            text = f"ST{side.stage:3d}{side.extras.bonus:5d}"
            kept_text(surface, kept, ("fp", well), text, well[0], well[1] + WELL_H + 4,
                      UI["value"], UI["background"])
        else:
            _figures_1p(surface, side, kept)
