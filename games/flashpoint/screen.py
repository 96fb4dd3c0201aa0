"""Flash Point's play screen: the Sega wells (cabinet/video) with the flashing cells really
flashing, the stage number, the bonus counting down, the cells left, and the stage select
and next-stage choice drawn in the well."""

from __future__ import annotations

from typing import Any

import pygame

from cabinet.video.palette import UI
from cabinet.video.text import draw_centred, draw_right, draw_text
from games.cartridge import PlayView
from games.flashpoint.rules.decisions import FLASHPOINT_DECISIONS
from games.flashpoint.rules.session import CHOICE, SELECT, FlashPointGame, Side
from games.flashpoint.rules.stages import FLASH_BIT
from games.sega import screen as sega_screen
from games.sega.field_view import CELL, LAYOUT_1P, LAYOUT_2P, WELL_H, WELL_W, cell_origin

FLASH_FRAMES: int = FLASHPOINT_DECISIONS["flash_frames"].value
FLASH_RGB = (255, 248, 176)
FLASH_EDGE = (255, 160, 32)


class _FieldView:
    __slots__ = ("cells",)

    def __init__(self, cells: list[list[int]]) -> None:
        self.cells = cells


class _PlayerView:
    """A player as the common well drawing reads it, with the flash flag taken off the
    cells (the cartridge draws the flashing itself)."""

    def __init__(self, player: Any) -> None:
        self._player = player
        self.field = _FieldView([[v & ~FLASH_BIT for v in row] for row in player.field.cells])

    def __getattr__(self, name: str) -> Any:
        return getattr(self._player, name)


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


def _draw_flashing(surface: Any, side: Side, well: tuple[int, int], frame: int) -> None:
    if not flash_lit(frame):
        return
    player = side.player
    clearing = set(player.clearing) if player.phase == "clear" else set()
    lit = _lit_cell()
    for r, row in enumerate(player.field.cells):
        if r in clearing:
            continue
        for c, value in enumerate(row):
            if value & FLASH_BIT:
                surface.blit(lit, cell_origin(well, r, c))


def _band(surface: Any, well: tuple[int, int], lines: list[tuple[str, Any]]) -> None:
    cx = well[0] + WELL_W // 2
    top = well[1] + WELL_H // 2 - len(lines) * 6
    surface.fill(UI["well"], (well[0], top - 4, WELL_W, len(lines) * 12 + 4))
    for i, (text, colour) in enumerate(lines):
        draw_centred(surface, text, top + i * 12, colour, centre_x=cx)


def _draw_choice(surface: Any, side: Side, well: tuple[int, int], frame: int) -> None:
    choice = side.choice
    if choice is None:
        return
    label, value, highlight = UI["label"], UI["value"], UI["highlight"]
    if side.mode == SELECT:
        lines = [("SELECT", label), ("STAGE", label), (f"{choice.stage:3d}", highlight),
                 ("", value), (f"TIME {choice.seconds_left:2d}", value)]
    else:
        lines = [(f"STAGE {side.stage}", value), ("CLEAR!", highlight), ("NEXT", label)]
        for i, stage in enumerate(choice.offers):
            mark = ">" if i == choice.cursor else " "
            lines.append((f"{mark}{stage:3d} ", highlight if i == choice.cursor else value))
        lines.append((f"TIME {choice.seconds_left:2d}", value))
    _band(surface, well, lines)


def _figures_1p(surface: Any, side: Side) -> None:
    extras = side.extras
    for y, name, figure in ((100, "STAGE", side.stage), (128, "BONUS", extras.bonus),
                            (156, "FLASH", extras.flashing_left)):
        draw_text(surface, name, 224, y, UI["label"])
        draw_right(surface, f"{figure:6d}", 272, y + 12, UI["value"])


def draw_play(surface: Any, view: PlayView) -> None:
    game = view.session
    assert isinstance(game, FlashPointGame)
    sides = game.sides
    players = [None if s is None else _PlayerView(s.player) for s in sides]
    count = view.sides
    if count is None and not view.demo:
        count = 2 if sides[1] is not None else None
    sega_screen.game(surface, players, (), view.credits, view.free_play, view.frame,
                 sides=count, top_score=view.top_score)
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
        _draw_flashing(surface, side, well, view.frame)
        if side.mode in (SELECT, CHOICE):
            _draw_choice(surface, side, well, view.frame)
        if two:
            text = f"ST{side.stage:3d}{side.extras.bonus:5d}"
            draw_text(surface, text, well[0], well[1] + WELL_H + 4, UI["value"])
        else:
            _figures_1p(surface, side)
