"""One player's side of the game screen, drawn from the player's state alone.

Reads (never changes) the engine's Player: ``field.cells``, ``piece_cells()``, ``kind``,
``next_kind``, ``score``, ``level``, ``lines``, ``phase``, ``clearing``, ``phase_left``,
``rotation``. What a game shows beyond that (a meter of lamps, lettered cells, a sprite
standing in the well) comes in a small ``FieldExtras`` view the cartridge builds, so this
module knows no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import pygame

from cabinet.video.font import CELL as CHAR
from cabinet.video.font import CELL_MARKS
from cabinet.video.kept import KeptPicture, kept_text
from cabinet.video.palette import (
    RGB,
    UI,
    cell_rgb,
    shade,
)
from cabinet.video.result_band import band_fills, result_colour
from cabinet.video.text import draw_centred, draw_right, draw_text
from engine.field import COLOUR_MASK, POWER_SHIFT
from engine.field import FIELD_HEIGHT as ROWS
from engine.field import FIELD_WIDTH as COLUMNS
from games.sega.decisions import ENGINE_DECISIONS

CELL = 8  # pixels per field cell
WELL_W = COLUMNS * CELL  # 80
WELL_H = ROWS * CELL  # 160
LAMPS = 5
LAMP_H = 12  # lamp size and gap (layout)
LAMP_GAP = 4

CLEAR_FLASH_FRAMES: int = ENGINE_DECISIONS["clear_flash_frames"].value


class FieldExtras(NamedTuple):  # a tuple: built for every player on every frame
    """What a field shows beyond the common rules (all optional).

    meter_lamps: lit lamps 0..5 of a meter beside the well; None draws no meter.
    sprite: (picture, row, column) standing in the well on its bottom-left cell, 0-based,
        row 0 at the bottom; rows above the field are clipped.
    piece_mark: (row, column, mark) of the active piece's marked cell.
    next_mark: (cell index in reading order of the spawn orientation, mark) for the next piece.
    mark_letters: the letter each mark (cell value bits 4-7) shows on its cell.
    lit: (bit, picture) for settled cells carrying ``bit``: they show ``picture`` (None: as
        their colour without the bit), except in rows being cleared.
    band: lines of (text, colour) on a black band across the well, over everything.
    result: a versus match's end (WIN, LOSE, DRAW) on a framed band, in place of GAME OVER.
    """

    meter_lamps: int | None = None
    sprite: tuple[pygame.Surface, int, int] | None = None
    piece_mark: tuple[int, int, int] | None = None
    next_mark: tuple[int, int] | None = None
    mark_letters: Mapping[int, str] | None = None
    lit: tuple[int, pygame.Surface | None] | None = None
    band: tuple[tuple[str, RGB], ...] | None = None
    result: str | None = None


NO_EXTRAS = FieldExtras()


@dataclass(frozen=True, slots=True)
class SideLayout:
    """Pixel positions of one player's side. ``well`` is the top-left of the 10x20 well."""

    well: tuple[int, int]
    lamps_x: int
    next_centre: tuple[int, int]  # centre x, top y of the next piece box
    score: tuple[int, int]  # right edge x, y of the score value
    level: tuple[int, int, str]  # x, y, alignment ("left" or "right") of the level value
    lines: tuple[int, int, str]
    labels: bool  # draw SCORE / LEVEL / LINES labels beside the values (1P layout)


# The screen layout (28 text rows of 8 px; the credit line is the last row).
LAYOUT_1P = SideLayout(
    well=(120, 40), lamps_x=206, next_centre=(160, 16),
    score=(104, 64), level=(104, 104, "right"), lines=(104, 144, "right"), labels=True,
)
LAYOUT_2P = (
    SideLayout(
        well=(32, 40), lamps_x=116, next_centre=(72, 16),
        score=(112, 0), level=(136, 72, "left"), lines=(136, 112, "left"), labels=False,
    ),
    SideLayout(
        well=(208, 40), lamps_x=196, next_centre=(248, 16),
        score=(288, 0), level=(184, 72, "right"), lines=(184, 112, "right"), labels=False,
    ),
)


class CellSprites:
    """8x8 cell sprites for every cell value (and mark letter), rendered on first use."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, str], pygame.Surface] = {}

    def get(self, value: int, letters: Mapping[int, str] | None = None) -> pygame.Surface:
        mark = value >> POWER_SHIFT
        letter = "" if not mark else (letters or {}).get(mark, "?")
        key = (value, letter)
        found = self._cells.get(key)
        if found is None:
            found = self._cells[key] = _render_cell(value, letter)
        return found

    def flash(self) -> pygame.Surface:
        return self.get(-1)


def _render_cell(value: int, letter: str = "") -> pygame.Surface:
    cell = pygame.Surface((CELL, CELL))
    if value == -1:  # a clearing row's flash
        cell.fill(UI["clear_flash"])
        return cell
    rgb = cell_rgb(value & COLOUR_MASK)
    if value >> POWER_SHIFT:
        # The look of a marked cell (our art): pale, framed in the piece's colour, with a
        # small dark letter naming its mark.
        cell.fill(rgb)
        cell.fill(_mix(rgb, (255, 255, 255), 0.75), (1, 1, CELL - 2, CELL - 2))
        ink = shade(rgb, 0.2)
        glyph_rows = CELL_MARKS.get(letter, CELL_MARKS["?"])
        for y, line in enumerate(glyph_rows):
            for x, ch in enumerate(line):
                if ch == "#":
                    cell.set_at((1 + x, 1 + y), ink)
        return cell
    _bevel(cell, rgb, _mix(rgb, (255, 255, 255), 0.5), shade(rgb, 0.5))
    return cell


def _bevel(cell: pygame.Surface, face: RGB, light: RGB, dark: RGB) -> None:
    cell.fill(face)
    cell.fill(light, (0, 0, CELL, 1))
    cell.fill(light, (0, 0, 1, CELL))
    cell.fill(dark, (0, CELL - 1, CELL, 1))
    cell.fill(dark, (CELL - 1, 0, 1, CELL))


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return (r, g, bl)


def cell_origin(well: tuple[int, int], row: int, column: int) -> tuple[int, int]:
    """Top-left pixel of field cell (row, column); row 0 is the bottom row."""
    return (well[0] + column * CELL, well[1] + (ROWS - 1 - row) * CELL)


class FieldView:
    """Draws players' sides; keeps only its sprite caches between frames."""

    def __init__(self) -> None:
        self.cells = CellSprites()
        # Each well's frame and stack as last drawn: well -> (field, key, surface, draws).
        self._stacks: dict[tuple[int, int], tuple[Any, Any, pygame.Surface, int]] = {}
        self._stack_draws = 0
        # Top-left pixel of each (row, column) relative to the well, for one list build.
        self._offsets = [
            [(c * CELL, (ROWS - 1 - r) * CELL) for c in range(COLUMNS)] for r in range(ROWS)
        ]

    def forget(self) -> None:
        """Drop the kept wells (the next draw of each is a full redraw)."""
        self._stacks.clear()

    # ---- the well ------------------------------------------------------------------
    def draw_frame(self, surface: pygame.Surface, well: tuple[int, int]) -> None:
        x, y = well
        pygame.draw.rect(surface, UI["frame"], (x - 2, y - 2, WELL_W + 4, WELL_H + 4), 1)
        pygame.draw.rect(surface, UI["frame_light"], (x - 1, y - 1, WELL_W + 2, WELL_H + 2), 1)
        surface.fill(UI["well"], (x, y, WELL_W, WELL_H))

    def draw_well(
        self, surface: pygame.Surface, player: Any, well: tuple[int, int],
        extras: FieldExtras = NO_EXTRAS, kept: KeptPicture | None = None,
    ) -> None:
        """The frame, the stack, the active piece, flashing rows, sprite, GAME OVER.
        The frame and stack are drawn once per change of the field (its ``version``) and
        kept; each frame blits them and draws the piece on top. With ``kept``, a frame where
        only the piece moved redraws (and damages) just the box around its old and new
        cells."""
        wx, wy = well
        stack, drawn = self._stack(player, well, extras.mark_letters, extras.lit)
        piece = self._piece_blits(player, well, extras)
        over = player.phase == "over"
        overlay = (extras.sprite, over, extras.band, extras.result)
        if kept is not None:
            # With a sprite or message on top, any change redraws the whole well.
            plain = overlay == (None, False, None, None)
            whole_key = (drawn, overlay, None if plain else piece)
            if not kept.changed((well, "well"), whole_key):
                if not kept.changed((well, "piece"), piece):
                    return
                box = _cells_box(piece)
                before = kept.box((well, "piece"), box)
                area = before.union(box) if before.w and box.w else before if before.w else box
                surface.blit(stack, area.topleft, area.move(2 - wx, 2 - wy))
                surface.fblits(piece)
                kept.add(area)
                return
            kept.changed((well, "piece"), piece)
            kept.box((well, "piece"), _cells_box(piece))
            kept.add(pygame.Rect(wx - 2, wy - 2, WELL_W + 4, WELL_H + 4))
        surface.blit(stack, (wx - 2, wy - 2))
        surface.fblits(piece)
        if extras.sprite is not None:
            self.draw_sprite(surface, well, *extras.sprite)
        if over and extras.result is not None:
            self.draw_result(surface, well, extras.result)
        elif over:
            self.draw_message(surface, well, ("GAME", "OVER"))
        if extras.band is not None:
            self.draw_band(surface, well, extras.band)

    def _stack(self, player: Any, well: tuple[int, int], letters: Mapping[int, str] | None,
               lit: tuple[int, pygame.Surface | None] | None = None
               ) -> tuple[pygame.Surface, int]:
        """The well's kept frame and stack, redrawn if the field changed, and how many times
        it has been drawn."""
        clearing = tuple(sorted(player.clearing)) if player.phase == "clear" else ()
        flash_on = (player.phase_left // CLEAR_FLASH_FRAMES) % 2 == 0
        field = player.field
        key = (getattr(field, "version", None), clearing if flash_on else (), letters, lit,
               clearing if lit is not None else ())
        kept = self._stacks.get(well)
        if kept is None or kept[0] is not field or kept[1] != key or key[0] is None:
            stack = kept[2] if kept is not None else pygame.Surface((WELL_W + 4, WELL_H + 4))
            self._draw_stack(stack, field, set(key[1]), letters, lit, set(clearing))
            drawn = self._stack_draws = self._stack_draws + 1
            # keeps the field: its id stays its own
            self._stacks[well] = (field, key, stack, drawn)
            return stack, drawn
        return kept[2], kept[3]

    def _piece_blits(self, player: Any, well: tuple[int, int], extras: FieldExtras
                     ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        if player.kind < 0:
            return []
        wx, wy = well
        cells = self.cells
        letters = extras.mark_letters
        colour = player.kind + 1
        power = extras.piece_mark
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for r, c in player.piece_cells():
            if 0 <= r < ROWS and 0 <= c < COLUMNS:
                value = colour
                if power is not None and (r, c) == power[:2]:
                    value |= power[2] << POWER_SHIFT
                blits.append((cells.get(value, letters),
                              (wx + c * CELL, wy + (ROWS - 1 - r) * CELL)))
        return blits

    def _draw_stack(self, stack: pygame.Surface, field: Any, flashing: set[int],
                    letters: Mapping[int, str] | None,
                    lit: tuple[int, pygame.Surface | None] | None = None,
                    clearing: set[int] | None = None) -> None:
        """The frame and the settled blocks (rows in ``flashing`` white) on a well-sized
        surface whose (2, 2) is the well's top-left; cells with ``lit``'s bit show its
        picture outside the ``clearing`` rows."""
        self.draw_frame(stack, (2, 2))
        cells = self.cells
        offsets = self._offsets
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for r, row in enumerate(field.cells):
            row_offsets = offsets[r]
            if r in flashing:
                flash = cells.flash()
                blits.extend((flash, (2 + ox, 2 + oy)) for ox, oy in row_offsets)
                continue
            if lit is not None:
                bit, picture = lit
                shown = picture if clearing is None or r not in clearing else None
                blits.extend(
                    (shown if shown is not None and v & bit else cells.get(v & ~bit, letters),
                     (2 + row_offsets[c][0], 2 + row_offsets[c][1]))
                    for c, v in enumerate(row) if v
                )
                continue
            blits.extend(
                (cells.get(v, letters), (2 + row_offsets[c][0], 2 + row_offsets[c][1]))
                for c, v in enumerate(row) if v
            )
        stack.fblits(blits)

    def draw_sprite(
        self, surface: pygame.Surface, well: tuple[int, int], sprite: pygame.Surface, row: int,
        column: int,
    ) -> None:
        x = well[0] + column * CELL
        bottom = well[1] + (ROWS - row) * CELL
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(well[0], well[1], WELL_W, WELL_H))
        surface.blit(sprite, (x, bottom - sprite.get_height()))
        surface.set_clip(clip)

    def draw_message(
        self, surface: pygame.Surface, well: tuple[int, int], lines: Sequence[str],
        colour: RGB | None = None,
    ) -> None:
        """Lines of text centred in the well, on a black band."""
        cx = well[0] + WELL_W // 2
        top = well[1] + WELL_H // 2 - len(lines) * 6
        surface.fill(UI["well"], (well[0], top - 4, WELL_W, len(lines) * 12 + 4))
        for i, line in enumerate(lines):
            draw_centred(surface, line, top + i * 12, colour or UI["alert"], centre_x=cx)

    def draw_band(self, surface: pygame.Surface, well: tuple[int, int],
                  lines: Sequence[tuple[str, RGB]]) -> None:
        """Lines of text, each in its colour, centred in the well on a black band."""
        cx = well[0] + WELL_W // 2
        top = well[1] + WELL_H // 2 - len(lines) * 6
        surface.fill(UI["well"], (well[0], top - 4, WELL_W, len(lines) * 12 + 4))
        for i, (text, colour) in enumerate(lines):
            draw_centred(surface, text, top + i * 12, colour, centre_x=cx)

    def draw_result(self, surface: pygame.Surface, well: tuple[int, int], word: str) -> None:
        """A versus result (WIN, LOSE, DRAW) at x2 on a framed band across the well's
        middle (cabinet.video.result_band)."""
        top = well[1] + WELL_H // 2 - 14
        for rgb, box in band_fills((well[0], top, WELL_W, 28)):
            surface.fill(rgb, box)
        draw_centred(surface, word, top + 6, result_colour(word), scale=2,
                     centre_x=well[0] + WELL_W // 2)

    # ---- next piece, lamps, figures -------------------------------------------------------
    def draw_next(
        self, surface: pygame.Surface, player: Any, centre: tuple[int, int],
        power: tuple[int, int] | None = None, letters: Mapping[int, str] | None = None,
        kept: KeptPicture | None = None,
    ) -> None:
        """The next piece in its spawn orientation, centred on ``centre`` (x, top y)."""
        if kept is not None and not kept.changed(
                (centre, "next"), (player.next_kind, power, letters, player.rotation)):
            return
        blits = self._next_blits(player, centre, power, letters)
        if kept is not None:
            box = _cells_box(blits)
            before = kept.box((centre, "next"), box)
            if not kept.full:
                surface.fill(UI["background"], before)
                surface.fill(UI["background"], box)
                kept.add(before.union(box) if before.w and box.w else before if before.w
                         else box)
        surface.fblits(blits)

    def _next_blits(self, player: Any, centre: tuple[int, int], power: tuple[int, int] | None,
                    letters: Mapping[int, str] | None
                    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        kind = player.next_kind
        if kind is None or kind < 0:
            return []
        cells = sorted(player.rotation.piece_cells(kind, 0))  # reading order
        top = min(r for r, _ in cells)
        left = min(c for _, c in cells)
        width = (max(c for _, c in cells) - left + 1) * CELL
        x0 = centre[0] - width // 2
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for index, (r, c) in enumerate(cells):
            value = kind + 1
            if power is not None and power[0] == index:
                value |= power[1] << POWER_SHIFT
            origin = (x0 + (c - left) * CELL, centre[1] + (r - top) * CELL)
            blits.append((self.cells.get(value, letters), origin))
        return blits

    def draw_lamps(self, surface: pygame.Surface, x: int, bottom: int, lit: int) -> None:
        """The garbage meter: 5 lamps stacked upwards from ``bottom``, ``lit`` of them on.
        Source: OGA "Introduction of Bloxeed"; tetris.wiki "Bloxeed" (5 lamps beside the field; the
        bottom lamp fills first)."""
        for i in range(LAMPS):
            top = bottom - (i + 1) * (LAMP_H + LAMP_GAP) + LAMP_GAP
            on = i < lit
            pygame.draw.rect(surface, UI["frame"], (x - 1, top - 1, CELL + 2, LAMP_H + 2), 1)
            surface.fill(UI["lamp_on"] if on else UI["lamp_off"], (x, top, CELL, LAMP_H))
            if on:
                surface.fill((255, 200, 160), (x + 1, top + 1, 2, 3))

    def draw_side(
        self, surface: pygame.Surface, player: Any, layout: SideLayout,
        extras: FieldExtras = NO_EXTRAS, label: str | None = None,
        kept: KeptPicture | None = None,
    ) -> None:
        """Everything of one player: well, next piece, lamps, score, level, lines. With
        ``kept``, only the parts that changed since the last frame are drawn, and nothing
        when none of what the side shows changed."""
        if kept is not None and not kept.changed((layout.well, "side"),
                                                 _side_key(player, extras, label)):
            return
        self.draw_well(surface, player, layout.well, extras, kept)
        self.draw_next(surface, player, layout.next_centre, extras.next_mark,
                       extras.mark_letters, kept)
        lit = None if extras.meter_lamps is None else max(0, min(LAMPS, extras.meter_lamps))
        bottom = layout.well[1] + WELL_H
        if kept is None or kept.changed((layout.well, "lamps"), lit):
            if kept is not None and not kept.full:
                lamps = pygame.Rect(layout.lamps_x - 1, bottom - LAMPS * (LAMP_H + LAMP_GAP)
                                    + LAMP_GAP - 1, CELL + 2, LAMPS * (LAMP_H + LAMP_GAP)
                                    - LAMP_GAP + 2)
                surface.fill(UI["background"], lamps)
                kept.add(lamps)
            if lit is not None:
                self.draw_lamps(surface, layout.lamps_x, bottom, lit)
        value = UI["value"]
        background = UI["background"]
        sx, sy = layout.score
        if kept is None or kept.full:  # the labels never change
            if layout.labels:
                draw_right(surface, "SCORE", sx, sy - 12, UI["label"])
                draw_right(surface, "LEVEL", sx, layout.level[1] - 12, UI["label"])
                draw_right(surface, "LINES", sx, layout.lines[1] - 12, UI["label"])
            if label is not None:
                draw_text(surface, label, sx - 10 * CHAR, sy, UI["label"])
        well = layout.well
        kept_text(surface, kept, (well, "score"), f"{player.score:6d}", sx, sy, value,
                  background, "right")
        for name, (x, y, align), figure in (("level", layout.level, player.level),
                                            ("lines", layout.lines, player.lines)):
            kept_text(surface, kept, (well, name), str(figure), x, y, value, background, align)


def _side_key(player: Any, extras: FieldExtras, label: str | None) -> tuple[Any, ...]:
    """All that one side shows. It holds the field itself (not its id, which a new game's
    field could reuse); a field without a version counter never matches."""
    field = player.field
    version = getattr(field, "version", None)
    phase = player.phase
    return (field, object() if version is None else version, phase,
            player.phase_left if phase == "clear" else None, player.kind,
            tuple(player.piece_cells()), player.next_kind, player.score, player.level,
            player.lines, extras, label)


def _cells_box(blits: Sequence[tuple[pygame.Surface, tuple[int, int]]]) -> pygame.Rect:
    """The box around 8x8 cells at the blits' positions (an empty Rect for none)."""
    if not blits:
        return pygame.Rect(0, 0, 0, 0)
    xs = [x for _, (x, _) in blits]
    ys = [y for _, (_, y) in blits]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + CELL, max(ys) - min(ys) + CELL)
