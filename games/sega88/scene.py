"""Tetris (1988)'s attract scene, our own design: when a game over runs through to attract
mode without a Start press, one randomizer call on the main seed picks a piece and a column,
and the piece falls into an empty well turning counter-clockwise until it lands.

Source for the call: tetris.wiki "Sega Randomizer" (the original board's attract scene draws
one random number, so the next game starts one call later). The picture is ours: the
original's scene is Sega's art. Frames and the pick: SEGA88_DECISIONS in rules.py.
"""

from __future__ import annotations

from typing import Any

from games.cartridge import AttractScene
from games.sega.rotation import SEGA_ROTATION
from games.sega88.rules import SEGA88_DECISIONS, SEGA88_INDEX_MASK, sega88_attract_draw

SCENE_FRAMES: int = SEGA88_DECISIONS["attract_scene_frames"].value
WELL_ROWS = 18  # the scene's well, in cells (our layout)
WELL_COLUMNS = 10
TURN_EVERY = 20  # frames between counter-clockwise turns while it falls (our choice)


def begin(kept: dict[str, int]) -> int:
    """Make the scene's one call on the kept main seed; returns the value drawn."""
    kept["main"], value = sega88_attract_draw(kept.get("main", 0))
    return value


def pick(value: int) -> tuple[int, int]:
    """(piece kind, left column 0..6 of its box) the drawn value shows."""
    return (value & SEGA88_INDEX_MASK) % 7, (value >> 8) % 7


def piece_at(value: int, frame: int) -> tuple[int, int, list[tuple[int, int]]]:
    """(kind, state, cells as (row from the top, column)) at ``frame`` of the scene: one row
    every ``SCENE_FRAMES // WELL_ROWS`` frames until the piece rests on the floor."""
    kind, column = pick(value)
    states = SEGA_ROTATION.states(kind)
    step = max(SCENE_FRAMES // (WELL_ROWS + 2), 1)
    turns = min(frame, SCENE_FRAMES) // TURN_EVERY
    state = (states - turns % states) % states if states > 1 else 0
    box = SEGA_ROTATION.piece_cells(kind, state)
    bottom = max(r for r, _ in box)
    top = min(frame // step, WELL_ROWS - 1 - bottom)
    return kind, state, [(top + r, column + c) for r, c in box]


def draw(surface: Any, value: int, frame: int, credits: int, free_play: bool) -> None:
    from cabinet.video import screens
    from cabinet.video.palette import UI
    from cabinet.video.picture import NATIVE_W
    from cabinet.video.text import draw_centred
    from engine.pieces import PIECE_RGB
    from games.sega.field_view import CELL

    surface.fill(UI["background"])
    left = (NATIVE_W - WELL_COLUMNS * CELL) // 2
    top = 3 * CELL
    width, height = WELL_COLUMNS * CELL, WELL_ROWS * CELL
    surface.fill(UI["frame"], (left - 2, top - 2, width + 4, height + 4))
    surface.fill(UI["well"], (left, top, width, height))
    draw_centred(surface, "TETRIS", CELL, UI["label"])
    kind, _state, cells = piece_at(value, frame)
    colour = PIECE_RGB[kind]
    for r, c in cells:
        if 0 <= r < WELL_ROWS and 0 <= c < WELL_COLUMNS:
            surface.fill(colour, (left + c * CELL, top + r * CELL, CELL - 1, CELL - 1))
    if screens.blink_on(frame):
        draw_centred(surface, screens.start_prompt(credits, free_play),
                     top + height + CELL, UI["text"])
    screens.draw_credit_line(surface, credits, free_play)


SCENE = AttractScene(frames=SCENE_FRAMES, begin=begin, draw=draw)
