"""The Sega family's play screen: one centred well (1P) or two (2P), NEXT, the figures
and the TOP score, drawn with the field view (field_view.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from cabinet.video.font import CELL as CHAR
from cabinet.video.kept import KeptPicture, kept_text
from cabinet.video.palette import UI
from cabinet.video.picture import NATIVE_W
from cabinet.video.screens import CREDIT_Y, blink_on, draw_credit_line, start_prompt
from cabinet.video.text import draw_centred, draw_text, text_width
from games.sega.field_view import (
    LAYOUT_1P,
    LAYOUT_2P,
    NO_EXTRAS,
    WELL_H,
    WELL_W,
    FieldExtras,
    FieldView,
)

_view: FieldView | None = None


def field_view() -> FieldView:
    global _view
    if _view is None:
        _view = FieldView()
    return _view


# ---- the game -------------------------------------------------------------------------
def game(
    surface: pygame.Surface,
    players: Sequence[Any | None],
    extras: Sequence[FieldExtras | None] = (),
    credits: int = 0,
    free_play: bool = False,
    frame: int = 0,
    sides: int | None = None,
    top_score: int | None = None,
    kept: KeptPicture | None = None,
) -> None:
    """The play screen. ``players`` is (P1, P2) with None for a side not playing (the
    engine's ``Game.players``). ``sides`` 1 centres one field, 2 shows both; by default 2
    when both play. An idle side of a 2-field screen shows the start prompt. With ``kept``
    (the picture of the last frame), only what changed is drawn."""
    view = field_view()
    padded = [*players, None, None][:2]
    extra = [*(e or NO_EXTRAS for e in extras), NO_EXTRAS, NO_EXTRAS][:2]
    if sides is None:
        sides = 2 if all(p is not None for p in padded) else 1
    index = 0 if padded[0] is not None or padded[1] is None else 1
    full = kept is None or kept.begin(("game", sides, index, padded[0] is None,
                                       padded[1] is None, top_score is None))
    if full:
        surface.fill(UI["background"])
    if sides == 1:
        player = padded[index]
        if player is None:
            if full:
                view.draw_frame(surface, LAYOUT_1P.well)
                view.draw_message(surface, LAYOUT_1P.well, ("PUSH", "START"))
        else:
            view.draw_side(surface, player, LAYOUT_1P, extra[index], kept=kept)
        if full:
            draw_text(surface, f"{index + 1}P", 224, 40, UI["label"])
            draw_text(surface, "NEXT", 96, 20, UI["label"])
            if top_score is not None:
                draw_text(surface, "TOP", 224, 64, UI["label"])
        if top_score is not None:
            kept_text(surface, kept, "top", f"{top_score:6d}", 272, 76, UI["value"],
                      UI["background"], "right")
    else:
        if full:
            draw_centred(surface, "NEXT", 20, UI["label"])
            draw_centred(surface, "LEVEL", 60, UI["label"])
            draw_centred(surface, "LINES", 100, UI["label"])
        for index, layout in enumerate(LAYOUT_2P):
            player = padded[index]
            if player is None:
                _idle_side(surface, view, layout.well, index, credits, free_play, frame, kept)
            else:
                view.draw_side(surface, player, layout, extra[index], f"{index + 1}P", kept)
        if top_score is not None:
            if full:
                draw_centred(surface, "TOP", 148, UI["label"])
            text = f"{top_score:6d}"
            kept_text(surface, kept, "top", text, NATIVE_W // 2 - text_width(text) // 2, 160,
                      UI["value"], UI["background"])
    if kept is None or kept.changed("credit", (credits, free_play)):
        draw_credit_line(surface, credits, free_play)
        if kept is not None:
            kept.add(pygame.Rect(0, CREDIT_Y, NATIVE_W, CHAR))


def _idle_side(surface: pygame.Surface, view: FieldView, well: tuple[int, int], index: int,
               credits: int, free_play: bool, frame: int, kept: KeptPicture | None) -> None:
    """A 2-field screen's side nobody plays: its label and a blinking start prompt."""
    prompt = start_prompt(credits, free_play).split(" ") if blink_on(frame) else None
    if kept is not None and not kept.changed((well, "idle"), prompt):
        return
    view.draw_frame(surface, well)
    if kept is None or kept.full:
        draw_text(surface, f"{index + 1}P", well[0], 0, UI["label"])
    if prompt is not None:
        view.draw_message(surface, well, prompt, UI["text"])
    if kept is not None:
        kept.add(pygame.Rect(well[0] - 2, well[1] - 2, WELL_W + 4, WELL_H + 4))


