"""The Arika play screens with the kept picture (cabinet/video/kept.py): each part of a
side is a short list of drawing steps ("ops": a filled box, a framed box, a line of
text), and that list is the part's key, so a part is redrawn exactly when what it draws
changed. A well keeps its frame and stack on a picture of its own, redrawn when the
stack's key changes; a frame where only the piece moved restores the box around its old
and new cells from that picture and draws the piece again."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from cabinet.video.font import CELL as CHAR
from cabinet.video.kept import KeptPicture
from cabinet.video.palette import UI
from cabinet.video.picture import NATIVE_W
from cabinet.video.screens import CREDIT_Y, draw_credit_line
from cabinet.video.text import draw_text, text_width

RGB = tuple[int, int, int]
Op = tuple[Any, ...]
FILL = "fill"
FRAME = "frame"
TEXT = "text"
NO_BOX = pygame.Rect(0, 0, 0, 0)


def fill_op(rgb: RGB, box: tuple[int, int, int, int]) -> Op:
    return (FILL, rgb, box)


def frame_op(rgb: RGB, box: tuple[int, int, int, int], width: int) -> Op:
    return (FRAME, rgb, box, width)


def text_op(text: str, x: int, y: int, rgb: RGB, scale: int = 1) -> Op:
    return (TEXT, text, x, y, rgb, scale)


def centred_op(text: str, y: int, rgb: RGB, scale: int = 1,
               centre_x: int = NATIVE_W // 2) -> Op:
    """As cabinet.video.text.draw_centred places it."""
    return (TEXT, text, centre_x - text_width(text, scale) // 2, y, rgb, scale)


def draw_ops(surface: Any, ops: Sequence[Op]) -> None:
    for op in ops:
        kind = op[0]
        if kind is FILL:
            pygame.draw.rect(surface, op[1], op[2])
        elif kind is FRAME:
            pygame.draw.rect(surface, op[1], op[2], op[3])
        else:
            draw_text(surface, op[1], op[2], op[3], op[4], op[5])


def ops_box(ops: Sequence[Op]) -> pygame.Rect:
    """The box around everything the ops draw (NO_BOX for none)."""
    boxes = [pygame.Rect(op[2], op[3], text_width(op[1], op[5]), CHAR * op[5])
             if op[0] is TEXT else pygame.Rect(op[2]) for op in ops]
    boxes = [b for b in boxes if b.w and b.h]
    if not boxes:
        return NO_BOX
    return boxes[0].unionall(boxes[1:])


def _both(before: pygame.Rect, box: pygame.Rect) -> pygame.Rect:
    if before.w and box.w:
        return before.union(box)
    return before if before.w else box


def kept_ops(surface: Any, kept: KeptPicture | None, part: Hashable, ops: Sequence[Op],
             area: tuple[int, int, int, int] | None = None) -> None:
    """A part on the plain background: drawn when its ops changed, its old and new boxes
    cleared first. Parts of a screen must not share pixels; ``area`` (when given) is where
    the part may draw, e.g. above a well whose frame a tall preview would reach."""
    if kept is not None and not kept.changed(part, ops):
        return
    clip = surface.get_clip()
    if area is not None:
        surface.set_clip(clip.clip(area))
    if kept is not None:
        box = ops_box(ops)
        before = kept.box(part, box)
        if not kept.full:
            ground = UI["background"]
            if before.w:
                surface.fill(ground, before)
            if box.w:
                surface.fill(ground, box)
            changed = _both(before, box)
            if changed.w:
                kept.add(changed)
    draw_ops(surface, ops)
    if area is not None:
        surface.set_clip(clip)


def side_region(surface: Any, kept: KeptPicture | None, index: int, page: Hashable,
                area: tuple[int, int, int, int]) -> None:
    """Side ``index`` of a two-well screen, drawn inside ``area``, shows ``page``: when the
    page changes only that side is drawn again (its part above the credit line, which
    stays as it is)."""
    if kept is not None:
        above_credits = pygame.Rect(area).clip(pygame.Rect(0, 0, NATIVE_W, CREDIT_Y))
        kept.region(surface, index, page, above_credits, UI["background"])


# A well's kept frame and stack: (screen, well box) -> (stack key, picture).
_stacks: dict[Hashable, tuple[object, pygame.Surface]] = {}


def _stack_picture(surface: Any, part: Hashable, key: object,
                   draw_stack: Callable[[Any], None]) -> pygame.Surface:
    found = _stacks.get(part)
    if found is not None and found[0] == key and found[1].get_size() == surface.get_size():
        return found[1]
    picture = (found[1] if found is not None and found[1].get_size() == surface.get_size()
               else pygame.Surface(surface.get_size(), 0, surface))
    draw_stack(picture)
    _stacks[part] = (key, picture)
    return picture


def kept_well(surface: Any, kept: KeptPicture | None, part: Hashable,
              box: tuple[int, int, int, int], stack_key: object,
              draw_stack: Callable[[Any], None], piece: Sequence[Op],
              overlay: Sequence[Op] = (), clip: bool = False) -> None:
    """A well in ``box`` (its frame included): ``draw_stack`` draws the frame, the empty
    well and the stack on any surface the size of the screen, and shows all that
    ``stack_key`` says (so the stack is drawn again only when the key changes); ``piece``
    draws the ghost and the piece, ``overlay`` what lies on top (READY, results...), inside
    the box (``clip``: cut to the box). ``part`` names the screen and the well (a kept
    stack is looked up by it)."""
    if kept is None:
        draw_stack(surface)
        draw_ops(surface, piece)
        _draw_overlay(surface, overlay, box if clip else None)
        return
    stack = _stack_picture(surface, part, stack_key, draw_stack)
    piece_part = (part, "piece")
    if not kept.changed((part, "well"), (stack_key, overlay, piece if overlay else None)):
        if not kept.changed(piece_part, piece):
            return
        new = ops_box(piece)
        area = _both(kept.box(piece_part, new), new)
        if area.w:
            surface.blit(stack, area.topleft, area)
            kept.add(area)
        draw_ops(surface, piece)
        return
    kept.changed(piece_part, piece)
    kept.box(piece_part, ops_box(piece))
    whole = pygame.Rect(box)
    surface.blit(stack, whole.topleft, whole)
    draw_ops(surface, piece)
    _draw_overlay(surface, overlay, box if clip else None)
    kept.add(whole)


def _draw_overlay(surface: Any, overlay: Sequence[Op], box: tuple[int, int, int, int] | None
                  ) -> None:
    if box is None or not overlay:
        draw_ops(surface, overlay)
        return
    clip = surface.get_clip()
    surface.set_clip(clip.clip(box))
    draw_ops(surface, overlay)
    surface.set_clip(clip)


def kept_credit_line(surface: Any, kept: KeptPicture | None, credits: int,
                     free_play: bool) -> None:
    if kept is None or kept.changed("credit", (credits, free_play)):
        draw_credit_line(surface, credits, free_play)
        if kept is not None:
            kept.add(pygame.Rect(0, CREDIT_Y, NATIVE_W, CHAR))
